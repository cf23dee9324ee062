import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyType } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { call, signatureHeaders, signString } from '../../scripts/support/signer.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP Signature authentication', () => {
  it('accepts the modern form signing only the date', async () => {
    expect((await t.api('GET', '/my')).status).toBe(200);
  });

  it('accepts (request-target) as the standard CLI signs it', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/acme/users', {
      sign: { ...t.owner, headers: ['(request-target)', 'date'] },
    });
    expect(r.status).toBe(200);
  });

  it('accepts the legacy form with the signature after a space', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { ...t.owner, legacy: true } });
    expect(r.status).toBe(200);
  });

  it.each(['rsa-sha1', 'rsa-sha384', 'rsa-sha512'])('accepts the RSA algorithm %s', async (algorithm) => {
    expect((await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { ...t.owner, algorithm } })).status).toBe(200);
  });

  it.each<TestKeyType>(['ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521', 'ed25519'])('accepts a %s key', async (type) => {
    const key = generateTestKey(type, `${type}@test`);
    expect((await t.api('POST', '/my/keys', { key: key.publicOpenSsh })).status).toBe(201);
    expect(
      (await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { keyId: `/acme/keys/${key.md5}`, key } })).status,
    ).toBe(200);
  });

  it('finds a key by name as well as by fingerprint', async () => {
    expect(
      (await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { ...t.owner, keyId: '/acme/keys/acme@test' } }))
        .status,
    ).toBe(200);
  });

  it('answers 401 with the documented message when there is no Authorization header', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({
      code: 'InvalidCredentials',
      message: 'You must make authenticated requests to use CloudAPI',
    });
  });

  it('answers 400 InvalidHeader for a clock skew over 300 seconds', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', {
      sign: { ...t.owner, date: new Date(Date.now() - 301_000) },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('InvalidHeader');
    expect(r.body.message).toMatch(/^Authorization header invalid: /);
  });

  it('answers 400 InvalidHeader when the Date header is missing', async () => {
    const sig = signString(t.key, 'rsa-sha256', 'date: x');
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', {
      headers: { authorization: `Signature keyId="${t.owner.keyId}",algorithm="rsa-sha256",signature="${sig}"` },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('InvalidHeader');
  });

  it('names an unsupported algorithm', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { ...t.owner, algorithm: 'hmac-sha256' } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('HMAC-SHA256 is not a supported signing algorithm');
  });

  it('names a keyId of the wrong shape', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { ...t.owner, keyId: '/acme/bob/keys/x' } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Invalid KeyId /acme/bob/keys/x in authorization header');
  });

  it.each([
    ['an unknown account', '/nobody/keys/aa'],
    ['an unknown key', '/acme/keys/00:11'],
    ['an unknown sub-user', '/acme/users/ghost/keys/00:11'],
  ])('gives the same 401 for %s', async (_what, keyId) => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { ...t.owner, keyId } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 'InvalidCredentials', message: 'Invalid authorization credentials supplied' });
  });

  it('gives 401 for a signature made with another key', async () => {
    const other = generateTestKey('rsa');
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign: { keyId: t.owner.keyId, key: other } });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Invalid authorization credentials supplied');
  });

  it('accepts a signature sent again, and only with the key that made it', async () => {
    const second = generateTestKey('rsa', 'second@test');
    expect((await t.api('POST', '/my/keys', { key: second.publicOpenSsh })).status).toBe(201);
    const headers = signatureHeaders('GET', '/my', { ...t.owner, date: new Date() });
    for (let i = 0; i < 2; i++)
      expect((await call(t.emulator.cloudapiUrl, 'GET', '/my', { headers })).status).toBe(200);
    // The very signature that was just accepted, now claimed for another key of the account.
    const claimed = {
      ...headers,
      authorization: headers['authorization']!.replace(t.owner.keyId, `/acme/keys/${second.md5}`),
    };
    expect(claimed.authorization).not.toBe(headers['authorization']);
    for (let i = 0; i < 2; i++) {
      const r = await call(t.emulator.cloudapiUrl, 'GET', '/my', { headers: claimed });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('Invalid authorization credentials supplied');
    }
  });

  it('authenticates a sub-user by its own key under /users/', async () => {
    const sub = generateTestKey('ecdsa-p256', 'sub@test');
    await t.api('POST', '/my/users', { login: 'subauth', email: 'subauth@example.com', password: 'secret123' });
    await t.api('POST', '/my/users/subauth/keys', { key: sub.publicOpenSsh });
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/my/users/subauth', {
      sign: { keyId: `/acme/users/subauth/keys/${sub.md5}`, key: sub },
    });
    // Authenticated, but nothing grants it anything yet.
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('NotAuthorized');
  });

  it('accepts a pre-signed URL and refuses one that has expired or was altered', async () => {
    const host = new URL(t.emulator.cloudapiUrl).host;
    const presign = (expires: number, path: string): string => {
      const query = `algorithm=rsa-sha256&expires=${expires}&keyId=${encodeURIComponent(t.owner.keyId)}`;
      const sig = signString(t.key, 'rsa-sha256', ['GET', host, path, query].join('\n'));
      return `${path}?${query}&signature=${encodeURIComponent(sig)}`;
    };
    const future = Math.floor(Date.now() / 1000) + 60;
    expect((await call(t.emulator.cloudapiUrl, 'GET', presign(future, '/acme'))).status).toBe(200);
    expect((await call(t.emulator.cloudapiUrl, 'GET', presign(future - 120, '/acme'))).status).toBe(401);
    const altered = presign(future, '/acme').replace('/acme?', '/acme/users?');
    expect((await call(t.emulator.cloudapiUrl, 'GET', altered)).status).toBe(401);
  });
});

describe('versions and headers', () => {
  it('sends the standard headers and a Content-MD5 of the body', async () => {
    const r = await t.api('GET', '/my');
    expect(r.headers['api-version']).toBe('9.0.0');
    expect(r.headers['server']).toMatch(/^cloudapi\/\d+\.\d+\.\d+$/);
    expect(r.headers['request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(r.headers['response-time']).toMatch(/^\d+$/);
    expect(r.headers['content-md5']).toBeDefined();
    expect(r.headers['date']).toBeDefined();
  });

  it.each(['*', '~9||~8', '7.0.0', '>=9', '^8', '~7.2'])('accepts the range %s', async (range) => {
    expect((await t.api('GET', '/my', undefined, undefined, { 'accept-version': range })).status).toBe(200);
  });

  it('answers InvalidVersion for a range no version satisfies', async () => {
    const r = await t.api('GET', '/my', undefined, undefined, { 'accept-version': '~10' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('InvalidVersion');
  });

  it('answers ping without authentication, listing the versions', async () => {
    const r = await call(t.emulator.cloudapiUrl, 'GET', '/--ping');
    expect(r.status).toBe(200);
    expect(r.body.cloudapi.versions).toContain('9.0.0');
  });
});
