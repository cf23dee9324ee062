/**
 * Signing with a Node `KeyObject`, read directly (plain-private-key.ts) or converted once from a
 * key sshpk parsed: sshpk's `createSign` converts the key to PEM and re-parses it on every call,
 * which made signing the largest CPU cost of an apply.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type sshpk from 'sshpk';
import type { SignatureAlgorithm } from '../signer.js';

/** Signs data with one key, returning the Base64 signature HTTP Signature verifiers expect. */
export type SignFunction = (data: string) => string;

/**
 * Returns a function signing with `keyObject`.
 * @param algorithm the HTTP Signature algorithm the key signs with (from `algorithmFor`)
 */
export function keyObjectSigner(keyObject: KeyObject, algorithm: SignatureAlgorithm): SignFunction {
  if (algorithm === 'ed25519-sha512') {
    // Ed25519 hashes internally: Node signs it with a null digest.
    return (data) => sign(null, Buffer.from(data, 'utf8'), keyObject).toString('base64');
  }
  const digest = algorithm.slice(algorithm.indexOf('-') + 1);
  // DER is what HTTP Signature verifiers expect for ECDSA (Node's default); RSA is raw PKCS#1 v1.5.
  return (data) => sign(digest, Buffer.from(data, 'utf8'), keyObject).toString('base64');
}

/** Converts a key sshpk parsed to a `KeyObject`. */
export function toKeyObject(key: sshpk.PrivateKey): KeyObject {
  if (key.type !== 'ed25519') return createPrivateKey(key.toString('pkcs8'));
  // sshpk writes Ed25519 PKCS#8 in a form OpenSSL does not read; the JWK form takes the raw parts.
  const parts = key.part as unknown as Record<'k' | 'A', { data: Buffer }>;
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: parts.k.data.subarray(0, 32).toString('base64url'),
      x: parts.A.data.toString('base64url'),
    },
  });
}
