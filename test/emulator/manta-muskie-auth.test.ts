import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { call, signString, type SignOptions } from '../../scripts/support/signer.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { manta, mantaChunked, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * Manta's authorization as muskie (mantav1 lib/auth.js) and mahi (node-mahi lib/client.js) decide
 * it: NoMatchingRoleTag, the Role header and `Role: *`, cross-account roles, rules that name
 * resources, the putobject and managejob actions, the roles a sub-user's new entries inherit and
 * the signed URL's own role (issue 31, points 1 to 6 and 8).
 */
let emu: RunningEmulator;
let acmeKey: TestKeyPair;
let betaKey: TestKeyPair;
let bobKey: TestKeyPair;
let acme: SignOptions;
let beta: SignOptions;
let bob: SignOptions;

const as = (sign: SignOptions, method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(emu.mantaUrl, method, path, { sign, ...options });
const put = (path: string, body: string, headers: Record<string, string> = {}): Promise<MantaResponse> =>
  as(acme, 'PUT', path, { body, headers: { 'content-type': 'text/plain', ...headers } });
const mkdir = (sign: SignOptions, path: string, headers: Record<string, string> = {}): Promise<MantaResponse> =>
  as(sign, 'PUT', path, { headers: { 'content-type': 'application/json; type=directory', ...headers } });
const api = async (method: string, path: string, body: unknown): Promise<number> =>
  (await call(emu.cloudapiUrl, method, path, { sign: acme, body })).status;

beforeAll(async () => {
  acmeKey = generateTestKey('rsa', 'acme@test');
  betaKey = generateTestKey('ecdsa-p256', 'beta@test');
  bobKey = generateTestKey('ecdsa-p256', 'bob@test');
  emu = await startEmulator({
    accounts: [
      { login: 'acme', keys: [acmeKey.publicOpenSsh] },
      { login: 'beta', keys: [betaKey.publicOpenSsh] },
    ],
  });
  acme = { keyId: `/acme/keys/${acmeKey.md5}`, key: acmeKey };
  beta = { keyId: `/beta/keys/${betaKey.md5}`, key: betaKey };
  bob = { keyId: `/acme/bob/keys/${bobKey.md5}`, key: bobKey };
  expect(await api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' })).toBe(201);
  expect(await api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' })).toBe(201);
  const policies: Array<[string, string[]]> = [
    ['read', ['CAN getobject AND getdirectory AND listdirectory']],
    ['glob', ['CAN getobject /acme/stor/globbity-*']],
    ['everything', ['CAN getobject *']],
    ['write', ['CAN putobject AND putdirectory AND getobject']],
    ['jobs', ['CAN managejob']],
  ];
  for (const [name, rules] of policies) expect(await api('POST', '/acme/policies', { name, rules })).toBe(201);
  const roles: Array<[string, unknown[], string[]]> = [
    ['readers', [{ type: 'subuser', login: 'bob', default: true }], ['read']],
    ['globbers', [{ type: 'subuser', login: 'bob' }], ['glob']],
    ['seers', [{ type: 'subuser', login: 'bob' }], ['everything']],
    ['writers', [{ type: 'subuser', login: 'bob' }], ['write']],
    ['jobbers', [{ type: 'subuser', login: 'bob' }], ['jobs']],
    ['partners', [{ type: 'account', login: 'beta', default: true }], ['read']],
  ];
  for (const [name, members, pol] of roles)
    expect(await api('POST', '/acme/roles', { name, members, policies: pol })).toBe(201);
  expect((await mkdir(acme, '/acme/stor/d')).status).toBe(204);
  expect((await put('/acme/stor/d/tagged', 'for readers', { 'role-tag': 'readers' })).status).toBe(204);
  expect((await put('/acme/stor/d/partners', 'for partners', { 'role-tag': 'partners' })).status).toBe(204);
  expect((await put('/acme/stor/d/untagged', 'nobody')).status).toBe(204);
  expect((await put('/acme/stor/globbity-1', 'glob')).status).toBe(204);
  expect((await mkdir(acme, '/acme/stor/w', { 'role-tag': 'writers' })).status).toBe(204);
});
afterAll(async () => {
  await emu?.close();
});

describe('Manta denial codes (muskie mantav1 lib/auth.js authorize)', () => {
  it('answers NoMatchingRoleTag when the caller has an active role that does not tag the resource', async () => {
    const res = await as(bob, 'GET', '/acme/stor/d/untagged');
    expect([res.status, res.json.code]).toEqual([403, 'NoMatchingRoleTag']);
  });

  it("answers NoMatchingRoleTag for a sub-user's create under an untagged parent", async () => {
    const res = await as(bob, 'PUT', '/acme/stor/d/new', { body: 'x', headers: { role: 'writers' } });
    expect([res.status, res.json.code]).toEqual([403, 'NoMatchingRoleTag']);
  });

  it('answers AuthorizationFailed when a tagged role has no rule granting the action', async () => {
    const res = await as(bob, 'PUT', '/acme/stor/d/tagged', { body: 'x' });
    expect([res.status, res.json.code]).toEqual([403, 'AuthorizationFailed']);
  });
});

describe('the Role header (muskie mantav1 lib/auth.js getActiveRoles)', () => {
  it('takes up every role a sub-user holds with Role: *', async () => {
    const res = await as(bob, 'PUT', '/acme/stor/w/star', { body: 'x', headers: { role: '*' } });
    expect(res.status).toBe(204);
  });

  it('answers 409 InvalidRole for a role the caller does not hold, on its own path or another account', async () => {
    const own = await as(bob, 'GET', '/acme/stor/d/tagged', { headers: { role: 'partners' } });
    expect([own.status, own.json.code]).toEqual([409, 'InvalidRole']);
    const other = await as(beta, 'GET', '/acme/stor/d/tagged', { headers: { role: 'readers' } });
    expect([other.status, other.json.code]).toEqual([409, 'InvalidRole']);
  });
});

describe('cross-account roles on Manta (node-mahi lib/client.js authorize)', () => {
  it("lets an account read another account's object tagged with a role it is a member of", async () => {
    const res = await as(beta, 'GET', '/acme/stor/d/partners');
    expect([res.status, res.text]).toEqual([200, 'for partners']);
  });

  it('refuses it what its role does not tag, and refuses an account that holds no role there', async () => {
    const untagged = await as(beta, 'GET', '/acme/stor/d/tagged');
    expect([untagged.status, untagged.json.code]).toEqual([403, 'NoMatchingRoleTag']);
    const stranger = await as(acme, 'GET', '/beta/stor');
    expect([stranger.status, stranger.json.code]).toEqual([403, 'AuthorizationFailed']);
  });
});

describe('rules that name resources (node-mahi lib/client.js rulesWithResources)', () => {
  it('grant on untagged objects whose path the rule matches, and only those', async () => {
    const glob = await as(bob, 'GET', '/acme/stor/globbity-1', { headers: { role: 'globbers' } });
    expect([glob.status, glob.text]).toEqual([200, 'glob']);
    const miss = await as(bob, 'GET', '/acme/stor/d/untagged', { headers: { role: 'globbers' } });
    expect([miss.status, miss.json.code]).toEqual([403, 'AuthorizationFailed']);
    const star = await as(bob, 'GET', '/acme/stor/d/untagged', { headers: { role: 'seers' } });
    expect([star.status, star.text]).toEqual([200, 'nobody']);
  });
});

describe('action names (muskie mantav1 lib/server.js authAction)', () => {
  it('checks a metadata update as putobject', async () => {
    expect((await put('/acme/stor/w/meta', 'm', { 'role-tag': 'writers' })).status).toBe(204);
    const res = await mantaChunked(emu.mantaUrl, 'PUT', '/acme/stor/w/meta?metadata=true', {
      sign: bob,
      headers: { role: 'writers', 'm-color': 'red', 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(204);
  });
});

describe('roles a new entry inherits (muskie mantav1 lib/common.js createMetadata)', () => {
  it("tags what a sub-user writes without Role-Tag with the sub-user's active roles", async () => {
    expect((await as(bob, 'PUT', '/acme/stor/w/mine', { body: 'x', headers: { role: 'writers' } })).status).toBe(204);
    const head = await as(acme, 'HEAD', '/acme/stor/w/mine');
    expect(head.headers['role-tag']).toBe('writers');
    const owner = await put('/acme/stor/w/owners', 'x');
    expect(owner.status).toBe(204);
    expect((await as(acme, 'HEAD', '/acme/stor/w/owners')).headers['role-tag']).toBeUndefined();
  });
});

describe('signed URLs (muskie mantav1 lib/auth.js preSignedUrl)', () => {
  function signed(sign: SignOptions, path: string, query: Record<string, string>): string {
    const host = new URL(emu.mantaUrl).host;
    const sorted = Object.entries(query)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    const signature = signString(sign.key, 'ecdsa-sha256', ['GET', host, path, sorted].join('\n'));
    return `${path}?${sorted}&signature=${encodeURIComponent(signature)}`;
  }
  const future = (): string => String(Math.floor(Date.now() / 1000) + 3600);

  it("takes the URL's role and ignores the Role header", async () => {
    const base = { algorithm: 'ECDSA-SHA256', expires: future(), keyId: bob.keyId };
    const withRole = signed(bob, '/acme/stor/globbity-1', { ...base, role: 'globbers' });
    const ok = await manta(emu.mantaUrl, 'GET', withRole, { headers: { role: 'partners' } });
    expect([ok.status, ok.text]).toEqual([200, 'glob']);
    const noRole = signed(bob, '/acme/stor/globbity-1', base);
    const refused = await manta(emu.mantaUrl, 'GET', noRole, { headers: { role: 'globbers' } });
    expect([refused.status, refused.json.code]).toEqual([403, 'NoMatchingRoleTag']);
  });

  it('answers 403 InvalidQueryStringAuthentication to a URL missing a parameter or expired', async () => {
    const full = { algorithm: 'ECDSA-SHA256', expires: future(), keyId: bob.keyId, signature: 'x' };
    for (const drop of ['algorithm', 'expires', 'keyId', 'signature']) {
      const query = new URLSearchParams(Object.entries(full).filter(([k]) => k !== drop));
      const res = await manta(emu.mantaUrl, 'GET', `/acme/stor/globbity-1?${query.toString()}`);
      expect([drop, res.status, res.json.code]).toEqual([drop, 403, 'InvalidQueryStringAuthentication']);
    }
    const expired = signed(bob, '/acme/stor/globbity-1', {
      algorithm: 'ECDSA-SHA256',
      expires: '1000',
      keyId: bob.keyId,
    });
    const res = await manta(emu.mantaUrl, 'GET', expired);
    expect([res.status, res.json.code]).toEqual([403, 'InvalidQueryStringAuthentication']);
  });
});
