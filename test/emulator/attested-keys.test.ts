/**
 * Keys added with a YubiKey PIV attestation (issue 31): the emulator verifies the chain to the roots
 * it is told to trust, as UFDS does for CloudAPI (sdc-ufds lib/keys.js), and CloudAPI lists the key
 * `attested` with its `multifactor` policy (sdc-cloudapi lib/keys.js). Certificates are made by the
 * test with `openssl`; requests go over real signed HTTP.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../scripts/support/signer.js';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { EmulatorStartError, startEmulator } from '../../emulator/index.js';
import { makeTestAttestation, type TestAttestation } from '../support/attestation.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const REFUSED = { code: 'InvalidArgument', message: 'key already exists or is invalid' };

let t: TestEmulator;
let yubikey: TestKeyPair;
let attestation: TestAttestation;

beforeAll(async () => {
  yubikey = generateTestKey('ecdsa-p256', 'PIV_slot_9A@test');
  attestation = makeTestAttestation(yubikey.privatePem, { pin: 2, touch: 3 });
  t = await startTestEmulator({ trustedAttestationRoots: [attestation.root] });
  expect(
    (await t.api('POST', '/my/users', { login: 'ann', email: 'ann@example.com', password: 'secret123' })).status,
  ).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('an emulator that trusts an attestation root', () => {
  it('accepts a key whose chain verifies to the root and lists it attested with its PIN and touch policy', async () => {
    const r = await t.api('POST', '/my/keys', {
      key: yubikey.publicOpenSsh,
      name: 'yubi',
      attestation: attestation.chain,
    });
    expect(r.status).toBe(201);
    const expected = {
      name: 'yubi',
      fingerprint: yubikey.md5,
      key: yubikey.publicOpenSsh,
      attested: true,
      multifactor: ['pin', 'touch'],
    };
    expect(r.body).toEqual(expected);
    expect((await t.api('GET', `/my/keys/${yubikey.md5}`)).body).toEqual(expected);
    expect((await t.api('GET', '/my/keys')).body).toContainEqual(expected);
  });

  it('accepts an attested RSA sub-user key whose policy asks for nothing, listing an empty multifactor', async () => {
    const rsa = generateTestKey('rsa', 'ann-yubi@test');
    const chain = makeTestAttestation(rsa.privatePem, { pin: 1, touch: 1 });
    const trusted = await startTestEmulator({ trustedAttestationRoots: [attestation.root, chain.root] });
    try {
      expect(
        (await trusted.api('POST', '/my/users', { login: 'ann', email: 'ann@example.com', password: 'secret123' }))
          .status,
      ).toBe(201);
      const r = await trusted.api('POST', '/my/users/ann/keys', { key: rsa.publicOpenSsh, attestation: chain.chain });
      expect([r.status, r.body.attested, r.body.multifactor]).toEqual([201, true, []]);
    } finally {
      await trusted.close();
    }
  });

  it('lists a key added without attestation as not attested, with no multifactor', async () => {
    const plain = generateTestKey('ed25519', 'plain@test');
    const r = await t.api('POST', '/my/keys', { key: plain.publicOpenSsh });
    expect([r.status, r.body.attested, r.body.multifactor]).toEqual([201, false, undefined]);
  });

  it('refuses a chain made by a root it does not trust, with the server’s 409, and creates no key', async () => {
    const other = generateTestKey('ecdsa-p256', 'other@test');
    const untrusted = makeTestAttestation(other.privatePem);
    const r = await t.api('POST', '/my/keys', { key: other.publicOpenSsh, attestation: untrusted.chain });
    expect([r.status, r.body]).toEqual([409, REFUSED]);
    expect(r.headers['triton-iac-emulator-reason']).toBe('Failed to find CA: CN=Test PIV Root CA');
    expect((await t.api('GET', `/my/keys/${other.md5}`)).status).toBe(404);
  });

  it('refuses a chain that attests another key than the one added', async () => {
    const other = generateTestKey('ecdsa-p256', 'other@test');
    const r = await t.api('POST', '/my/users/ann/keys', { key: other.publicOpenSsh, attestation: attestation.chain });
    expect([r.status, r.body]).toEqual([409, REFUSED]);
    expect(r.headers['triton-iac-emulator-reason']).toBe('First attestation certificate must match subject key');
    expect((await t.api('GET', '/my/users/ann/keys')).body).toEqual([]);
  });

  it('refuses a chain missing its intermediate, and one that has expired by the emulator clock', async () => {
    const other = generateTestKey('ecdsa-p256', 'short@test');
    const chain = makeTestAttestation(other.privatePem);
    const short = await t.api('POST', '/my/keys', { key: other.publicOpenSsh, attestation: [chain.chain[0]] });
    expect([short.status, short.body]).toEqual([409, REFUSED]);
    let now = Date.now();
    const later = await startTestEmulator({ trustedAttestationRoots: [chain.root], clock: () => now });
    try {
      now += 20 * 365 * 86_400_000;
      const signed = { ...later.owner, date: new Date(now) };
      const r = await later.api('POST', '/my/keys', { key: other.publicOpenSsh, attestation: chain.chain }, signed);
      expect([r.status, r.body]).toEqual([409, REFUSED]);
      expect(r.headers['triton-iac-emulator-reason']).toBe('Attestation certificate 0 has expired');
    } finally {
      await later.close();
    }
  });
});

describe('the trusted roots', () => {
  it('must be self-signed CA certificates: the emulator refuses to start with an intermediate', async () => {
    const err = await startEmulator({ trustedAttestationRoots: [attestation.chain[1]!] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmulatorStartError);
    expect((err as EmulatorStartError).code).toBe('EMULATOR_ATTESTATION_ROOT_INVALID');
    expect((err as EmulatorStartError).message).toBe(
      'trusted attestation root 0 (CN=Test PIV Attestation) is not self-signed or not marked as a CA: give the self-signed CA certificate the attestation chains lead to',
    );
  });
});

const DRIVER = `import(${JSON.stringify(resolve('cli/main.ts'))}).then((m) => m.main(process.argv.slice(1))).then((c) => { process.exitCode = c; })`;

describe('triton-iac emulator --attestation-root', () => {
  it('trusts the root in the file, so a key attested by it is added attested', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-attest-'));
    const pub = join(dir, 'acme.pub');
    const owner = generateTestKey('ed25519', 'acme@test');
    writeFileSync(pub, `${owner.publicOpenSsh}\n`);
    writeFileSync(join(dir, 'root.pem'), `${attestation.root}\n`);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        DRIVER,
        'emulator',
        '--json',
        '--key',
        `acme=${pub}`,
        '--attestation-root',
        join(dir, 'root.pem'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const line = await new Promise<string>((done, fail) => {
        createInterface({ input: child.stdout }).once('line', done);
        child.once('exit', (code) => fail(new Error(`emulator exited with ${code} before it was ready`)));
      });
      const ready = JSON.parse(line) as { cloudapiUrl: string };
      const r = await call(ready.cloudapiUrl, 'POST', '/my/keys', {
        sign: { keyId: `/acme/keys/${owner.md5}`, key: owner },
        body: { key: yubikey.publicOpenSsh, attestation: attestation.chain },
      });
      expect([r.status, r.body.attested, r.body.multifactor]).toEqual([201, true, ['pin', 'touch']]);
    } finally {
      child.kill('SIGTERM');
      await exit;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a file that holds no root CA certificate and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-attest-'));
    const file = join(dir, 'intermediate.pem');
    writeFileSync(file, `${attestation.chain[1]}\n`);
    let stderr = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '-e', DRIVER, 'emulator', '--attestation-root', file], {
        stdio: 'pipe',
      });
    } catch (err) {
      stderr = String((err as { stderr: Buffer }).stderr);
      expect((err as { status: number }).status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(stderr).toContain(
      `cannot start the emulator: --attestation-root ${file}: the certificate (CN=Test PIV Attestation) is not self-signed or not marked as a CA; give the self-signed CA certificate the attestation chains lead to.`,
    );
  });
});
