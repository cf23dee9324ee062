import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sshpk from 'sshpk';
import { generateTestKey, writeEncryptedTestKey, writeTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { rejectionOf } from '../support/rejection.js';
import { loadKeyMaterial, loadPrivateKeyFile, resolveConfig, TritonConfigError } from '../../provider/index.js';

/** A temporary HOME with `~/.triton` profiles and `~/.ssh` keys. */
function makeHome(profiles: Record<string, object>, current?: string, keys: Record<string, TestKeyPair> = {}): string {
  const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
  mkdirSync(join(home, '.triton', 'profiles.d'), { recursive: true });
  mkdirSync(join(home, '.ssh'), { recursive: true });
  for (const [name, profile] of Object.entries(profiles))
    writeFileSync(join(home, '.triton', 'profiles.d', `${name}.json`), JSON.stringify(profile));
  if (current) writeFileSync(join(home, '.triton', 'config.json'), JSON.stringify({ profile: current }));
  for (const [name, key] of Object.entries(keys)) writeTestKey(key, name, join(home, '.ssh'));
  return home;
}

const failure = (promise: Promise<unknown>): Promise<TritonConfigError> => rejectionOf(promise, TritonConfigError);

const key = generateTestKey('ecdsa-p256', 'me@laptop');
const other = generateTestKey('rsa', 'other@laptop');

describe('configuration resolution', () => {
  const profile = {
    url: 'https://profile.example',
    account: 'profile-acct',
    keyId: key.md5,
    user: 'profile-user',
    roles: ['ops'],
    insecure: true,
  };

  it('takes everything from the current profile and finds the key in ~/.ssh by fingerprint', async () => {
    const home = makeHome({ dev: profile }, 'dev', { other, mine: key });
    const config = await resolveConfig({ home, env: {} });
    expect(config.profile).toBe('dev');
    expect(config.cloudapi).toMatchObject({
      url: 'https://profile.example',
      account: 'profile-acct',
      user: 'profile-user',
      roles: ['ops'],
      insecure: true,
    });
    expect(config.cloudapi?.signer).toMatchObject({
      fingerprint: key.md5,
      algorithm: 'ecdsa-sha256',
      source: { kind: 'file', location: join(home, '.ssh', 'id_mine') },
    });
  });

  it('lets the environment override the profile, and explicit options override both', async () => {
    const home = makeHome({ dev: profile }, 'dev', { mine: key });
    const env = {
      TRITON_ACCOUNT: 'env-acct',
      SDC_URL: 'https://sdc.example',
      TRITON_USER: 'env-user',
      TRITON_TLS_INSECURE: '0',
      TRITON_ROLE: 'a,b',
    };
    const fromEnv = await resolveConfig({ home, env });
    expect(fromEnv.cloudapi).toMatchObject({
      url: 'https://sdc.example',
      account: 'env-acct',
      user: 'env-user',
      insecure: false,
      roles: ['a', 'b'],
    });
    const explicit = await resolveConfig({
      home,
      env,
      account: 'explicit-acct',
      url: 'https://explicit.example',
      roles: ['x'],
    });
    expect(explicit.cloudapi).toMatchObject({
      url: 'https://explicit.example',
      account: 'explicit-acct',
      user: 'env-user',
      roles: ['x'],
    });
  });

  it('prefers TRITON_* over SDC_* and TRITON_PROFILE over config.json', async () => {
    const home = makeHome({ dev: profile, prod: { ...profile, url: 'https://prod.example', account: 'prod' } }, 'dev', {
      mine: key,
    });
    const config = await resolveConfig({
      home,
      env: { TRITON_PROFILE: 'prod', SDC_ACCOUNT: 'sdc', TRITON_ACCOUNT: 'triton' },
    });
    expect(config.profile).toBe('prod');
    expect(config.cloudapi).toMatchObject({ url: 'https://prod.example', account: 'triton' });
  });

  it('accepts the key id as an MD5 fingerprint with or without colons or prefix, or as a SHA256 fingerprint', async () => {
    const home = makeHome({}, undefined, { mine: key, other });
    for (const keyId of [key.md5, key.md5.replace(/:/g, ''), `MD5:${key.md5}`, key.sha256, `/acme/keys/${key.md5}`]) {
      const config = await resolveConfig({ home, env: {}, url: 'https://x.example', account: 'acme', keyId });
      expect(config.cloudapi?.signer.fingerprint).toBe(key.md5);
    }
  });

  it('resolves Manta from MANTA_* with the CloudAPI settings as fallbacks', async () => {
    const home = makeHome({}, undefined, { mine: key });
    const config = await resolveConfig({
      home,
      env: {
        TRITON_URL: 'https://cloudapi.example',
        TRITON_ACCOUNT: 'acme',
        TRITON_KEY_ID: key.md5,
        MANTA_URL: 'https://manta.example',
        MANTA_SUBUSER: 'bob',
        MANTA_ROLE: 'storage',
      },
    });
    expect(config.manta).toMatchObject({
      url: 'https://manta.example',
      account: 'acme',
      user: 'bob',
      roles: ['storage'],
    });
    expect(config.manta?.signer.fingerprint).toBe(key.md5);
  });

  it('takes key material from TRITON_KEY_MATERIAL, even with escaped newlines, without needing a key id', async () => {
    const home = makeHome({}, undefined);
    const escaped = key.privatePem.replace(/\n/g, '\\n');
    const config = await resolveConfig({
      home,
      env: { TRITON_URL: 'https://x.example', TRITON_ACCOUNT: 'acme', TRITON_KEY_MATERIAL: escaped },
    });
    expect(config.cloudapi?.signer).toMatchObject({ fingerprint: key.md5, source: { kind: 'material' } });
  });

  it('names the setting and where to set it when the URL is missing', async () => {
    const err = await failure(resolveConfig({ home: makeHome({}, undefined), env: {} }));
    expect(err.code).toBe('CONFIG_MISSING');
    expect(err.message).toMatch(/^url: not set .*TRITON_URL/);
  });

  it('reports a profile that does not exist', async () => {
    const err = await failure(resolveConfig({ home: makeHome({}, undefined), env: { TRITON_PROFILE: 'nope' } }));
    expect(err.code).toBe('PROFILE_NOT_FOUND');
    expect(err.message).toContain('"nope"');
  });

  it('reports a key id that matches no agent key and no ~/.ssh file', async () => {
    const home = makeHome({}, undefined, { other });
    const err = await failure(
      resolveConfig({ home, env: {}, url: 'https://x.example', account: 'acme', keyId: key.md5 }),
    );
    expect(err.code).toBe('KEY_NOT_FOUND');
    expect(err.message).toContain(key.md5);
  });

  it('reports a key id that is no fingerprint', async () => {
    const err = await failure(
      resolveConfig({
        home: makeHome({}, undefined),
        env: {},
        url: 'https://x.example',
        account: 'acme',
        keyId: 'my laptop key',
      }),
    );
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.message).toMatch(/^keyId: "my laptop key" is not a key fingerprint/);
  });
});

