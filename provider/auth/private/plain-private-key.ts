/**
 * The common private keys read without sshpk: unencrypted OpenSSH keys (`openssh-key-v1`, cipher
 * "none") and unencrypted PEM keys (PKCS#1, PKCS#8, SEC1), of type RSA, ECDSA (P-256/384/521) or
 * Ed25519, turned straight into a Node `KeyObject`. Loading and running sshpk for these cost
 * ~10 ms of every command's start-up. Anything else (encrypted, PuTTY, DSA, damaged or merely
 * unusual) answers `undefined` and goes to sshpk as before, so every refusal and its message stay
 * sshpk's; the readers are strict so that they never accept what sshpk refuses.
 */
import { createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import {
  CURVE_BYTES,
  isPositiveMpint,
  keyTypeOf,
  mpintDigits,
  positiveMpint,
  readPublicKeyBlob,
  sshString,
  WireReader,
  type SshCurve,
  type SshPublicKey,
} from '../../../common/ssh-wire.js';

/** A private key read without sshpk. */
export interface PlainPrivateKey {
  /** Its public half, as the wire format has it (type, curve, blob). */
  readonly publicKey: SshPublicKey;
  readonly keyObject: KeyObject;
  /** The comment an OpenSSH key file carries; empty for PEM, which has none. */
  readonly comment: string;
}

const OPENSSH =
  /^-----BEGIN OPENSSH PRIVATE KEY-----\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n-----END OPENSSH PRIVATE KEY-----\s*$/;
const PEM = /^-----BEGIN (RSA |EC |)PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+?\r?\n-----END \1PRIVATE KEY-----\s*$/;
const MAGIC = Buffer.from('openssh-key-v1\0', 'latin1');
const JWK_CURVES: Record<SshCurve, string> = { nistp256: 'P-256', nistp384: 'P-384', nistp521: 'P-521' };
const NODE_CURVES: Readonly<Record<string, SshCurve>> = {
  prime256v1: 'nistp256',
  secp384r1: 'nistp384',
  secp521r1: 'nistp521',
};

/**
 * Reads an unencrypted OpenSSH or PEM private key of a type we sign with; `undefined` for anything
 * else, which the caller hands to sshpk.
 */
export function readPlainPrivateKey(material: string | Buffer): PlainPrivateKey | undefined {
  const text = typeof material === 'string' ? material : material.toString('latin1');
  try {
    const openssh = OPENSSH.exec(text);
    if (openssh) return readOpenSsh(openssh[1]!.replace(/\r?\n/g, ''));
    const pem = PEM.exec(text);
    if (pem) return readPem(text, pem[1]!);
  } catch {
    // A key Node's crypto refuses (a point off its curve, …) is left to sshpk and its messages.
  }
  return undefined;
}

/** The public-key blob of a private `KeyObject` of a type we sign with; `undefined` for others. */
export function publicKeyOf(keyObject: KeyObject): SshPublicKey | undefined {
  const jwk = keyObject.export({ format: 'jwk' });
  const bytes = (field: string | undefined): Buffer => Buffer.from(field ?? '', 'base64url');
  let blob: Buffer;
  if (keyObject.asymmetricKeyType === 'rsa') {
    blob = Buffer.concat([
      sshString('ssh-rsa'),
      sshString(positiveMpint(bytes(jwk.e))),
      sshString(positiveMpint(bytes(jwk.n))),
    ]);
  } else if (keyObject.asymmetricKeyType === 'ed25519') {
    blob = Buffer.concat([sshString('ssh-ed25519'), sshString(bytes(jwk.x))]);
  } else if (keyObject.asymmetricKeyType === 'ec') {
    const curve = NODE_CURVES[keyObject.asymmetricKeyDetails?.namedCurve ?? ''];
    if (curve === undefined) return undefined;
    const point = Buffer.concat([Buffer.from([4]), bytes(jwk.x), bytes(jwk.y)]);
    blob = Buffer.concat([sshString(`ecdsa-sha2-${curve}`), sshString(curve), sshString(point)]);
  } else {
    return undefined;
  }
  return readPublicKeyBlob(blob);
}

function readPem(text: string, label: string): PlainPrivateKey | undefined {
  const keyObject = createPrivateKey({ key: text, format: 'pem' });
  // OpenSSL reads some damaged encodings that sshpk refuses (a wrong version number, …): only the
  // very encoding OpenSSL writes for this key's numbers is taken here.
  const type: 'pkcs1' | 'sec1' | 'pkcs8' = label === 'RSA ' ? 'pkcs1' : label === 'EC ' ? 'sec1' : 'pkcs8';
  const body = /-----\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n-----END/.exec(text)![1]!.replace(/\r?\n/g, '');
  const canonical = createPrivateKey({ format: 'jwk', key: keyObject.export({ format: 'jwk' }) });
  if (!canonical.export({ type, format: 'der' }).equals(Buffer.from(body, 'base64'))) return undefined;
  const publicKey = publicKeyOf(keyObject);
  return publicKey === undefined ? undefined : { publicKey, keyObject, comment: '' };
}

function readOpenSsh(base64: string): PlainPrivateKey | undefined {
  const data = Buffer.from(base64, 'base64');
  if (data.toString('base64') !== base64 || !data.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const outer = new WireReader(data.subarray(MAGIC.length), 'key');
  const [cipher, kdf, kdfOptions] = [outer.string(), outer.string(), outer.string()];
  if (cipher.toString('latin1') !== 'none' || kdf.toString('latin1') !== 'none' || kdfOptions.length !== 0)
    return undefined;
  if (outer.uint32() !== 1) return undefined;
  const listedPublic = outer.string();
  const inner = new WireReader(outer.string(), 'key');
  if (outer.rest().length !== 0 || inner.uint32() !== inner.uint32()) return undefined;
  const wireType = inner.string().toString('latin1');
  const kind = keyTypeOf(wireType);
  let fields: Buffer[];
  let keyObject: KeyObject;
  if (kind?.type === 'rsa') {
    fields = [0, 1, 2, 3, 4, 5].map(() => inner.string());
    if (!fields.every(isPositiveMpint)) return undefined;
    const [n, e, d, iqmp, p, q] = fields as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
    keyObject = rsaKeyObject(n, e, d, iqmp, p, q);
    fields = [e, n];
  } else if (kind?.type === 'ecdsa') {
    const [curve, point, d] = [inner.string(), inner.string(), inner.string()];
    if (curve.toString('latin1') !== kind.curve || !isPositiveMpint(d)) return undefined;
    const size = CURVE_BYTES[kind.curve];
    const scalar = mpintDigits(d);
    if (point.length !== 1 + 2 * size || scalar.length > size) return undefined;
    const jwk: JsonWebKey = {
      kty: 'EC',
      crv: JWK_CURVES[kind.curve],
      x: point.subarray(1, 1 + size).toString('base64url'),
      y: point.subarray(1 + size).toString('base64url'),
      d: Buffer.concat([Buffer.alloc(size - scalar.length), scalar]).toString('base64url'),
    };
    keyObject = createPrivateKey({ format: 'jwk', key: jwk });
    fields = [curve, point];
  } else if (kind?.type === 'ed25519') {
    const [a, k] = [inner.string(), inner.string()];
    // OpenSSH keeps the 32-byte seed followed by the public key.
    if (a.length !== 32 || k.length !== 64 || !k.subarray(32).equals(a)) return undefined;
    const jwk: JsonWebKey = {
      kty: 'OKP',
      crv: 'Ed25519',
      d: k.subarray(0, 32).toString('base64url'),
      x: a.toString('base64url'),
    };
    keyObject = createPrivateKey({ format: 'jwk', key: jwk });
    fields = [a];
  } else {
    return undefined;
  }
  const comment = inner.string();
  const padding = inner.rest();
  if (!padding.every((byte, i) => byte === i + 1)) return undefined;
  const publicKey = readPublicKeyBlob(Buffer.concat([sshString(wireType), ...fields.map((f) => sshString(f))]));
  // A file whose listed public key is not the private key's own is unusual: sshpk decides.
  if (publicKey === undefined || !publicKey.blob.equals(listedPublic)) return undefined;
  return { publicKey, keyObject, comment: comment.toString('utf8') };
}

function rsaKeyObject(n: Buffer, e: Buffer, d: Buffer, iqmp: Buffer, p: Buffer, q: Buffer): KeyObject {
  const big = (b: Buffer): bigint => BigInt(`0x${b.toString('hex') || '0'}`);
  const bytes = (v: bigint): Buffer => {
    const hex = v.toString(16);
    return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
  };
  const url = (b: Buffer): string => mpintDigits(b).toString('base64url');
  // OpenSSH stores no CRT exponents; JWK wants them (d mod p-1, d mod q-1).
  const jwk: JsonWebKey = {
    kty: 'RSA',
    n: url(n),
    e: url(e),
    d: url(d),
    p: url(p),
    q: url(q),
    dp: bytes(big(d) % (big(p) - 1n)).toString('base64url'),
    dq: bytes(big(d) % (big(q) - 1n)).toString('base64url'),
    qi: url(iqmp),
  };
  return createPrivateKey({ format: 'jwk', key: jwk });
}
