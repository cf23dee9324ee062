import { describe, expect, it } from 'vitest';
import sshpk from 'sshpk';
import { generateTestKey } from '../../scripts/support/keys.js';
import { md5Fingerprint, parseFingerprint } from './fingerprint.js';

describe('parseFingerprint', () => {
  const key = generateTestKey('ecdsa-p256');
  const other = generateTestKey('ecdsa-p256');
  const pub = sshpk.parseKey(key.publicOpenSsh, 'ssh');

  it('matches a key by every common fingerprint form', () => {
    for (const form of [
      key.md5,
      key.md5.toUpperCase(),
      key.md5.replace(/:/g, ''),
      `MD5:${key.md5}`,
      key.sha256,
      `/acme/users/bob/keys/${key.md5}`,
    ]) {
      expect(parseFingerprint(form).matches(pub)).toBe(true);
    }
    expect(parseFingerprint(other.md5).matches(pub)).toBe(false);
    // Base64 fingerprints may contain "/", which must not be mistaken for a key-id path.
    expect(parseFingerprint('SHA256:ab/cd+efghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ').matches(pub)).toBe(false);
    expect(md5Fingerprint(pub)).toBe(key.md5);
  });

  it('names the field and the value when the text is no fingerprint', () => {
    expect(() => parseFingerprint('laptop', 'MANTA_KEY_ID')).toThrow(
      /^MANTA_KEY_ID: "laptop" is not a key fingerprint/,
    );
  });
});
