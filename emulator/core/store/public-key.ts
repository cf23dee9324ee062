import { createPublicKey, type KeyObject } from 'node:crypto';
import sshpk from 'sshpk';

/** A public key parsed once and kept, so signature checks do not parse it per request. */
export interface ParsedPublicKey {
  /** Colon-hex MD5 fingerprint. */
  readonly fingerprint: string;
  /** sshpk key type: `rsa`, `ecdsa`, `ed25519`, `dsa`. */
  readonly type: string;
  /** The comment of the OpenSSH line, if any (the default key name). */
  readonly comment: string | undefined;
  /** Node's key object, for `crypto.verify`. */
  readonly keyObject: KeyObject;
}

const cache = new Map<string, ParsedPublicKey>();

/**
 * Parses an OpenSSH public key line, with a cache keyed by the text.
 * @returns `undefined` when the text is not a public key sshpk understands
 */
export function parsePublicKey(text: string): ParsedPublicKey | undefined {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let parsed: ParsedPublicKey;
  try {
    const key = sshpk.parseKey(text, 'ssh');
    const comment = key.comment && key.comment !== '(unnamed)' ? key.comment : undefined;
    parsed = {
      fingerprint: key.fingerprint('md5').toString('hex'),
      type: key.type,
      comment,
      keyObject: createPublicKey(key.toString('pkcs8')),
    };
  } catch {
    return undefined;
  }
  if (cache.size > 10_000) cache.clear();
  cache.set(text, parsed);
  return parsed;
}
