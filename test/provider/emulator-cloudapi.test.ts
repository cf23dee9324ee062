import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningEmulator } from '../../emulator/index.js';
import { generateTestKey, writeTestKey } from '../../scripts/support/keys.js';
import { rejectionOf } from '../support/rejection.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';
import {
  createCloudApiClient,
  loadKeyMaterial,
  resolveConfig,
  TritonApiError,
  type CloudApiClient,
} from '../../provider/index.js';

let world: AccountWorld;
let emulator: RunningEmulator;
let client: CloudApiClient;

beforeAll(async () => {
  world = await startAccountWorld({ keyType: 'rsa' });
  ({ emulator, cloudapi: client } = world);
});

afterAll(async () => world?.close());

const rejection = (promise: Promise<unknown>): Promise<TritonApiError> => rejectionOf(promise, TritonApiError);

describe('CloudAPI client against the emulator: account', () => {
  it('pings and reads the datacenter name', async () => {
    const ping = await client.ping();
    expect(ping.ping).toBe('pong');
    expect(ping.cloudapi?.versions).toContain('9.0.0');
  });

  it('reads and updates the account, its limits and config', async () => {
    expect(await client.getAccount()).toMatchObject({ login: 'acme' });
    expect(await client.updateAccount({ companyName: 'Acme Inc' })).toMatchObject({
      login: 'acme',
      companyName: 'Acme Inc',
    });
    expect(Array.isArray(await client.getAccountLimits())).toBe(true);
    const config = await client.getConfig();
    expect(await client.updateConfig(config)).toEqual(config);
  });

  it('lists datacenters and services and resolves a datacenter to its URL', async () => {
    const datacenters = await client.listDatacenters();
    const [name, url] = Object.entries(datacenters)[0]!;
    expect(await client.getDatacenter(name)).toBe(url);
    expect(typeof (await client.listServices())).toBe('object');
    const err = await rejection(client.getDatacenter('no-such-dc'));
    expect(err).toMatchObject({ status: 404, apiCode: 'ResourceNotFound', operation: 'GetDatacenter' });
  });

  it('recognises InvalidVersion for an unsupported Accept-Version', async () => {
    const old = createCloudApiClient({
      url: emulator.cloudapiUrl,
      account: 'acme',
      signer: world.signer,
      acceptVersion: '~1',
      retry: false,
    });
    try {
      expect((await rejection(old.ping())).isInvalidVersion).toBe(true);
    } finally {
      await old.close();
    }
  });
});

describe('CloudAPI client against the emulator: configuration', () => {
  it('works from a ~/.triton profile and a key found in ~/.ssh by fingerprint, as the standard CLI would', async () => {
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    mkdirSync(join(home, '.triton', 'profiles.d'), { recursive: true });
    mkdirSync(join(home, '.ssh'));
    writeFileSync(
      join(home, '.triton', 'profiles.d', 'local.json'),
      JSON.stringify({ url: emulator.cloudapiUrl, account: 'acme', keyId: world.ownerKey.md5 }),
    );
    writeFileSync(join(home, '.triton', 'config.json'), JSON.stringify({ profile: 'local' }));
    writeTestKey(world.ownerKey, 'acme', join(home, '.ssh'));
    const config = await resolveConfig({ home, env: {} });
    const fromProfile = createCloudApiClient(config.cloudapi!);
    try {
      expect(await fromProfile.getAccount()).toMatchObject({ login: 'acme' });
    } finally {
      await fromProfile.close();
    }
  });
});

describe('CloudAPI client against the emulator: keys', () => {
  it('creates, lists, gets and deletes an account key', async () => {
    const extra = generateTestKey('ecdsa-p256', 'ci@acme');
    const created = await client.createKey({ key: extra.publicOpenSsh, name: 'ci' });
    expect(created).toMatchObject({ name: 'ci', fingerprint: extra.md5 });
    expect((await client.listKeys()).map((k) => k.fingerprint)).toContain(extra.md5);
    expect(await client.getKey(extra.md5)).toMatchObject({ name: 'ci' });
    await client.deleteKey(extra.md5);
    expect(await rejection(client.getKey(extra.md5))).toMatchObject({ status: 404, operation: 'GetKey' });
  });
});

