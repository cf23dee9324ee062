/**
 * Flexible disks against sdc-cloudapi lib/machines.js (`getCreateOptions`' disks) and
 * lib/endpoints/disks.js: a bhyve machine on a `flexible_disk` package, CreateMachine `disks`, and
 * the disk routes, which need the machine stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineWhen, startTestEmulator, type TestEmulator } from './support/emulator.js';

const UBUNTU = 'c9a3b1a2-4c1e-4f2b-9b64-0d8e8a4c2f10';
let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator({
    provisionMs: 0,
    catalog: {
      packages: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          name: 'flex',
          memory: 1024,
          disk: 51200,
          vcpus: 1,
          brand: 'bhyve',
          flexible_disk: true,
        },
        { id: '22222222-2222-4222-8222-222222222222', name: 'fixed', memory: 1024, disk: 51200, vcpus: 1 },
        // machines.94.test.js's sdc_128_bhyve_flex_disks: the package lays the disks out.
        {
          id: '33333333-3333-4333-8333-333333333333',
          name: 'flex-disks',
          memory: 1024,
          disk: 15360,
          vcpus: 1,
          brand: 'bhyve',
          flexible_disk: true,
          disks: [{}, { size: 512 }],
        },
      ],
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('flexible disks', () => {
  it('refuses disks the package or the quota cannot hold, in the words of getCreateOptions', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { package: 'fixed', disks: [{}, { size: 1024 }] },
        'The use of `disks` is only supported if the package has the flexible_disk attr set to true',
      ],
      [
        { package: 'flex', disks: [{}, { size: 'remaining' }, { size: 'remaining' }] },
        'Only one disk.size can be set to `remaining`',
      ],
      [
        { package: 'flex', disks: [{}, { size: 90000 }] },
        'The size of the disks must not be greater than the package quota',
      ],
      [
        { package: 'flex', disks: [{}, { size: 1024, block_size: 1000 }] },
        'Invalid block_size: 1000 on disk: 1. Must be 512-131072 and a power of 2.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', '/my/machines', { image: UBUNTU, ...body });
      expect([res.status, res.body.message]).toEqual([409, message]);
    }
  });

  it('makes the disks asked for, and adds, resizes and deletes one on a stopped machine', async () => {
    const m = await t.api('POST', '/my/machines', {
      image: UBUNTU,
      package: 'flex',
      name: 'flexvm',
      disks: [{}, { size: 20480 }, { size: 'remaining' }],
    });
    expect([m.status, m.body.brand, m.body.disk, m.body.flexible]).toEqual([201, 'bhyve', 51200, true]);
    const id = m.body.id as string;
    const disks = (await t.api('GET', `/my/machines/${id}/disks`)).body as Array<Record<string, unknown>>;
    expect(disks.map((d) => [d['pci_slot'], d['size'], d['boot']])).toEqual([
      ['0:4:0', 10240, true],
      ['0:4:1', 20480, false],
      ['0:4:2', 20480, false],
    ]);
    expect(Object.keys(disks[0]!).sort()).toEqual(['block_size', 'boot', 'id', 'pci_slot', 'size', 'state']);
    const running = await t.api('POST', `/my/machines/${id}/disks`, { size: 1024 });
    expect([running.status, running.body.message]).toEqual([409, 'VM must be stopped']);
    expect((await t.api('POST', `/my/machines/${id}`, { action: 'stop' })).status).toBe(202);
    await machineWhen(t, id, (vm) => vm['state'] === 'stopped');
    const added = await t.api('POST', `/my/machines/${id}/disks`, { size: 1024 });
    expect([added.status, added.body.state, added.body.pci_slot]).toEqual([200, 'creating', '0:4:3']);
    const disk = disks[2]!['id'] as string;
    const shrink = await t.api('POST', `/my/machines/${id}/disks/${disk}`, { size: 1024 });
    expect([shrink.status, shrink.body]).toEqual([
      409,
      {
        code: 'ValidationFailed',
        message: 'Invalid Parameters',
        errors: [{ field: 'size', code: 'Invalid', message: 'Reducing disk size is a dangerous operation' }],
      },
    ]);
    const grown = await t.api('POST', `/my/machines/${id}/disks/${disk}`, { size: 30720 });
    expect([grown.status, grown.body.state, grown.body.size]).toEqual([200, 'resizing', 30720]);
    expect((await t.api('DELETE', `/my/machines/${id}/disks/${disk}`)).status).toBe(204);
    expect((await t.api('GET', `/my/machines/${id}/disks/${'0'.repeat(8)}-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
  });

  it("lays out a package's own disks, keeps a disk id asked for, and reports the free space left (machines.94.test.js)", async () => {
    const m = await t.api('POST', '/my/machines', { image: UBUNTU, package: 'flex-disks' });
    expect((m.body.disks as Array<{ size: number }>).map((d) => d.size)).toEqual([10240, 512]);
    // A disk asked for with an id keeps it (the test then reads it by that id).
    const id = 'dea91a7f-5fe3-4408-b25a-994c97a7975e';
    const named = await t.api('POST', '/my/machines', {
      image: UBUNTU,
      package: 'flex',
      disks: [{}, { id, size: 512 }],
    });
    expect((named.body.disks as Array<{ id: string }>)[1]!.id).toBe(id);
    expect(m.body.free_space).toBe(15360 - 10240 - 512);
  });

  it('answers a shrink on a machine without a flexible disk size as VMAPI does, that first', async () => {
    const m = await t.api('POST', '/my/machines', { image: UBUNTU, package: 'fixed', brand: 'bhyve' });
    const id = m.body.id as string;
    expect(m.body.free_space).toBeUndefined();
    expect((await t.api('POST', `/my/machines/${id}`, { action: 'stop' })).status).toBe(202);
    await machineWhen(t, id, (vm) => vm['state'] === 'stopped');
    const disk = (m.body.disks as Array<{ id: string }>)[1]!.id;
    const shrink = await t.api('POST', `/my/machines/${id}/disks/${disk}`, { size: 128 });
    expect([shrink.status, shrink.body.code]).toEqual([409, 'VmWithoutFlexibleDiskSize']);
  });
});
