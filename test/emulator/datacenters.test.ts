/**
 * One cloud of two datacenters in one emulator (issue 44), over real HTTP with signed requests
 * and through the unmodified `triton` CLI: each datacenter's machines, fabric VLANs and firewall
 * rules stay in it; the account's users, roles, policies and keys reach the other datacenter only
 * once replicated (the emulator clock moves past the delay; the test waits on `replicated()`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { call, type SignOptions, type TestResponse } from '../../scripts/support/signer.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { accountKey, type TestEmulator } from './support/emulator.js';
import { vendorTriton, type VendorTriton } from './support/vendor-triton.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
/**
 * Far longer than the test takes in real time (only a move of the emulator clock replicates), short
 * enough that the five moves keep the clock within the 300 s a signature may be off.
 */
const DELAY_MS = 40_000;

let emulator: RunningEmulator;
let offset = 0;
let owner: SignOptions;

/** Calls datacenter `dc`'s CloudAPI (0 = us-east-1, 1 = us-west-1) signed as the owner. */
function api(dc: 0 | 1, method: string, path: string, body?: unknown): Promise<TestResponse> {
  return call(emulator.datacenters[dc]!.cloudapiUrl, method, path, {
    sign: owner,
    ...(body !== undefined ? { body } : {}),
  });
}

/** Moves the emulator clock past every pending replication and waits until it has happened. */
async function replicate(): Promise<void> {
  offset += Math.ceil(DELAY_MS * 1.2) + 1;
  await emulator.replicated();
}

/** The vendor CLI pointed at datacenter `dc`. */
function tritonIn(dc: 0 | 1): VendorTriton {
  const key = accountKey();
  const t = { emulator: { ...emulator, cloudapiUrl: emulator.datacenters[dc]!.cloudapiUrl }, key } as TestEmulator;
  return vendorTriton(t, `triton-dc${dc}-home-`);
}

beforeAll(async () => {
  const key = accountKey();
  owner = { keyId: `/acme/keys/${key.md5}`, key };
  emulator = await startEmulator({
    accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }],
    datacenters: ['us-east-1', 'us-west-1'],
    replicationDelayMs: DELAY_MS,
    seed: 44,
    provisionMs: 0,
    fixtureMachines: false,
    // Real time plus what the test moved on: request signatures (real time) stay within the skew.
    clock: () => Date.now() + offset,
  });
});
afterAll(async () => {
  await emulator?.close();
});

