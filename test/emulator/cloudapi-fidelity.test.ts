/**
 * CloudAPI behaviours checked against the real server's code (issue 14), over raw signed HTTP where
 * no standard client reaches them; the `triton` CLI side is in cloudapi-cli.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { accountKey, startTestEmulator, type TestEmulator } from './support/emulator.js';
import { signString, type SignOptions } from '../../scripts/support/signer.js';

let t: TestEmulator;
let globexKey: TestKeyPair;
let globex: SignOptions;
let userKey: TestKeyPair;

beforeAll(async () => {
  globexKey = generateTestKey('ed25519', 'globex@test');
  userKey = generateTestKey('ecdsa-p256', 'ann@test');
  t = await startTestEmulator({
    accounts: [
      { login: 'acme', keys: [accountKey().publicOpenSsh] },
      { login: 'globex', keys: [globexKey.publicOpenSsh] },
    ],
  });
  globex = { keyId: `/globex/keys/${globexKey.md5}`, key: globexKey };
  expect(
    (await t.api('POST', '/my/users', { login: 'ann', email: 'ann@example.com', password: 'secret123' })).status,
  ).toBe(201);
  expect((await t.api('POST', '/my/users/ann/keys', { key: userKey.publicOpenSsh, name: 'ann-key' })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('ListMachines pages with limit and offset', () => {
  it('answers one page with x-query-limit and x-resource-count (the page length)', async () => {
    const all = await t.api('GET', '/my/machines');
    expect(all.body).toHaveLength(3);
    expect([all.headers['x-query-limit'], all.headers['x-resource-count']]).toEqual(['1000', '3']);
    const first = await t.api('GET', '/my/machines?limit=2&offset=0');
    expect(first.body.map((m: { id: string }) => m.id)).toEqual(all.body.slice(0, 2).map((m: { id: string }) => m.id));
    expect([first.headers['x-query-limit'], first.headers['x-resource-count']]).toEqual(['2', '2']);
    const rest = await t.api('GET', '/my/machines?limit=2&offset=2');
    expect(rest.body.map((m: { id: string }) => m.id)).toEqual([all.body[2].id]);
    expect(rest.headers['x-resource-count']).toBe('1');
    expect((await t.api('GET', '/my/machines?offset=5')).body).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit "0" must be a whole number from 1 to 1000'],
    ['limit=1001', 'limit "1001" must be a whole number from 1 to 1000'],
    ['offset=-1', 'offset "-1" must be a whole number of at least 0'],
    ['limit=ten', 'limit "ten" must be a whole number from 1 to 1000'],
  ])('refuses %s with 409 naming the value and the rule', async (query, message) => {
    expect((await t.api('GET', `/my/machines?${query}`)).body).toEqual({ code: 'InvalidArgument', message });
  });
});

describe('role members', () => {
  it.each([
    [{ login: 'ann' }, 'Role "member" references must have a string "type" property'],
    [{ type: 'group', login: 'ann' }, 'Member "type" is not supported: "group"'],
    [
      { type: 'subuser', login: 'ann', colour: 'red' },
      'Member references may only contain "type", "login", "id", or "default" properties, not "colour"',
    ],
    [{ type: 'subuser', login: 'ann', default: 'false' }, 'Member "default" property must be a boolean'],
    [{ type: 'subuser', id: 'not-a-uuid' }, 'Member "id" property must be a string UUID'],
    [{ type: 'subuser', login: 7 }, 'Member "login" property must be a string'],
  ])('refuses the member object %j with 409 and creates nothing', async (member, message) => {
    const r = await t.api('POST', '/my/roles', { name: 'strict', members: [member] });
    expect([r.status, r.body]).toEqual([409, { code: 'InvalidArgument', message }]);
    expect((await t.api('GET', '/my/roles/strict')).status).toBe(404);
  });

  it('accepts another existing account as a member and names every unknown member', async () => {
    const bad = await t.api('POST', '/my/roles', {
      name: 'partners',
      members: [
        { type: 'account', login: 'nobody' },
        { type: 'subuser', login: 'ghost' },
      ],
    });
    expect(bad.body).toEqual({ code: 'InvalidArgument', message: 'Invalid account: nobody, Invalid subuser: ghost' });
    const role = await t.api('POST', '/my/roles', {
      name: 'partners',
      members: [
        { type: 'account', login: 'globex' },
        { type: 'subuser', login: 'ann', default: true },
      ],
    });
    expect(role.status).toBe(201);
    const read = (await t.api('GET', '/my/roles/partners')).body;
    expect(read.members).toEqual(
      expect.arrayContaining([
        {
          type: 'account',
          id: t.emulator.context.store.tryAccount('globex')?.account.id,
          login: 'globex',
          default: false,
        },
        expect.objectContaining({ type: 'subuser', login: 'ann', default: true }),
      ]),
    );
  });

  it('lists only sub-user members in the pre-9.0 view of a role', async () => {
    const old = await t.api('GET', '/my/roles/partners', undefined, undefined, { 'accept-version': '~8' });
    expect(old.body).toMatchObject({ name: 'partners', members: ['ann'], default_members: ['ann'] });
  });

  it("lets the member account act on the owner's tagged resources with as-role, and refuses it otherwise", async () => {
    await t.api('POST', '/my/policies', { name: 'read-users', rules: ['CAN listusers AND getuser'] });
    await t.api('POST', '/my/roles/partners', { policies: [{ name: 'read-users' }] });
    await t.api('PUT', '/my/users', { 'role-tag': ['partners'] });
    const asPartner = await t.api('GET', '/acme/users?as-role=partners', undefined, globex);
    expect(asPartner.status).toBe(200);
    expect(asPartner.body.map((u: { login: string }) => u.login)).toEqual(['ann']);
    const noRole = await t.api('GET', '/acme/users', undefined, globex);
    expect([noRole.status, noRole.body]).toEqual([
      403,
      { code: 'NotAuthorized', message: 'You do not have permission to access /acme/users (listusers)' },
    ]);
    const wrongRole = await t.api('GET', '/acme/users?as-role=admins', undefined, globex);
    expect([wrongRole.status, wrongRole.body.message]).toEqual([403, 'You do not have permission to access acme']);
    expect((await t.api('GET', '/acme/policies?as-role=partners', undefined, globex)).status).toBe(403);
    expect((await t.api('GET', '/acme/users?as-role=partners', undefined, t.owner)).status).toBe(200);
    // acme is a member of no globex role.
    expect((await t.api('GET', '/globex/users', undefined, t.owner)).status).toBe(403);
  });
});

describe('UpdateAccount, keys, role tags and Location', () => {
  it('maps the legacy field names company, givenName and sn; the API names win', async () => {
    const r = await t.api('POST', '/my', { company: 'Acme Corp', givenName: 'Wile', sn: 'Coyote' });
    expect(r.body).toMatchObject({ companyName: 'Acme Corp', firstName: 'Wile', lastName: 'Coyote' });
    expect((await t.api('POST', '/my', { sn: 'Old', lastName: 'New' })).body.lastName).toBe('New');
  });

  it('refuses a second key with the same name, for the account and for a sub-user', async () => {
    const a = generateTestKey('ed25519', 'a@test');
    const b = generateTestKey('ed25519', 'b@test');
    expect((await t.api('POST', '/my/keys', { key: a.publicOpenSsh, name: 'laptop' })).status).toBe(201);
    expect((await t.api('POST', '/my/keys', { key: b.publicOpenSsh, name: 'laptop' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'key already exists or is invalid',
    });
    expect((await t.api('POST', '/my/users/ann/keys', { key: b.publicOpenSsh, name: 'ann-key' })).status).toBe(409);
    expect((await t.api('GET', '/my/keys')).body.filter((k: { name: string }) => k.name === 'laptop')).toHaveLength(1);
  });

  it('refuses every attestation when it trusts no root, as the server with attestation disabled, and creates no key', async () => {
    const k = generateTestKey('ecdsa-p256', 'yubikey@test');
    expect((await t.api('POST', '/my/keys', { key: k.publicOpenSsh, attestation: 'cert' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'attestation must be an Array of Strings',
    });
    const r = await t.api('POST', '/my/keys', {
      key: k.publicOpenSsh,
      attestation: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'],
    });
    expect([r.status, r.body]).toEqual([409, { code: 'InvalidArgument', message: 'key already exists or is invalid' }]);
    expect(r.headers['triton-iac-emulator-reason']).toBe('Attestation support is disabled');
    expect((await t.api('GET', `/my/keys/${k.md5}`)).status).toBe(404);
  });

  it('names the login in Location for CreateUser, and the account login (never my) for CreateKey and CreateUserKey', async () => {
    const user = await t.api('POST', '/my/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' });
    expect(user.headers['location']).toBe('/acme/users/bob');
    const k1 = generateTestKey('ed25519', 'k1@test');
    expect((await t.api('POST', '/my/keys', { key: k1.publicOpenSsh })).headers['location']).toBe(
      `/acme/keys/${encodeURIComponent(k1.md5)}`,
    );
    const k2 = generateTestKey('ed25519', 'k2@test');
    expect((await t.api('POST', '/my/users/bob/keys', { key: k2.publicOpenSsh })).headers['location']).toBe(
      `/acme/users/bob/keys/${encodeURIComponent(k2.md5)}`,
    );
  });

  it('answers a PUT without role-tag 200 with the current tags, leaving them as they were', async () => {
    const none = await t.api('PUT', '/my/packages', {});
    expect([none.status, none.body]).toEqual([200, { name: '/acme/packages', 'role-tag': [] }]);
    const kept = await t.api('PUT', '/my/users', {});
    expect([kept.status, kept.body]).toEqual([200, { name: '/acme/users', 'role-tag': ['partners'] }]);
  });
});

describe('headers, authentication messages and fabrics', () => {
  it('sends the CORS headers on every answer, successes and errors alike', async () => {
    for (const [path, as] of [
      ['/my/users', t.owner],
      ['/my/nothing-here', t.owner],
      ['/my/users', undefined],
    ] as const) {
      const r = as === undefined ? await unsigned('GET', path) : await t.api('GET', path, undefined, as);
      expect(r.headers['access-control-allow-origin']).toBe('*');
      expect(r.headers['access-control-allow-headers']).toBe(
        'Accept, Accept-Version, Content-Length, Content-MD5, Content-Type, Date, Api-Version, Response-Time',
      );
      expect(r.headers['access-control-expose-headers']).toBe('Api-Version, Request-Id, Response-Time');
    }
    expect((await t.api('GET', '/my/users')).headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT');
  });

  it('refuses a sub-user keyId when the version asked for is older than 7.2.0', async () => {
    const ann: SignOptions = { keyId: `/acme/users/ann/keys/${userKey.md5}`, key: userKey };
    const r = await t.api('GET', '/my/users/ann', undefined, ann, { 'accept-version': '~7.1' });
    expect([r.status, r.body]).toEqual([
      401,
      {
        code: 'InvalidCredentials',
        message: `Invalid KeyId /acme/users/ann/keys/${userKey.md5} in authorization header`,
      },
    ]);
    expect((await t.api('GET', '/my/users/ann', undefined, ann, { 'accept-version': '~7.2' })).status).not.toBe(401);
  });

  it('says "Account or user is disabled" for a disabled sub-user', async () => {
    const account = t.emulator.context.store.tryAccount('acme')!;
    const ann = account.users.currentAll().find((u) => u.login === 'ann')!;
    account.users.put({ ...ann, disabled: true }, t.emulator.context.clock());
    const r = await t.api('GET', '/my/users/ann', undefined, {
      keyId: `/acme/users/ann/keys/${userKey.md5}`,
      key: userKey,
    });
    expect([r.status, r.body]).toEqual([403, { code: 'NotAuthorized', message: 'Account or user is disabled' }]);
    account.users.put({ ...ann, disabled: false }, t.emulator.context.clock());
  });

  it('lets pre-signed URL parameters win over a valid Authorization header', async () => {
    const path = '/acme/users';
    const host = new URL(t.emulator.cloudapiUrl).host;
    const presigned = (expires: number, signedHost: string): string => {
      const params = new URLSearchParams({ algorithm: 'rsa-sha256', expires: String(expires), keyId: t.owner.keyId });
      const sorted = [...params.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&');
      const signature = signString(t.key, 'rsa-sha256', ['GET', signedHost, path, sorted].join('\n'));
      return `${path}?${sorted}&signature=${encodeURIComponent(signature)}`;
    };
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await unsigned('GET', presigned(future, host))).status).toBe(200);
    const expired = await t.api('GET', presigned(Math.floor(Date.now() / 1000) - 10, host));
    expect([expired.status, expired.body.code]).toEqual([401, 'InvalidCredentials']);
    const wrongHost = await t.api('GET', presigned(future, 'elsewhere.example:443'));
    expect([wrongHost.status, wrongHost.body.code]).toEqual([401, 'InvalidCredentials']);
    const partial = await t.api('GET', `${path}?expires=${future}`);
    expect([partial.status, partial.body.message]).toEqual([
      400,
      'Authorization header invalid: parameters "algorithm, keyId, signature" are required',
    ]);
  });

  it('answers the fabric routes after authentication: the default VLAN only, unknown VLANs and networks 404', async () => {
    // A new account's VLAN list, as sdc-cloudapi test/fabrics.test.js expects it.
    expect((await t.api('GET', '/my/fabrics/default/vlans')).body).toEqual([{ name: 'My-Fabric-VLAN', vlan_id: 2 }]);
    for (const [method, path] of [
      ['GET', '/my/fabrics/default/vlans/3'],
      ['GET', '/my/fabrics/default/vlans/3/networks'],
      ['DELETE', '/my/fabrics/default/vlans/3/networks/abc'],
    ] as const) {
      const r = await t.api(method, path);
      expect([r.status, r.body]).toEqual([404, { code: 'ResourceNotFound', message: 'vlan not found' }]);
    }
    expect((await unsigned('GET', '/my/fabrics/default/vlans')).status).toBe(401);
  });
});

/** A request with no signature at all. */
async function unsigned(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const res = await request(`${t.emulator.cloudapiUrl}${path}`, {
    method: method as 'GET',
    headers: { accept: 'application/json', 'accept-version': '~9' },
  });
  const text = await res.body.text();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
  return { status: res.statusCode, headers, body: text === '' ? undefined : JSON.parse(text) };
}
