import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { call, type SignOptions } from '../../scripts/support/signer.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';

/**
 * The CloudAPI points of issue 31 (point 19), against sdc-cloudapi: sub-user emails as lib/users.js
 * checks them, another account's user or policy in a role, and ListKeys through a cross-account role.
 */
let emu: RunningEmulator;
let a: TestKeyPair;
let b: TestKeyPair;
let acme: SignOptions;
let beta: SignOptions;

beforeAll(async () => {
  a = generateTestKey('rsa', 'acme@test');
  b = generateTestKey('ecdsa-p256', 'beta@test');
  emu = await startEmulator({
    accounts: [
      { login: 'acme', keys: [a.publicOpenSsh] },
      { login: 'beta', keys: [b.publicOpenSsh] },
    ],
  });
  acme = { keyId: `/acme/keys/${a.md5}`, key: a };
  beta = { keyId: `/beta/keys/${b.md5}`, key: b };
});
afterAll(async () => {
  await emu?.close();
});

describe('CloudAPI against sdc-cloudapi (issue 31, point 19)', () => {
  it('accepts a sub-user email on a bare host, as lib/users.js EMAIL_RE does', async () => {
    const body = { login: 'sub', email: 'name_subuser@localhost', password: 'secret123' };
    const res = await call(emu.cloudapiUrl, 'POST', '/acme/users', { sign: acme, body });
    expect([res.status, res.body.email]).toEqual([201, 'name_subuser@localhost']);
  });

  it("answers 409 InvalidArgument to another account's user or policy in a role", async () => {
    const user = await call(emu.cloudapiUrl, 'POST', '/beta/users', {
      sign: beta,
      body: { login: 'buser', email: 'buser@example.com', password: 'secret123' },
    });
    const policy = await call(emu.cloudapiUrl, 'POST', '/beta/policies', {
      sign: beta,
      body: { name: 'bp', rules: ['CAN getobject'] },
    });
    for (const body of [
      { name: 'r1', members: [{ type: 'subuser', id: user.body.id as string }] },
      { name: 'r2', policies: [{ id: policy.body.id as string }] },
    ]) {
      const res = await call(emu.cloudapiUrl, 'POST', '/acme/roles', { sign: acme, body });
      expect([res.status, res.body.code]).toEqual([409, 'InvalidArgument']);
    }
  });

  it('lets an account list keys through a cross-account role that grants listkeys', async () => {
    const api = (method: string, path: string, body?: unknown) =>
      call(emu.cloudapiUrl, method, path, { sign: acme, ...(body !== undefined ? { body } : {}) });
    expect((await api('POST', '/acme/policies', { name: 'lk', rules: ['CAN listkeys'] })).status).toBe(201);
    const members = [{ type: 'account', login: 'beta', default: true }];
    expect((await api('POST', '/acme/roles', { name: 'kr', members, policies: ['lk'] })).status).toBe(201);
    expect((await api('PUT', '/acme/keys', { 'role-tag': ['kr'] })).status).toBe(200);
    const res = await call(emu.cloudapiUrl, 'GET', '/acme/keys?as-role=kr', { sign: beta });
    expect(res.status).toBe(200);
  });
});
