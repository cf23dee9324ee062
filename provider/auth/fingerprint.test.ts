import fc from 'fast-check';
import sshpk from 'sshpk';
import { describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { md5Fingerprint, parseFingerprint } from './fingerprint.js';

describe('parseFingerprint', () => {
  const key = generateTestKey('ecdsa-p256');
  const other = generateTestKey('ecdsa-p256');
  const pub = sshpk.parseKey(key.publicOpenSsh, 'ssh');
  const blob = pub.toBuffer('rfc4253');

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
      expect(parseFingerprint(form).matches(blob)).toBe(true);
    }
    expect(parseFingerprint(other.md5).matches(pub)).toBe(false);
    // Base64 fingerprints may contain "/", which must not be mistaken for a key-id path.
    expect(parseFingerprint('SHA256:ab/cd+efghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ').matches(pub)).toBe(false);
    expect(md5Fingerprint(pub)).toBe(key.md5);
    expect(md5Fingerprint(blob)).toBe(key.md5);
  });

  it('names the field and the value when the text is no fingerprint', () => {
    expect(() => parseFingerprint('laptop', 'MANTA_KEY_ID')).toThrow(
      /^MANTA_KEY_ID: "laptop" is not a key fingerprint/,
    );
  });

  /** What sshpk answers for a fingerprint text (as parseFingerprint prepares it): refused, or whether it matches. */
  function sshpkAnswer(input: string): 'refused' | boolean {
    const trimmed = input.trim();
    const keyIdForm = /^\/[^/]+(?:\/[^/]+){0,2}\/keys\/([^/]+)$/.exec(trimmed);
    let text = keyIdForm ? keyIdForm[1]! : trimmed;
    if (/^[0-9a-f]{32}$/i.test(text)) text = text.match(/../g)!.join(':');
    try {
      return sshpk.parseFingerprint(text).matches(pub);
    } catch {
      return 'refused';
    }
  }

  function ourAnswer(input: string): 'refused' | boolean {
    try {
      return parseFingerprint(input).matches(blob);
    } catch {
      return 'refused';
    }
  }

  it('accepts and refuses exactly what sshpk does, and matches the same keys', () => {
    const hexPiece = fc.stringMatching(/^[0-9a-fA-Fg]{0,3}$/);
    const texts = fc.oneof(
      // Colon-hex forms, with pieces of every length and an optional prefix.
      fc
        .tuple(fc.constantFrom('', 'MD5:', 'md5:', 'SHA1:'), fc.array(hexPiece, { minLength: 1, maxLength: 17 }))
        .map(([prefix, pieces]) => prefix + pieces.join(':')),
      // <algorithm>:<base64> forms.
      fc
        .tuple(
          fc.constantFrom('SHA256', 'sha256', 'MD5', 'SHA1', 'SHA384', 'SHA512', 'SHA3', ''),
          fc.stringMatching(/^[A-Za-z0-9+/=!]{0,50}$/),
        )
        .map(([algorithm, data]) => `${algorithm}:${data}`),
      // The key's own fingerprints, damaged one character at a time.
      fc
        .tuple(
          fc.constantFrom(key.md5, key.sha256, key.md5.replace(/:/g, ''), `MD5:${key.md5}`),
          fc.nat(),
          fc.string({ minLength: 1, maxLength: 1 }),
        )
        .map(([fp, at, c]) => fp.slice(0, at % fp.length) + c + fp.slice((at % fp.length) + 1)),
      fc.constantFrom(key.md5, key.sha256, key.sha256.slice(7), key.md5.replace(/:/g, '')),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(ourAnswer(text), text).toBe(sshpkAnswer(text));
      }),
      { numRuns: 3000, seed: 20261125 },
    );
  });
});
