import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { generateTestKey, writeTestKey } from '../../scripts/support/keys.js';

describe('test key generation', () => {
  it.each(['rsa', 'ecdsa-p256', 'ecdsa-p384', 'ed25519'] as const)(
    'makes a %s key whose MD5 fingerprint matches ssh-keygen',
    (type) => {
      const key = generateTestKey(type);
      const path = writeTestKey(key);
      const out = execFileSync('ssh-keygen', ['-E', 'md5', '-l', '-f', `${path}.pub`]).toString();
      expect(out).toContain(`MD5:${key.md5}`);
      expect(key.md5).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    },
  );
});
