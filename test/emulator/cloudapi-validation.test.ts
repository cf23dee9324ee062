import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  await t.close();
});

const user = (login: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  login,
  email: `${login.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
  password: 'secret123',
  ...extra,
});

describe('CreateUser validation', () => {
  it('rejects a request without login, email and password with MissingParameter naming them', async () => {
    const r = await t.api('POST', '/my/users', {});
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      code: 'MissingParameter',
      message: 'Request is missing required parameters: login, email, password',
    });
  });

  it.each([
    ['ab', 'must be 3 to 32 characters'],
    ['a'.repeat(33), 'must be 3 to 32 characters'],
    ['1abc', 'must start with a letter'],
    ['bad-login', 'must start with a letter'],
    ['local', 'is reserved'],
  ])('rejects the login %s with InvalidArgument', async (login, rule) => {
    const r = await t.api(
      'POST',
      '/my/users',
      user(login, { email: `${login.length}-${login.slice(0, 8)}@example.com` }),
    );
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('InvalidArgument');
    expect(r.body.message).toContain(rule);
  });

  it('treats logins that differ only in case as the same login', async () => {
    expect((await t.api('POST', '/my/users', user('Dupe'))).status).toBe(201);
    const r = await t.api('POST', '/my/users', user('dupe', { email: 'other-dupe@example.com' }));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: 'InvalidArgument', message: 'Login is already taken' });
  });

  it('rejects an email that does not look like one', async () => {
    const r = await t.api('POST', '/my/users', user('mailless', { email: 'not-an-email' }));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('"not-an-email"');
  });

  it('rejects an email already used anywhere in the cloud, including by the account', async () => {
    const r = await t.api('POST', '/my/users', user('thief', { email: 'acme@example.com' }));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('already taken');
  });

  it.each([
    ['short1', 'at least 7 characters'],
    ['lettersonly', 'letter and one digit'],
    ['12345678', 'letter and one digit'],
  ])('rejects the password %s without echoing it', async (password, rule) => {
    const r = await t.api('POST', '/my/users', user('pwuser', { password }));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain(rule);
    expect(r.body.message).not.toContain(password);
  });
});

describe('UpdateUser and ChangeUserPassword', () => {
  it('updates by UUID only, and a login taken by another user is refused', async () => {
    const a = (await t.api('POST', '/my/users', user('upa'))).body;
    await t.api('POST', '/my/users', user('upb'));
    expect((await t.api('POST', '/my/users/upa', { firstName: 'A' })).status).toBe(404);
    const ok = await t.api('POST', `/my/users/${a.id}`, { firstName: 'Ann' });
    expect(ok.body.firstName).toBe('Ann');
    const clash = await t.api('POST', `/my/users/${a.id}`, { login: 'UPB' });
    expect(clash.body).toEqual({ code: 'InvalidArgument', message: 'Login is already taken' });
  });

  it('requires both password fields to match, and refuses the last four passwords', async () => {
    const u = (await t.api('POST', '/my/users', user('pwchange'))).body;
    const path = `/my/users/${u.id}/change_password`;
    expect((await t.api('POST', path, { password: 'newpass1' })).body.code).toBe('MissingParameter');
    expect(
      (await t.api('POST', path, { password: 'newpass1', password_confirmation: 'newpass2' })).body.message,
    ).toContain('do not match');
    for (const pw of ['second22', 'third333', 'fourth44']) {
      expect((await t.api('POST', path, { password: pw, password_confirmation: pw })).status).toBe(200);
    }
    const reuse = await t.api('POST', path, { password: 'secret123', password_confirmation: 'secret123' });
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toContain('last 4 passwords');
    const fifthBack = await t.api('POST', path, { password: 'fifth555', password_confirmation: 'fifth555' });
    expect(fifthBack.status).toBe(200);
  });
});

describe('roles and policies', () => {
  it('requires a policy name and rules, and refuses a duplicate name', async () => {
    expect((await t.api('POST', '/my/policies', { rules: ['CAN getuser'] })).body.message).toBe(
      'Request is missing required parameters: name',
    );
    expect((await t.api('POST', '/my/policies', { name: 'p-dup', rules: ['CAN getuser'] })).status).toBe(201);
    expect((await t.api('POST', '/my/policies', { name: 'p-dup', rules: ['CAN getuser'] })).body).toEqual({
      code: 'InvalidArgument',
      message: 'Name is not unique',
    });
  });

  it('parses rules with the access-control grammar and names an unknown condition', async () => {
    const r = await t.api('POST', '/my/policies', { name: 'p-bad', rules: ['CAN getuser WHEN colour = blue'] });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('InvalidArgument');
    expect(r.body.message).toContain('colour');
    const syntax = await t.api('POST', '/my/policies', { name: 'p-bad2', rules: ['getuser please'] });
    expect(syntax.status).toBe(409);
  });

  it('refuses a role without a name, named "true", or a duplicate name', async () => {
    expect((await t.api('POST', '/my/roles', {})).body.code).toBe('MissingParameter');
    expect((await t.api('POST', '/my/roles', { name: 'true' })).body.code).toBe('InvalidArgument');
    expect((await t.api('POST', '/my/roles', { name: 'r-dup' })).status).toBe(201);
    expect((await t.api('POST', '/my/roles', { name: 'r-dup' })).body.message).toBe('Name is not unique');
  });

  it('refuses policies on the administrator role', async () => {
    await t.api('POST', '/my/policies', { name: 'p-admin', rules: ['CAN getuser'] });
    const r = await t.api('POST', '/my/roles', { name: 'administrator', policies: [{ name: 'p-admin' }] });
    expect(r.status).toBe(409);
    expect((await t.api('POST', '/my/roles', { name: 'administrator' })).status).toBe(201);
  });

  it('names an unknown member or policy', async () => {
    const m = await t.api('POST', '/my/roles', { name: 'r-m', members: [{ type: 'subuser', login: 'ghost' }] });
    expect(m.body).toEqual({ code: 'InvalidArgument', message: 'Invalid subuser: ghost' });
    const p = await t.api('POST', '/my/roles', { name: 'r-p', policies: [{ name: 'nopolicy' }] });
    expect(p.body).toEqual({ code: 'InvalidArgument', message: 'Invalid policy: nopolicy' });
  });

  it('accepts the CLI string form and answers in the form the version asks for', async () => {
    await t.api('POST', '/my/users', user('formuser'));
    await t.api('POST', '/my/policies', { name: 'p-form', rules: ['CAN getuser'] });
    const r = await t.api('POST', '/my/roles', {
      name: 'r-form',
      members: ['formuser'],
      default_members: ['formuser'],
      policies: ['p-form'],
    });
    expect(r.status).toBe(201);
    expect(r.body.members).toEqual([{ type: 'subuser', id: expect.any(String), login: 'formuser', default: true }]);
    expect(r.body.policies).toEqual([{ id: expect.any(String), name: 'p-form' }]);
    const old = await t.api('GET', '/my/roles/r-form', undefined, undefined, { 'accept-version': '~8' });
    expect(old.body).toEqual({
      id: r.body.id,
      name: 'r-form',
      members: ['formuser'],
      default_members: ['formuser'],
      policies: ['p-form'],
    });
  });

  it('answers UpdateRole on a missing role 404 ResourceNotFound and UpdatePolicy on a missing policy 409 MissingParameter, creating neither', async () => {
    const role = await t.api('POST', '/my/roles/r-upsert', { name: 'r-upsert' });
    expect([role.status, role.body]).toEqual([404, { code: 'ResourceNotFound', message: 'r-upsert does not exist' }]);
    expect((await t.api('GET', '/my/roles/r-upsert')).status).toBe(404);
    const policy = await t.api('POST', '/my/policies/p-upsert', { name: 'p-upsert', rules: ['CAN getuser'] });
    expect([policy.status, policy.body.code]).toEqual([409, 'MissingParameter']);
    expect((await t.api('GET', '/my/policies/p-upsert')).status).toBe(404);
    const badRules = await t.api('POST', '/my/policies/p-upsert', { rules: ['getuser please'] });
    expect([badRules.status, badRules.body.code]).toEqual([409, 'InvalidArgument']);
  });
});

describe('keys', () => {
  it('refuses a missing key, a one-part key and a duplicate with the documented messages', async () => {
    expect((await t.api('POST', '/my/keys', { name: 'x' })).body).toEqual({
      code: 'MissingParameter',
      message: 'key is a required argument',
    });
    expect((await t.api('POST', '/my/keys', { key: 'ssh-rsa' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'key is invalid',
    });
    expect((await t.api('POST', '/my/keys', { key: 'ssh-rsa AAAAnot-a-key' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'key already exists or is invalid',
    });
    expect((await t.api('POST', '/my/keys', { key: t.key.publicOpenSsh })).body.message).toBe(
      'key already exists or is invalid',
    );
  });

  it('names a key after its comment when no name is given', async () => {
    const k = generateTestKey('ed25519', 'laptop@home');
    const r = await t.api('POST', '/my/keys', { key: k.publicOpenSsh });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'laptop@home', fingerprint: k.md5, attested: false });
    expect((await t.api('GET', `/my/keys/${k.md5}`)).body.name).toBe('laptop@home');
    expect((await t.api('DELETE', '/my/keys/laptop@home')).status).toBe(204);
    expect((await t.api('GET', `/my/keys/${k.md5}`)).status).toBe(404);
  });
});

describe('role tags', () => {
  it('refuses an unknown collection, an unknown user and an unknown role', async () => {
    await t.api('POST', '/my/roles', { name: 'tagger' });
    expect((await t.api('PUT', '/my/widgets', { 'role-tag': ['tagger'] })).body).toEqual({
      code: 'ResourceNotFound',
      message: 'widgets is not a valid resource',
    });
    expect((await t.api('PUT', '/my/users/nobody', { 'role-tag': ['tagger'] })).status).toBe(404);
    expect((await t.api('PUT', '/my/machines', { 'role-tag': ['tagger', 'nope'] })).body).toEqual({
      code: 'InvalidArgument',
      message: 'Role(s) nope not found',
    });
  });

  it('stores tags by literal path, reads them in the role-tag header, and clears them with []', async () => {
    await t.api('POST', '/my/roles', { name: 'tag2' });
    const set = await t.api('PUT', '/my/packages', { 'role-tag': ['tagger', 'tag2'] });
    expect(set.body).toEqual({ name: '/acme/packages', 'role-tag': ['tagger', 'tag2'] });
    expect((await t.api('GET', '/my/packages')).headers['role-tag']).toBe('tagger,tag2');
    expect((await t.api('GET', '/acme/packages')).headers['role-tag']).toBe('tagger,tag2');
    expect((await t.api('HEAD', '/my/packages')).headers['role-tag']).toBe('tagger,tag2');
    await t.api('PUT', '/my/packages', { 'role-tag': [] });
    expect((await t.api('GET', '/my/packages')).headers['role-tag']).toBeUndefined();
  });

  it('accepts the role-tag header instead of a body', async () => {
    const r = await t.api('PUT', '/my', undefined, undefined, { 'role-tag': 'tagger' });
    expect(r.body).toEqual({ name: '/acme', 'role-tag': ['tagger'] });
    expect((await t.api('GET', '/my')).headers['role-tag']).toBe('tagger');
  });
});