describe('encrypted keys', () => {
  it('explains how to give a passphrase when an encrypted key file has none', async () => {
    const path = writeEncryptedTestKey('correct horse');
    const err = await failure(loadPrivateKeyFile(path));
    expect(err.code).toBe('KEY_ENCRYPTED');
    expect(err.message).toContain(path);
    expect(err.message).toMatch(/passphrase.*TRITON_KEY_PASSPHRASE.*ssh-add/);
  });

  it('loads an encrypted key file with its passphrase and rejects a wrong one', async () => {
    const path = writeEncryptedTestKey('correct horse');
    const signer = await loadPrivateKeyFile(path, { passphrase: 'correct horse' });
    expect(signer.algorithm).toBe('ecdsa-sha256');
    const err = await failure(loadPrivateKeyFile(path, { passphrase: 'wrong' }));
    expect(err.code).toBe('KEY_INVALID');
  });

  it('finds an encrypted key in ~/.ssh by its .pub and asks for the passphrase, then uses TRITON_KEY_PASSPHRASE', async () => {
    const home = makeHome({}, undefined);
    const path = writeEncryptedTestKey('pw', join(home, '.ssh'));
    const md5 = loadPublicMd5(`${path}.pub`);
    const base = { home, url: 'https://x.example', account: 'acme', keyId: md5 };
    const err = await failure(resolveConfig({ ...base, env: {} }));
    expect(err.code).toBe('KEY_ENCRYPTED');
    expect(err.message).toContain(path);
    const config = await resolveConfig({ ...base, env: { TRITON_KEY_PASSPHRASE: 'pw' } });
    expect(config.cloudapi?.signer.fingerprint).toBe(md5);
  });
});

describe('key material never leaks into errors', () => {
  it('does not quote unparseable key material', async () => {
    const secretish = 'c2VjcmV0LWtleS1ieXRlcy10aGF0LW11c3Qtbm90LWxlYWs=';
    const material = `-----BEGIN OPENSSH PRIVATE KEY-----\n${secretish}\n-----END OPENSSH PRIVATE KEY-----\n`;
    let err: unknown;
    try {
      loadKeyMaterial(material);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'KEY_INVALID' });
    expect(
      JSON.stringify({ message: (err as Error).message, stack: (err as Error).stack, ...(err as object) }),
    ).not.toContain(secretish.slice(0, 20));
  });

  it('does not quote the private key when it does not match the key id', async () => {
    const err = await failure(
      resolveConfig({
        home: makeHome({}, undefined),
        env: {},
        url: 'https://x.example',
        account: 'acme',
        keyId: other.md5,
        keyMaterial: key.privateOpenSsh,
      }),
    );
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.message).toContain(key.md5);
    const body = key.privateOpenSsh.split('\n')[1]!;
    expect(`${err.message}${err.stack}`).not.toContain(body);
  });
});

/** Reads the fingerprint the way users do: from the .pub file. */
function loadPublicMd5(pubPath: string): string {
  return sshpk.parseKey(readFileSync(pubPath, 'utf8'), 'ssh').fingerprint('md5').toString();
}
