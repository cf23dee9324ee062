import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import type { SignOptions } from '../../scripts/support/signer.js';

let t: TestEmulator;
let bob: SignOptions;

beforeAll(async () => {
  t = await startTestEmulator();
  const key = generateTestKey('ecdsa-p256', 'bob@test');
  await t.api('POST', '/my/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' });
  await t.api('POST', '/my/users', { login: 'eve', email: 'eve@example.com', password: 'secret123' });
  await t.api('POST', '/my/users/bob/keys', { key: key.publicOpenSsh });
  bob = { keyId: `/acme/users/bob/keys/${key.md5}`, key };
  await t.api('POST', '/my/policies', { name: 'read-users', rules: ['CAN getuser AND listusers'] });
  await t.api('POST', '/my/policies', { name: 'read-keys', rules: ['CAN listkeys'] });
  await t.api('POST', '/my/policies', { name: 'lan-only', rules: ['CAN getaccount WHEN sourceip = 10.0.0.0/8'] });
  await t.api('POST', '/my/policies', { name: 'loopback', rules: ['CAN listmachines WHEN sourceip = 127.0.0.0/8'] });
  await t.api('POST', '/my/policies', { name: 'never', rules: ['CAN listroles WHEN day = Monday AND day = Tuesday'] });
  await t.api('POST', '/my/roles', {
    name: 'readers',
    members: [{ type: 'subuser', login: 'bob', default: true }],
    policies: [{ name: 'read-users' }],
  });
  await t.api('POST', '/my/roles', {
    name: 'keyholders',
    members: [{ type: 'subuser', login: 'bob', default: false }],
    policies: [{ name: 'read-keys' }],
  });
  await t.api('POST', '/my/roles', {
    name: 'lan',
    members: [{ type: 'subuser', login: 'bob', default: true }],
    policies: [{ name: 'lan-only' }, { name: 'never' }, { name: 'loopback' }],
  });
  await t.api('POST', '/my/roles', {
    name: 'eves',
    members: [{ type: 'subuser', login: 'eve', default: true }],
    policies: [{ name: 'read-users' }],
  });
  await t.api('PUT', '/my/users', { 'role-tag': ['readers'] });
  await t.api('PUT', '/my/users/eve', { 'role-tag': ['readers'] });
  await t.api('PUT', '/my/keys', { 'role-tag': ['keyholders'] });
  await t.api('PUT', '/my', { 'role-tag': ['lan'] });
  await t.api('PUT', '/my/roles', { 'role-tag': ['lan'] });
  await t.api('PUT', '/my/machines', { 'role-tag': ['lan'] });
});
afterAll(async () => {
  await t.close();
});

describe('RBAC for sub-users', () => {
  it('allows an action granted by a default role tagged on the resource', async () => {
    const r = await t.api('GET', '/my/users', undefined, bob);
    expect(r.status).toBe(200);
    expect(r.body.map((u: { login: string }) => u.login)).toEqual(['bob', 'eve']);
  });

  it('lets a collection tag cover its items', async () => {
    expect((await t.api('GET', '/my/users/eve', undefined, bob)).status).toBe(200);
  });

  it('denies an action no rule grants, with the documented message', async () => {
    const r = await t.api('DELETE', '/my/users/eve', undefined, bob);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: 'NotAuthorized',
      message: 'You do not have permission to access /acme/users/eve (deleteuser)',
    });
  });

  it('denies a resource that carries no tag of an active role', async () => {
    const r = await t.api('GET', '/my/policies', undefined, bob);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('You do not have permission to access /acme/policies (listpolicies)');
  });

  it('takes up a non-default role only through as-role, which replaces the defaults', async () => {
    expect((await t.api('GET', '/my/keys', undefined, bob)).status).toBe(403);
    expect((await t.api('GET', '/my/keys?as-role=keyholders', undefined, bob)).status).toBe(200);
    // The default role "readers" is no longer active for that request.
    expect((await t.api('GET', '/my/users?as-role=keyholders', undefined, bob)).status).toBe(403);
  });

  it('refuses as-role naming a role the user is not a member of', async () => {
    expect((await t.api('GET', '/my/users?as-role=eves', undefined, bob)).status).toBe(403);
  });

  it('evaluates WHEN conditions: a source-IP rule does not match loopback', async () => {
    expect((await t.api('GET', '/my', undefined, bob)).status).toBe(403);
  });

  it('evaluates WHEN conditions: a source-IP rule for loopback grants', async () => {
    expect((await t.api('GET', '/my/machines', undefined, bob)).status).toBe(200);
  });

  it('evaluates day conditions that can never hold as a denial', async () => {
    expect((await t.api('GET', '/my/roles', undefined, bob)).status).toBe(403);
  });

  it('never limits the account owner, and the owner ignores as-role', async () => {
    expect((await t.api('GET', '/my/policies?as-role=nothing')).status).toBe(200);
  });

  it('lists a user membership with roles and default roles', async () => {
    const r = await t.api('GET', '/my/users/bob?membership=true');
    expect(r.body.roles).toEqual(['readers', 'keyholders', 'lan']);
    expect(r.body.default_roles).toEqual(['readers', 'lan']);
  });
});
