/**
 * Key fingerprints in every common form: `aa:bb:…` (MD5), `MD5:aa:bb:…`, 32 bare hex digits,
 * `SHA256:…`, or a whole key id (`/acme/keys/aa:bb:…`), whose last segment is used.
 */
import sshpk from 'sshpk';
import { TritonConfigError } from '../errors.js';

/** A parsed fingerprint that can test keys. */
export interface KeyFingerprint {
  /** The text as given. */
  readonly text: string;
  /** True when `publicKey` (OpenSSH, PEM or an sshpk key) has this fingerprint. */
  matches(publicKey: sshpk.Key | sshpk.PrivateKey): boolean;
}

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
  let parsed: sshpk.Fingerprint;
  try {
    parsed = sshpk.parseFingerprint(text);
  } catch {
    throw new TritonConfigError(
      'CONFIG_INVALID',
      `${field}: "${input}" is not a key fingerprint (expected an MD5 fingerprint such as "aa:bb:…:ff", "MD5:aa:bb:…" or a "SHA256:…" fingerprint)`,
    );
  }
  return {
    text: input,
    matches: (key) => parsed.matches('toPublic' in key ? key.toPublic() : key),
  };
}

/** The colon-hex MD5 fingerprint of a key, the form key ids use. */
export function md5Fingerprint(key: sshpk.Key | sshpk.PrivateKey): string {
  return key.fingerprint('md5').toString();
}