describe('several datacenters of one cloud', () => {
  it('lists every datacenter with its own URL from each, answers with its own name, and redirects to another', async () => {
    const [east, west] = emulator.datacenters;
    expect(emulator.datacenters.map((d) => d.name)).toEqual(['us-east-1', 'us-west-1']);
    expect(east!.cloudapiUrl).toBe(emulator.cloudapiUrl);
    expect(west!.cloudapiUrl).not.toBe(east!.cloudapiUrl);
    for (const dc of [0, 1] as const) {
      const listed = await api(dc, 'GET', '/my/datacenters');
      expect(listed.body).toEqual({ 'us-east-1': east!.cloudapiUrl, 'us-west-1': west!.cloudapiUrl });
      expect(listed.headers['triton-datacenter-name']).toBe(emulator.datacenters[dc]!.name);
    }
    const moved = await api(0, 'GET', '/my/datacenters/us-west-1');
    expect(moved.status).toBe(302);
    expect(moved.headers['location']).toBe(west!.cloudapiUrl);
    expect((await api(1, 'GET', '/my/datacenters/eu-ams-1')).status).toBe(404);
  });

  it("keeps each datacenter's machines, fabric VLANs and firewall rules in it", async () => {
    const machine = await api(0, 'POST', '/my/machines', { image: IMAGE, package: 'g4-highcpu-1G', name: 'east-web' });
    expect(machine.status).toBe(201);
    expect((await api(0, 'POST', '/my/fabrics/default/vlans', { vlan_id: 10, name: 'east-vlan' })).status).toBe(201);
    const rule = await api(0, 'POST', '/my/fwrules', { rule: 'FROM any TO all vms ALLOW tcp PORT 22' });
    expect(rule.status).toBe(201);
    await replicate();

    const names = async (dc: 0 | 1, path: string, field: string): Promise<unknown[]> =>
      ((await api(dc, 'GET', path)).body as Record<string, unknown>[]).map((o) => o[field]);
    expect(await names(0, '/my/machines', 'name')).toEqual(['east-web']);
    expect(await names(1, '/my/machines', 'name')).toEqual([]);
    expect((await api(1, 'GET', `/my/machines/${machine.body.id}`)).status).toBe(404);
    expect(await names(0, '/my/fabrics/default/vlans', 'vlan_id')).toContain(10);
    expect(await names(1, '/my/fabrics/default/vlans', 'vlan_id')).not.toContain(10);
    expect(await names(0, '/my/fwrules', 'id')).toEqual([rule.body.id]);
    expect(await names(1, '/my/fwrules', 'id')).toEqual([]);
  });

  it('shows an account-wide write at once where it was made and in the other datacenter once replicated', async () => {
    const user = { login: 'ann', email: 'ann@example.com', password: 'secret123' };
    const made = await api(0, 'POST', '/my/users', user);
    expect(made.body).toMatchObject({ login: 'ann' });
    expect((await api(0, 'POST', '/my/policies', { name: 'read', rules: ['CAN getmachine'] })).status).toBe(201);
    expect((await api(0, 'POST', '/my/roles', { name: 'ops', members: ['ann'], policies: ['read'] })).status).toBe(201);
    const west = await api(1, 'POST', '/my/machines', { image: IMAGE, package: 'g4-highcpu-1G', name: 'west-web' });
    const westPath = `/my/machines/${west.body.id}`;

    expect((await api(0, 'GET', '/my/users/ann')).status).toBe(200);
    expect((await api(1, 'GET', '/my/users/ann')).status).toBe(404);
    expect((await api(1, 'GET', '/my/roles')).body).toEqual([]);
    // Writes go to the UFDS master: a login taken through us-east-1 is taken in us-west-1 already.
    expect((await api(1, 'POST', '/my/users', { ...user, email: 'ann2@example.com' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'Login is already taken',
    });
    // A role written through us-west-1 finds the policy on the UFDS master, its member in mahi.
    expect((await api(1, 'POST', '/my/roles', { name: 'west', policies: ['read'] })).status).toBe(201);
    const member = await api(1, 'POST', '/my/roles', { name: 'west-ann', members: ['ann'] });
    expect(member.status).toBe(409);
    expect(member.body.message).toBe('Invalid subuser: ann');
    // A role tag in us-west-1 naming a role made through us-east-1 and not yet replicated there:
    // CloudAPI's preloadGroups reads the local UFDS replica (emulator/README.md).
    const early = await api(1, 'PUT', westPath, { 'role-tag': ['ops'] });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ code: 'InvalidArgument', message: 'Role(s) ops not found' });

    await replicate();
    expect((await api(1, 'GET', '/my/users/ann')).body.email).toBe('ann@example.com');
    expect(((await api(1, 'GET', '/my/roles')).body as { name: string }[]).map((r) => r.name)).toEqual(['ops', 'west']);
    expect((await api(1, 'PUT', westPath, { 'role-tag': ['ops'] })).body['role-tag']).toEqual(['ops']);

    // A delete replicates the same way.
    expect((await api(1, 'DELETE', '/my/users/ann')).status).toBe(204);
    expect((await api(1, 'GET', '/my/users/ann')).status).toBe(404);
    expect((await api(0, 'GET', '/my/users/ann')).status).toBe(200);
    await replicate();
    expect((await api(0, 'GET', '/my/users/ann')).status).toBe(404);
  });

  it('authenticates a new key in the other datacenter and in Manta only once replicated', async () => {
    const second = generateTestKey('ed25519', 'second@test');
    expect((await api(1, 'POST', '/my/keys', { name: 'second', key: second.publicOpenSsh })).status).toBe(201);
    const sign = { keyId: `/acme/keys/${second.md5}`, key: second };
    const westUrl = emulator.datacenters[1]!.cloudapiUrl;
    const eastUrl = emulator.datacenters[0]!.cloudapiUrl;
    expect((await call(westUrl, 'GET', '/my/keys', { sign })).status).toBe(200);
    expect((await call(eastUrl, 'GET', '/my/keys', { sign })).status).toBe(401);
    // Manta's mahi reads its own replica of UFDS (emulator/README.md, "Several datacenters").
    expect((await call(emulator.mantaUrl, 'GET', '/acme/stor', { sign })).status).toBe(403);
    await replicate();
    expect((await call(eastUrl, 'GET', '/my/keys', { sign })).status).toBe(200);
    expect((await call(emulator.mantaUrl, 'GET', '/acme/stor', { sign })).status).toBe(200);
  });

  it('makes a machine untagged when its role-tag header names a role not yet replicated, as CloudAPI does', async () => {
    expect((await api(0, 'POST', '/my/roles', { name: 'late', members: [], policies: [] })).status).toBe(201);
    const made = await call(emulator.datacenters[1]!.cloudapiUrl, 'POST', '/my/machines', {
      sign: owner,
      body: { image: IMAGE, package: 'g4-highcpu-1G', name: 'west-tagged' },
      headers: { 'role-tag': 'late' },
    });
    expect(made.status).toBe(201);
    expect((await api(1, 'GET', `/my/machines/${made.body.id}`)).headers['role-tag']).toBeUndefined();
  });

  it("lets the vendor triton CLI see each datacenter's instances only there and the account's users in both", async () => {
    const east = tritonIn(0);
    const west = tritonIn(1);
    expect(await east.triton('instance', 'list', '-H', '-o', 'name')).toContain('east-web');
    const westList = await west.triton('instance', 'list', '-H', '-o', 'name');
    expect(westList).toContain('west-web');
    expect(westList).not.toContain('east-web');

    const bob = join(mkdtempSync(join(tmpdir(), 'triton-dc-user-')), 'bob.json');
    writeFileSync(bob, JSON.stringify({ login: 'bob', email: 'bob@example.com', password: 'secret123' }));
    await east.triton('rbac', 'user', '-a', bob);
    expect(await east.triton('rbac', 'users', '-H', '-o', 'login')).toContain('bob');
    expect(await west.triton('rbac', 'users', '-H', '-o', 'login')).not.toContain('bob');
    await replicate();
    expect(await west.triton('rbac', 'users', '-H', '-o', 'login')).toContain('bob');
  });
});
