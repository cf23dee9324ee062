/**
 * Key fingerprints in every common form: `aa:bb:…` (MD5), `MD5:aa:bb:…`, 32 bare hex digits,
 * `SHA256:…`, or a whole key id (`/acme/keys/aa:bb:…`), whose last segment is used.
 *
 * These forms are read here, by sshpk's rules, and matched by hashing the key's wire-format blob:
 * sshpk is loaded only for the rare bare Base64 or hex of another length (which sshpk reads as an
 * SPKI hash) and for keys given as sshpk objects.
 */
import { createHash } from 'node:crypto';
import type Sshpk from 'sshpk';
import { md5Fingerprint as md5OfBlob } from '../../common/ssh-wire.js';
import { sshpk } from '../../common/sshpk.js';
import { TritonConfigError } from '../errors.js';

/** A public key to test: its RFC 4253 blob, or an sshpk key. */
export type FingerprintedKey = Buffer | Sshpk.Key | Sshpk.PrivateKey;

/** A parsed fingerprint that can test keys. */
export interface KeyFingerprint {
  /** The text as given. */
  readonly text: string;
  /** True when `publicKey` (its wire-format blob, or an sshpk key) has this fingerprint. */
  matches(publicKey: FingerprintedKey): boolean;
}

const HASHES = new Set(['md5', 'sha1', 'sha256', 'sha384', 'sha512']);
const BASE64 = /^[A-Za-z0-9+/=]+$/;

/**
 * Parses a fingerprint given by a user (option, environment or profile).
 * @param field the setting it came from, named in the error
 * @throws TritonConfigError `CONFIG_INVALID` when it is no fingerprint form we know
 */
export function parseFingerprint(input: string, field = 'keyId'): KeyFingerprint {
  const trimmed = input.trim();
  // Only a whole key id is cut down: a SHA256 fingerprint's Base64 may itself contain "/".
  const keyIdForm = /^\/[^/]+(?:\/[^/]+){0,2}\/keys\/([^/]+)$/.exec(trimmed);
  let text = keyIdForm ? (keyIdForm[1] as string) : trimmed;
  if (/^[0-9a-f]{32}$/i.test(text)) text = text.match(/../g)!.join(':');
  const hashed = readHashed(text);
  if (hashed !== undefined) {
    const { algorithm, hash } = hashed;
    return { text: input, matches: (key) => createHash(algorithm).update(blobOf(key)).digest().equals(hash) };
  }
  // Bare hex or Base64 of another length: sshpk's reading (a hash of the SPKI form).
  let parsed: Sshpk.Fingerprint;
  try {
    parsed = sshpk().parseFingerprint(text);
  } catch {
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `${field}: "${input}" is not a key fingerprint (expected an MD5 fingerprint such as "aa:bb:…:ff", "MD5:aa:bb:…" or a "SHA256:…" fingerprint)`,
    );
  }
  return { text: input, matches: (key) => parsed.matches(toSshpkKey(key)) };
}

/** The colon-hex MD5 fingerprint of a key (its blob, or an sshpk key), the form key ids use. */
export function md5Fingerprint(key: FingerprintedKey): string {
  return md5OfBlob(blobOf(key));
}

/**
 * The hash an `<algorithm>:<base64>` or colon-hex fingerprint holds, read as sshpk reads it;
 * `undefined` when `text` is neither (sshpk then decides).
 */
function readHashed(text: string): { algorithm: string; hash: Buffer } | undefined {
  let parts = text.split(':');
  if (parts.length === 2) {
    const algorithm = parts[0]!.toLowerCase();
    if (!BASE64.test(parts[1]!) || !HASHES.has(algorithm)) return undefined;
    return { algorithm, hash: Buffer.from(parts[1]!, 'base64') };
  }
  if (parts.length < 3) return undefined;
  if (parts[0]!.toLowerCase() === 'md5') parts = parts.slice(1);
  const hex = parts.map((p) => p.padStart(2, '0')).join('');
  if (!parts.every((p) => p.length <= 2) || !/^[a-fA-F0-9]+$/.test(hex)) return undefined;
  return { algorithm: 'md5', hash: Buffer.from(hex, 'hex') };
}

function blobOf(key: FingerprintedKey): Buffer {
  if (Buffer.isBuffer(key)) return key;
  return ('toPublic' in key ? key.toPublic() : key).toBuffer('rfc4253');
}

function toSshpkKey(key: FingerprintedKey): Sshpk.Key {
  if (!Buffer.isBuffer(key)) return 'toPublic' in key ? key.toPublic() : key;
  return sshpk().parseKey(key, 'rfc4253');
}
