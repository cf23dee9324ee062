import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sshpk from 'sshpk';
import { describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair, type TestKeyType } from '../../../scripts/support/keys.js';
import { md5Fingerprint } from '../../../common/ssh-wire.js';
import { signerFromPrivateKey } from '../key-signer.js';
import { readPlainPrivateKey } from './plain-private-key.js';

const TYPES: readonly TestKeyType[] = ['rsa', 'ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521', 'ed25519'];
const keys = TYPES.map((type) => generateTestKey(type, `${type}@example`));

/** Every unencrypted form a key file may take: OpenSSH, PKCS#8, and PKCS#1/SEC1 where the type has one. */
function forms(key: TestKeyPair): Record<string, string> {
  const object = createPrivateKey(key.privatePem);
  const traditional =
    key.type === 'ed25519'
      ? {}
      : {
          [key.type === 'rsa' ? 'pkcs1' : 'sec1']: object
            .export({ type: key.type === 'rsa' ? 'pkcs1' : 'sec1', format: 'pem' })
            .toString(),
        };
  return { openssh: key.privateOpenSsh, pkcs8: key.privatePem, ...traditional };
}

/** sshpk's reading of a private key: what the signer answered before, or `undefined` when it refuses. */
function sshpkReading(material: string | Buffer, label = 'k'): { md5: string; line: string } | undefined {
  try {
    const key = sshpk.parsePrivateKey(material, 'auto', { filename: label });
    return { md5: key.fingerprint('md5').toString(), line: key.toPublic().toString('ssh') };
  } catch {
    return undefined;
  }
}

describe('private keys read without sshpk', () => {
  for (const key of keys) {
    for (const [form, material] of Object.entries(forms(key))) {
      it(`reads a ${key.type} key in ${form} form as sshpk does, and signs with it`, async () => {
        const plain = readPlainPrivateKey(material);
        expect(plain, 'read without sshpk').toBeDefined();
        expect(md5Fingerprint(plain!.publicKey.blob)).toBe(key.md5);

        const label = '/home/me/.ssh/id_test';
        const signer = signerFromPrivateKey(material, label, { kind: 'file', location: label });
        const reference = sshpkReading(material, label)!;
        expect({ md5: signer.fingerprint, line: signer.publicKey }).toEqual(reference);
        expect(signer.publicKey.endsWith(form === 'openssh' ? `${key.type}@example` : label)).toBe(true);

        const data = 'date: Tue, 24 Nov 2026 10:00:00 GMT';
        const signature = Buffer.from(await signer.sign(data), 'base64');
        const digest =
          key.type === 'ed25519'
            ? null
            : ({ 'ecdsa-p384': 'sha384', 'ecdsa-p521': 'sha512' }[key.type as string] ?? 'sha256');
        expect(verify(digest, Buffer.from(data), createPublicKey(key.privatePem), signature)).toBe(true);
      });
    }
  }

  it('leaves encrypted, DSA and PuTTY keys and other text to sshpk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-plain-'));
    try {
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'secret', '-f', join(dir, 'enc'), '-C', 'x']);
      const encryptedPem = createPrivateKey(keys[0]!.privatePem)
        .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
        .toString();
      const encryptedPkcs1 = createPrivateKey(keys[0]!.privatePem)
        .export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
        .toString();
      const dsaPem = generateKeyPairSync('dsa', { modulusLength: 2048, divisorLength: 256 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const dsa = sshpk.parsePrivateKey(dsaPem, 'pem').toString('ssh-private');
      for (const text of [
        readFileSync(join(dir, 'enc'), 'utf8'),
        encryptedPem,
        encryptedPkcs1,
        dsa,
        dsaPem,
        keys[0]!.publicOpenSsh,
        'PuTTY-User-Key-File-2: ssh-rsa\n',
        '',
      ])
        expect(readPlainPrivateKey(text), text.slice(0, 40)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never accepts a damaged key sshpk refuses, nor reads one differently', () => {
    const damaged = fc
      .record({
        key: fc.constantFrom(...keys.flatMap((k) => Object.values(forms(k)))),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
        cut: fc.boolean(),
      })
      .map(({ key, at, byte, cut }) => {
        // Damage the decoded content, not only the Base64, so that the readers see wrong fields.
        const lines = key.trim().split('\n');
        const body = Buffer.from(lines.slice(1, -1).join(''), 'base64');
        const i = at % body.length;
        const changed = cut ? body.subarray(0, i) : Buffer.from(body.map((b, j) => (j === i ? byte : b)));
        const base64 = changed
          .toString('base64')
          .replace(/(.{70})/g, '$1\n')
          .trim();
        return `${lines[0]}\n${base64}\n${lines.at(-1)}\n`;
      });
    fc.assert(
      fc.property(damaged, (text) => {
        const plain = readPlainPrivateKey(text);
        if (plain === undefined) return;
        const reference = sshpkReading(text);
        expect(reference, 'sshpk refuses what the fast reader accepted').toBeDefined();
        expect(md5Fingerprint(plain.publicKey.blob)).toBe(reference!.md5);
      }),
      { numRuns: 1500, seed: 20261125 },
    );
  });
});
