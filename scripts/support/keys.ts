/**
 * Real SSH key pairs made on the spot, for the tests (which must sign with keys they generate) and
 * the benchmarks. A module of its own, outside `test/`, so that `bench/` need not import the tests.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import sshpk from 'sshpk';

/** The key types tests generate. */
export type TestKeyType = 'rsa' | 'ecdsa-p256' | 'ecdsa-p384' | 'ecdsa-p521' | 'ed25519';

/** A real key pair made for one test, in every form the tests need. */
export interface TestKeyPair {
  readonly type: TestKeyType;
  /** PKCS#8 PEM private key. */
  readonly privatePem: string;
  /** OpenSSH-format private key (`-----BEGIN OPENSSH PRIVATE KEY-----`). */
  readonly privateOpenSsh: string;
  /** OpenSSH public key line, with `comment` as its comment. */
  readonly publicOpenSsh: string;
  /** Colon-hex MD5 fingerprint, the form Triton uses in key ids. */
  readonly md5: string;
  /** `SHA256:…` fingerprint. */
  readonly sha256: string;
}

/**
 * Generates a fresh key pair with Node's crypto and converts it with sshpk.
 * @param comment the public key's comment (Triton uses it as the default key name)
 */
export function generateTestKey(type: TestKeyType = 'rsa', comment = 'test@triton-iac'): TestKeyPair {
  const { privateKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : type === 'ed25519'
        ? generateKeyPairSync('ed25519')
        : generateKeyPairSync('ec', {
            namedCurve: { 'ecdsa-p256': 'P-256', 'ecdsa-p384': 'P-384', 'ecdsa-p521': 'P-521' }[type],
          });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const parsed = sshpk.parsePrivateKey(privatePem, 'pem');
  parsed.comment = comment;
  const pub = parsed.toPublic();
  pub.comment = comment;
  return {
    type,
    privatePem,
    privateOpenSsh: parsed.toString('ssh-private'),
    publicOpenSsh: pub.toString('ssh').trim(),
    md5: pub.fingerprint('md5').toString(),
    sha256: pub.fingerprint('sha256').toString(),
  };
}

/**
 * Writes a key pair as `id_<name>` and `id_<name>.pub` in a fresh temporary directory (or `dir`).
 * @returns the private key path.
 */
export function writeTestKey(
  key: TestKeyPair,
  name = 'test',
  dir = mkdtempSync(join(tmpdir(), 'triton-iac-key-')),
): string {
  const path = join(dir, `id_${name}`);
  writeFileSync(path, key.privateOpenSsh, { mode: 0o600 });
  writeFileSync(`${path}.pub`, `${key.publicOpenSsh}\n`);
  return path;
}

/**
 * Generates an encrypted OpenSSH key with ssh-keygen (for the "passphrase needed" error paths).
 * @returns the private key path.
 */
export function writeEncryptedTestKey(
  passphrase: string,
  dir = mkdtempSync(join(tmpdir(), 'triton-iac-key-')),
): string {
  const path = join(dir, 'id_encrypted');
  execFileSync('ssh-keygen', ['-q', '-t', 'ecdsa', '-b', '256', '-N', passphrase, '-C', 'encrypted@test', '-f', path]);
  return path;
}