describe('CloudAPI client against the emulator: users, roles, policies and role tags', () => {
  const bobKey = generateTestKey('ecdsa-p256', 'bob@laptop');

  it('manages a sub-user, its password and its keys', async () => {
    const bob = await client.createUser({ login: 'bob', email: 'bob@example.com', password: 'passw0rd1' });
    expect(bob).toMatchObject({ login: 'bob', email: 'bob@example.com' });
    expect(bob).not.toHaveProperty('password');
    expect((await client.listUsers()).map((u) => u.login)).toContain('bob');
    expect(await client.getUser('bob')).toMatchObject({ id: bob.id });
    expect(await client.updateUser(bob.id, { firstName: 'Bob' })).toMatchObject({ firstName: 'Bob' });
    await client.changeUserPassword(bob.id, 'newpassw0rd2');
    const key = await client.createUserKey('bob', { key: bobKey.publicOpenSsh });
    expect(key.fingerprint).toBe(bobKey.md5);
    expect((await client.listUserKeys('bob')).map((k) => k.fingerprint)).toEqual([bobKey.md5]);
    expect(await client.getUserKey('bob', bobKey.md5)).toMatchObject({ fingerprint: bobKey.md5 });
  });

  it('lets the sub-user authenticate with the /users/ key id, and denies it until a role allows', async () => {
    const asBob = createCloudApiClient({
      url: emulator.cloudapiUrl,
      account: 'acme',
      user: 'bob',
      signer: loadKeyMaterial(bobKey.privateOpenSsh),
      retry: false,
    });
    try {
      // 403 (not 401): the signature was accepted, RBAC said no.
      expect(await rejection(asBob.listUsers())).toMatchObject({
        status: 403,
        apiCode: 'NotAuthorized',
        operation: 'ListUsers',
      });
      const policy = await client.createPolicy({
        name: 'read-users',
        rules: ['CAN listusers'],
        description: 'list users',
      });
      const role = await client.createRole({
        name: 'user-readers',
        members: [{ type: 'subuser', login: 'bob', default: true }],
        policies: [{ name: 'read-users' }],
      });
      expect(role.policies).toEqual([{ id: policy.id, name: 'read-users' }]);
      expect(await client.setRoleTags('users', ['user-readers'])).toMatchObject({ 'role-tag': ['user-readers'] });
      expect(await client.getRoleTags('/acme/users')).toEqual(['user-readers']);
      expect((await asBob.listUsers()).map((u) => u.login)).toContain('bob');
      expect((await client.getUser('bob', { membership: true })).default_roles).toEqual(['user-readers']);
    } finally {
      await asBob.close();
    }
  });

  it('reads, updates and deletes roles and policies', async () => {
    const policy = await client.createPolicy({ name: 'reboot', rules: ['CAN rebootmachine'] });
    expect(await client.getPolicy('reboot')).toMatchObject({ id: policy.id, rules: ['CAN rebootmachine'] });
    expect(await client.updatePolicy(policy.id, { rules: ['CAN rebootmachine', 'CAN getmachine'] })).toMatchObject({
      rules: ['CAN rebootmachine', 'CAN getmachine'],
    });
    expect((await client.listPolicies()).map((p) => p.name)).toContain('reboot');
    const role = await client.createRole({ name: 'operators', policies: [{ id: policy.id }] });
    expect(await client.getRole('operators')).toMatchObject({ id: role.id });
    expect(
      await client.updateRole(role.id, { name: 'operators', members: [{ type: 'subuser', login: 'bob' }] }),
    ).toMatchObject({ members: [{ login: 'bob', default: false }] });
    expect((await client.listRoles()).map((r) => r.name)).toContain('operators');
    await client.deleteRole(role.id);
    await client.deletePolicy(policy.id);
    expect(await rejection(client.getRole(role.id))).toMatchObject({ status: 404, operation: 'GetRole' });
  });

  it('passes the server validation message through', async () => {
    const err = await rejection(client.createRole({ name: 'ghosts', members: [{ type: 'subuser', login: 'nobody' }] }));
    expect(err).toMatchObject({ status: 409, apiCode: 'InvalidArgument', operation: 'CreateRole' });
    expect(err.message).toContain('nobody');
  });

  it('deletes a user key and the user', async () => {
    await client.deleteUserKey('bob', bobKey.md5);
    expect(await client.listUserKeys('bob')).toEqual([]);
    await client.deleteUser('bob');
    expect(await rejection(client.getUser('bob'))).toMatchObject({ status: 404, operation: 'GetUser' });
  });
});

describe('CloudAPI client against the emulator: images and machines', () => {
  it('creates an image from a stopped machine, exports it to Manta and deletes it', async () => {
    const machines = await client.listMachines();
    const stopped = machines.find((m) => m.state === 'stopped')!;
    expect(await client.getMachine(stopped.id)).toMatchObject({ id: stopped.id });
    const image = await client.createImageFromMachine({ machine: stopped.id, name: 'web', version: '1.0.0' });
    expect(image).toMatchObject({ name: 'web', version: '1.0.0' });
    let state = image.state;
    for (let i = 0; i < 2000 && state !== 'active'; i += 1) {
      // a budget far past any load, not a check
      await sleep(50);
      state = (await client.getImage(image.id)).state;
    }
    expect(state).toBe('active');
    expect((await client.listImages({ name: 'web' })).map((i) => i.id)).toEqual([image.id]);
    await world.manta.putDirectory('~~/stor/images');
    const exported = await client.exportImage(image.id, '/acme/stor/images');
    expect(exported.manifest_path).toBe('/acme/stor/images/web-1.0.0.imgmanifest');
    expect(await world.manta.headObject(exported.manifest_path)).toMatchObject({ type: 'object' });
    await client.deleteImage(image.id);
    expect(await rejection(client.getImage(image.id))).toMatchObject({ status: 404, operation: 'GetImage' });
  });
});
