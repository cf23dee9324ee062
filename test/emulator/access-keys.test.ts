/**
 * Access keys over raw signed HTTP, as node-triton's unreleased master (`lib/cloudapi2.js`, the
 * `triton accesskeys` and `triton rbac accesskey` commands) calls them, against the server's
 * behaviour (sdc-cloudapi lib/endpoints/accesskeys.js over node-ufds and the sdc-ufds schema): the
 * secret only in the create's answer, statuses and description limits, the errors, and RBAC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import type { SignOptions } from '../../scripts/support/signer.js';
import { isAccessKeySecret } from '../../kinds/access-key/emulator/access-key-store.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;
let annKey: TestKeyPair;
let ann: SignOptions;

/** The fields CloudAPI answers for a key (translateAccessKey), never the secret. */
const KEY_FIELDS = ['accesskeyid', 'created', 'credentialtype', 'expiration', 'status', 'updated'];

beforeAll(async () => {
  t = await startTestEmulator();
  annKey = generateTestKey('ed25519', 'ann@test');
  ann = { keyId: `/acme/users/ann/keys/${annKey.md5}`, key: annKey };
  expect(
    (await t.api('POST', '/my/users', { login: 'ann', email: 'ann@example.com', password: 'secret123' })).status,
  ).toBe(201);
  expect((await t.api('POST', '/my/users/ann/keys', { key: annKey.publicOpenSsh })).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe("the account's access keys (triton accesskeys)", () => {
  it('creates an Active key with a server-made id and a checksummed tdc_ secret, answered only by the create', async () => {
    // createAccessKey: POST /<account>/accesskeys with the options as the body (here none).
    const created = await t.api('POST', '/acme/accesskeys', {});
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual([...KEY_FIELDS, 'accesskeysecret'].sort());
    expect(created.body.accesskeyid).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body.status).toBe('Active');
    expect(created.body.credentialtype).toBe('permanent');
    expect(created.body.expiration).toBeNull();
    expect(isAccessKeySecret(created.body.accesskeysecret)).toBe(true);
    expect(isAccessKeySecret(`${created.body.accesskeysecret.slice(0, -2)}AA`)).toBe(false);
    expect(created.headers['location']).toBe(`/acme/accesskeys/${created.body.accesskeyid}`);

    const id = created.body.accesskeyid as string;
    const secret = created.body.accesskeysecret as string;
    const got = await t.api('GET', `/acme/accesskeys/${id}`);
    const listed = await t.api('GET', '/acme/accesskeys');
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual(KEY_FIELDS);
    expect(JSON.stringify(got.body) + JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.map((k: { accesskeyid: string }) => k.accesskeyid)).toContain(id);
  });

  it('takes status and description at create and changes them in place, answering 201 without the secret', async () => {
    const created = await t.api('POST', '/my/accesskeys', { status: 'Inactive', description: 'ci deploys' });
    expect([created.body.status, created.body.description]).toEqual(['Inactive', 'ci deploys']);
    const id = created.body.accesskeyid as string;
    // updateAccessKey: POST /<account>/accesskeys/<id> with only the fields given.
    const updated = await t.api('POST', `/acme/accesskeys/${id}`, { status: 'Active' });
    expect(updated.status).toBe(201);
    expect([updated.body.status, updated.body.description]).toEqual(['Active', 'ci deploys']);
    expect(updated.body).not.toHaveProperty('accesskeysecret');
    expect(updated.headers['location']).toBe(`/acme/accesskeys/${id}`);
    const described = await t.api('POST', `/acme/accesskeys/${id}`, { description: 'ci deploys, 2026' });
    expect([described.body.status, described.body.description]).toEqual(['Active', 'ci deploys, 2026']);
    expect((await t.api('GET', `/acme/accesskeys/${id}`)).body.description).toBe('ci deploys, 2026');
  });

  it("refuses a bad status or a long description with UFDS's words, several joined by a newline", async () => {
    const badStatus = await t.api('POST', '/acme/accesskeys', { status: 'Enabled' });
    expect([badStatus.status, badStatus.body]).toEqual([
      409,
      { code: 'InvalidArgument', message: 'status must be one of: Active, Inactive, Expired' },
    ]);
    const both = await t.api('POST', '/acme/accesskeys', { status: 'x', description: 'd'.repeat(151) });
    expect(both.body.message).toBe(
      'status must be one of: Active, Inactive, Expired\ndescription must be 150 characters in length or less',
    );
    const id = (await t.api('POST', '/acme/accesskeys', { description: 'd'.repeat(150) })).body.accesskeyid;
    const badUpdate = await t.api('POST', `/acme/accesskeys/${id}`, { status: 'Disabled' });
    expect([badUpdate.status, badUpdate.body.code]).toEqual([409, 'InvalidArgument']);
  });

  it('deletes a key (204), after which get and delete are 404 and an update 409, as CloudAPI wraps it', async () => {
    const id = (await t.api('POST', '/acme/accesskeys', {})).body.accesskeyid as string;
    expect((await t.api('DELETE', `/acme/accesskeys/${id}`)).status).toBe(204);
    expect((await t.api('GET', `/acme/accesskeys/${id}`)).body).toEqual({
      code: 'ResourceNotFound',
      message: `${id} does not exist`,
    });
    expect((await t.api('DELETE', `/acme/accesskeys/${id}`)).status).toBe(404);
    expect((await t.api('POST', `/acme/accesskeys/${id}`, { status: 'Inactive' })).body).toEqual({
      code: 'InvalidArgument',
      message: `${id} does not exist`,
    });
  });
});

describe("a sub-user's access keys (triton rbac accesskey)", () => {
  it('creates, lists, updates and deletes them under /users/<user>/accesskeys, ignoring the userId node-triton sends', async () => {
    // createUserAccessKey sends its whole options object, userId included, as the body.
    const created = await t.api('POST', '/acme/users/ann/accesskeys', { userId: 'ann', description: 'ann s3' });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('userId');
    expect(created.headers['location']).toBe(`/acme/users/ann/accesskeys/${created.body.accesskeyid}`);
    const id = created.body.accesskeyid as string;
    const listed = await t.api('GET', '/acme/users/ann/accesskeys');
    expect(listed.body.map((k: { accesskeyid: string }) => k.accesskeyid)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.accesskeysecret);
    // The account's own list does not show a sub-user's keys, nor the other way round.
    expect(
      (await t.api('GET', '/acme/accesskeys')).body.map((k: { accesskeyid: string }) => k.accesskeyid),
    ).not.toContain(id);
    expect((await t.api('GET', `/acme/accesskeys/${id}`)).status).toBe(404);
    const updated = await t.api('POST', `/acme/users/ann/accesskeys/${id}`, { status: 'Inactive' });
    expect([updated.status, updated.body.status]).toEqual([201, 'Inactive']);
    expect((await t.api('GET', `/acme/users/ann/accesskeys/${id}`)).body.status).toBe('Inactive');
    expect((await t.api('DELETE', `/acme/users/ann/accesskeys/${id}`)).status).toBe(204);
    expect((await t.api('GET', '/acme/users/ann/accesskeys')).body).toEqual([]);
  });

  it('answers 404 for a sub-user that does not exist', async () => {
    const r = await t.api('POST', '/acme/users/nobody/accesskeys', {});
    expect([r.status, r.body]).toEqual([404, { code: 'ResourceNotFound', message: 'User nobody does not exist' }]);
  });

  it('refuses a 101st key with 403', async () => {
    await t.api('POST', '/my/users', { login: 'many', email: 'many@example.com', password: 'secret123' });
    for (let i = 0; i < 100; i++) expect((await t.api('POST', '/acme/users/many/accesskeys', {})).status).toBe(201);
    expect((await t.api('POST', '/acme/users/many/accesskeys', {})).body).toEqual({
      code: 'Forbidden',
      message: 'Account already has the maximum allowed number of access keys (100)',
    });
  });
});

describe('RBAC on access keys', () => {
  it("never lets a sub-user at the account's keys: CloudAPI takes no role tags on /<account>/accesskeys", async () => {
    await t.api('POST', '/my/policies', { name: 'acctkeys', rules: ['CAN listaccesskeys', 'CAN createaccesskey'] });
    await t.api('POST', '/my/roles', {
      name: 'acctkeyholders',
      members: [{ type: 'subuser', login: 'ann', default: true }],
      policies: [{ name: 'acctkeys' }],
    });
    const tag = await t.api('PUT', '/acme/accesskeys', { 'role-tag': ['acctkeyholders'] });
    expect([tag.status, tag.body]).toEqual([
      404,
      { code: 'ResourceNotFound', message: 'accesskeys is not a valid resource' },
    ]);
    expect((await t.api('GET', '/acme/accesskeys', undefined, ann)).status).toBe(403);
    expect((await t.api('POST', '/acme/accesskeys', {}, ann)).status).toBe(403);
  });

  it("lets a sub-user manage another sub-user's keys with the actions a role tagged on that user grants", async () => {
    await t.api('POST', '/my/users', { login: 'app', email: 'app@example.com', password: 'secret123' });
    await t.api('POST', '/my/policies', {
      name: 'appkeys',
      rules: ['CAN listuseraccesskeys', 'CAN createuseraccesskey', 'CAN updateuseraccesskey'],
    });
    await t.api('POST', '/my/roles', {
      name: 'appkeyholders',
      members: [{ type: 'subuser', login: 'ann', default: true }],
      policies: [{ name: 'appkeys' }],
    });
    expect((await t.api('GET', '/acme/users/app/accesskeys', undefined, ann)).status).toBe(403);
    expect((await t.api('PUT', '/acme/users/app', { 'role-tag': ['appkeyholders'] })).status).toBe(200);
    expect((await t.api('GET', '/acme/users/app/accesskeys', undefined, ann)).status).toBe(200);
    const made = await t.api('POST', '/acme/users/app/accesskeys', { description: 'by ann' }, ann);
    expect(made.status).toBe(201);
    const id = made.body.accesskeyid as string;
    expect((await t.api('POST', `/acme/users/app/accesskeys/${id}`, { status: 'Inactive' }, ann)).status).toBe(201);
    // deleteuseraccesskey is not granted.
    const refused = await t.api('DELETE', `/acme/users/app/accesskeys/${id}`, undefined, ann);
    expect([refused.status, refused.body.code]).toEqual([403, 'NotAuthorized']);
  });
});
