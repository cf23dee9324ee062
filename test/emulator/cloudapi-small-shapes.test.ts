/**
 * Small answers sdc-cloudapi's own tests check: the `docker` filter and field (lib/machines.js),
 * `CannotDestroyMachineError` (lib/errors.js), a snapshot's `size` (lib/snapshots.js),
 * `Triton-Datacenter-Name` (lib/datacenters.js, lib/account.js), and ListPackages' `brand`,
 * `flexible_disk` and name-wildcard filters over active packages only (lib/packages.js via PAPI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineWhen, startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator({
    catalog: {
      datacenter: 'dc-east-9',
      packages: [
        { id: '11111111-1111-4111-8111-111111111111', name: 'sdc_128', memory: 128, disk: 10240, vcpus: 1 },
        {
          id: '22222222-2222-4222-8222-222222222222',
          name: 'sdc_256',
          memory: 256,
          disk: 10240,
          vcpus: 1,
          brand: 'bhyve',
          flexible_disk: true,
        },
        {
          id: '33333333-3333-4333-8333-333333333333',
          name: 'sdc_512',
          memory: 512,
          disk: 10240,
          vcpus: 1,
          active: false,
        },
        { id: '44444444-4444-4444-8444-444444444444', name: 'other', memory: 512, disk: 10240, vcpus: 1 },
      ],
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const names = (body: unknown): string[] => (body as Array<{ name: string }>).map((p) => p.name);

describe('small shapes of sdc-cloudapi', () => {
  it('filters packages by name wildcard, brand and flexible_disk, listing only active ones', async () => {
    expect(names((await t.api('GET', '/my/packages?name=sdc_*')).body)).toEqual(['sdc_128', 'sdc_256']);
    expect(names((await t.api('GET', '/my/packages?brand=bhyve')).body)).toEqual(['sdc_256']);
    expect(names((await t.api('GET', '/my/packages?flexible_disk=true')).body)).toEqual(['sdc_256']);
  });

  it('names the datacenter in Triton-Datacenter-Name', async () => {
    const dcs = await t.api('GET', '/my/datacenters');
    expect(dcs.headers['triton-datacenter-name']).toBe('dc-east-9');
    expect((await t.api('GET', '/my')).headers['triton-datacenter-name']).toBe(dcs.headers['triton-datacenter-name']);
  });

  it('filters on docker, shows no docker field on a non-Docker machine, and refuses a docker value that is no boolean', async () => {
    const all = (await t.api('GET', '/my/machines')).body as Array<Record<string, unknown>>;
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((m) => 'docker' in m)).toBe(false);
    expect((await t.api('GET', '/my/machines?docker=true')).body).toEqual([]);
    expect((await t.api('GET', '/my/machines?docker=false')).body).toHaveLength(all.length);
    expect((await t.api('GET', '/my/machines?docker=maybe')).body).toEqual({
      code: 'InvalidArgument',
      message: 'maybe is not a valid boolean',
    });
  });

  it('answers CannotDestroyMachineError for a protected machine, and a snapshot size', async () => {
    const web = ((await t.api('GET', '/my/machines')).body as Array<{ id: string; name: string }>).find(
      (m) => m.name === 'web-1',
    )!;
    expect((await t.api('POST', `/my/machines/${web.id}`, { action: 'enable_deletion_protection' })).status).toBe(202);
    await machineWhen(t, web.id, (vm) => vm['deletion_protection'] === true);
    const del = await t.api('DELETE', `/my/machines/${web.id}`);
    expect([del.status, del.body.code]).toEqual([409, 'CannotDestroyMachineError']);
    expect((await t.api('POST', `/my/machines/${web.id}/snapshots`, { name: 'snap1' })).status).toBe(201);
    const snap = await t.api('GET', `/my/machines/${web.id}/snapshots/snap1`);
    expect(snap.body.size).toBeGreaterThan(0);
  });
});

describe('migrations (lib/migrations.js over VMAPI)', () => {
  it('lists none, and refuses a user begin or estimate where the datacenter does not allow them', async () => {
    const web = ((await t.api('GET', '/my/machines')).body as Array<{ id: string; name: string }>).find(
      (m) => m.name === 'web-2',
    )!;
    expect((await t.api('GET', '/my/migrations')).body).toEqual([]);
    const refused = { code: 'PreconditionFailed', message: 'User migration on this VM not allowed' };
    const estimate = await t.api('GET', `/my/machines/${web.id}/migrate`);
    expect([estimate.status, estimate.body]).toEqual([412, refused]);
    const begin = await t.api('POST', `/my/machines/${web.id}/migrate`, { action: 'begin' });
    expect([begin.status, begin.body]).toEqual([412, refused]);
    const cases: Array<[unknown, number, string]> = [
      [undefined, 409, '"action" must be specified'],
      ['fly', 409, 'fly is not a valid migration action'],
      ['sync', 404, 'migration not found'],
    ];
    for (const [action, status, message] of cases) {
      const res = await t.api('POST', `/my/machines/${web.id}/migrate`, action === undefined ? {} : { action });
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await t.api('GET', `/my/migrations/${web.id}`)).status).toBe(404);
  });
});
