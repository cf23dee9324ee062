import fc from 'fast-check';
import sshpk from 'sshpk';
import { describe, expect, it } from 'vitest';
import { fastFingerprint } from './ssh-wire.js';
import { generateTestKey, type TestKeyType } from '../scripts/support/keys.js';

const TYPES: readonly TestKeyType[] = ['rsa', 'ed25519', 'ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521'];

/** sshpk's answer for a line: its MD5 fingerprint, or `undefined` when it refuses the line. */
function sshpkFingerprint(line: string): string | undefined {
  try {
    return sshpk.parseKey(line, 'ssh').fingerprint('md5').toString();
  } catch {
    return undefined;
  }
}

describe('the fast public-key fingerprint', () => {
  it.each(TYPES)('gives the fingerprint sshpk gives for a generated %s key', (type) => {
    const key = generateTestKey(type, 'someone@example');
    expect(fastFingerprint(key.publicOpenSsh)).toBe(key.md5);
  });

  it('leaves to sshpk every line that is not a well-formed key of a known type', () => {
    const [type, data] = generateTestKey('ed25519').publicOpenSsh.split(' ') as [string, string];
    const blob = Buffer.from(data, 'base64');
    const retyped = Buffer.concat([Buffer.from([0, 0, 0, 7]), Buffer.from('ssh-rsa'), blob.subarray(15)]);
    for (const line of [
      `${type}`,
      `ssh-foo ${data}`,
      `${type} ${data.slice(0, -4)}`,
      `${type} ${Buffer.concat([blob, Buffer.from([0])]).toString('base64')}`,
      `ssh-rsa ${data}`,
      `ssh-rsa ${retyped.toString('base64')}`,
      `${type} ${data.replace(/=*$/, '')}!`,
      // A type named like an Object.prototype member is no known type.
      `constructor ${Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('constructor')]).toString('base64')}`,
    ])
      expect(fastFingerprint(line), line).toBeUndefined();
  });

  it('never accepts a line sshpk refuses, nor disagrees with it, when a valid key is damaged', () => {
    const keys = TYPES.map((t) => generateTestKey(t).publicOpenSsh);
    const damaged = fc
      .record({
        key: fc.constantFrom(...keys),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
        cut: fc.boolean(),
      })
      .map(({ key, at, byte, cut }) => {
        const [type, data, ...rest] = key.split(' ');
        const blob = Buffer.from(data!, 'base64');
        const i = at % blob.length;
        const changed = cut ? blob.subarray(0, i) : Buffer.from(blob.map((b, j) => (j === i ? byte : b)));
        return [type, changed.toString('base64'), ...rest].join(' ');
      });
    fc.assert(
      fc.property(damaged, (line) => {
        const fast = fastFingerprint(line);
        if (fast !== undefined) expect(fast).toBe(sshpkFingerprint(line));
      }),
      { numRuns: 2000, seed: 20261125 },
    );
  });
});
