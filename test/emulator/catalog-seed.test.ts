/**
 * The seedable catalog: packages, networks, datacenters and provisioning limits given at start
 * replace the fixed ones in every route that reads them, survive a restart on the data directory,
 * and a malformed catalog is refused naming the entry and the field. Without one, nothing changes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type CatalogSeed } from '../../emulator/index.js';
import { accountKey, startTestEmulator, type TestEmulator } from './support/emulator.js';

const CATALOG: CatalogSeed = {
  packages: [
    {
      id: 'b1c2d3e4-0000-4000-8000-000000000001',
      name: 'tiny-512M',
      memory: 512,
      disk: 10240,
      vcpus: 1,
      group: 'tiny',
    },
    {
      id: 'b1c2d3e4-0000-4000-8000-000000000002',
      name: 'huge-64G',
      memory: 65536,
      disk: 1048576,
      vcpus: 16,
      default: true,
    },
  ],
  networks: [
    { id: 'c1d2e3f4-0000-4000-8000-000000000001', name: 'wan', public: true, fabric: false },
    {
      id: 'c1d2e3f4-0000-4000-8000-000000000002',
      name: 'lan',
      public: false,
      fabric: true,
      subnet: '172.16.5.0/24',
      provision_start_ip: '172.16.5.100',
      provision_end_ip: '172.16.5.101',
      gateway: '172.16.5.1',
    },
  ],
  datacenter: 'lab-1',
  datacenters: { 'lab-2': 'https://lab-2.example' },
  limits: [{ by: 'machines', value: 5 }],
};

const started: TestEmulator[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const t of started) await t.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function emulatorWith(catalog?: CatalogSeed, dataDir?: string): Promise<TestEmulator> {
  const t = await startTestEmulator({
    ...(catalog !== undefined ? { catalog } : {}),
    ...(dataDir !== undefined ? { dataDir } : {}),
  });
  started.push(t);
  return t;
}

describe('a seeded catalog', () => {
  it('is what the catalog routes answer, and what CreateMachine, its default networks and the machine limit use', async () => {
    const t = await emulatorWith(CATALOG);
    expect((await t.api('GET', '/my/packages')).body.map((p: { name: string }) => p.name)).toEqual([
      'tiny-512M',
      'huge-64G',
    ]);
    expect((await t.api('GET', '/my/packages?group=tiny')).body).toHaveLength(1);
    expect((await t.api('GET', '/my/packages/g4-highcpu-1G')).status).toBe(404);
    expect((await t.api('GET', '/my/networks')).body.map((n: { name: string }) => n.name)).toEqual([
      'wan',
      'lan',
      'My-Fabric-Network',
    ]);
    const dcs = await t.api('GET', '/my/datacenters');
    expect(dcs.body).toEqual({ 'lab-2': 'https://lab-2.example', 'lab-1': t.emulator.cloudapiUrl });
    expect(dcs.headers['service-datacenter-name']).toBe('lab-1');
    // The fixture machines are on the seeded default package and private network.
    const machines = (await t.api('GET', '/my/machines')).body as { package: string; networks: string[] }[];
    expect(machines.map((m) => m.package)).toEqual(['huge-64G', 'huge-64G', 'huge-64G']);
    expect(machines[0]!.networks).toEqual(['c1d2e3f4-0000-4000-8000-000000000002']);

    const image = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
    const unknown = await t.api('POST', '/my/machines', { image, package: 'g4-highcpu-1G' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe('g4-highcpu-1G is not a valid package');
    const made = await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'a' });
    expect(made.status).toBe(201);
    expect(made.body.memory).toBe(512);
    // Without networks: the public network and the first private one; the fabric range gives the address.
    expect(made.body.networks).toEqual([
      'c1d2e3f4-0000-4000-8000-000000000001',
      'c1d2e3f4-0000-4000-8000-000000000002',
    ]);
    expect(made.body.ips).toContain('172.16.5.100');
    expect((await t.api('GET', '/my/limits')).body).toEqual([{ by: 'machines', value: 5, used: 4 }]);
    expect((await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'b' })).status).toBe(201);
    const sixth = await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'c' });
    expect(sixth.status).toBe(403);
    expect(sixth.body.code).toBe('QuotaExceeded');
    expect(sixth.body.message).toContain('quota of 5 machines');
  });

  it('is kept in the data directory across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-catalog-'));
    dirs.push(dir);
    const first = await emulatorWith(CATALOG, dir);
    await first.close();
    started.splice(started.indexOf(first), 1);
    const again = await emulatorWith(undefined, dir);
    expect((await again.api('GET', '/my/networks')).body.map((n: { name: string }) => n.name)).toEqual([
      'wan',
      'lan',
      'My-Fabric-Network',
    ]);
    expect((await again.api('GET', '/my/datacenters')).headers['service-datacenter-name']).toBe('lab-1');
  });

  it('refuses to start on a damaged catalog.json, naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-catalog-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'catalog.json'), '{"packages": [{"name": "p"}]}\n');
    await expect(startEmulator({ dataDir: dir })).rejects.toThrow(
      /catalog\.json does not hold the emulator's saved state \(catalog seed: package "p" has id undefined/,
    );
  });

  it('enforces a seeded RAM limit as CreateMachine does, and reports what is used', async () => {
    // The three fixture machines have the seeded default package (64 GiB each); two small ones fit.
    const t = await emulatorWith({ ...CATALOG, limits: [{ by: 'ram', value: 3 * 65536 + 1024 }] });
    const image = (await t.api('GET', '/my/images')).body[0].id as string;
    expect((await t.api('GET', '/my/limits')).body).toEqual([{ by: 'ram', value: 197632, used: 196608 }]);
    for (const name of ['a', 'b']) {
      const made = await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name });
      expect(made.status).toBe(201);
    }
    const past = await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'c' });
    expect([past.status, past.body.code]).toEqual([403, 'QuotaExceeded']);
    expect(past.body.message).toContain('quota of 197632 MiB of RAM');
  });

  it('counts only machines not deleted, in what it reports and in what it refuses', async () => {
    const t = await emulatorWith({ ...CATALOG, limits: [{ by: 'machines', value: 4 }] });
    const image = (await t.api('GET', '/my/images')).body[0].id as string;
    const made = await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'a' });
    expect(made.status).toBe(201);
    expect((await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'b' })).status).toBe(403);
    expect((await t.api('DELETE', `/my/machines/${made.body.id}`)).status).toBe(204);
    // The machine counts until its destroy job ended (GetMachine then answers 410).
    while ((await t.api('GET', `/my/machines/${made.body.id}`)).status !== 410);
    expect((await t.api('GET', '/my/limits')).body).toEqual([{ by: 'machines', value: 4, used: 3 }]);
    expect((await t.api('POST', '/my/machines', { image, package: 'tiny-512M', name: 'c' })).status).toBe(201);
  });

  it('with an empty limit list enforces no machine limit and reports none', async () => {
    const t = await emulatorWith({ limits: [] });
    expect((await t.api('GET', '/my/limits')).body).toEqual([]);
    // The rest is the default catalog.
    expect((await t.api('GET', '/my/packages/g4-highcpu-1G')).status).toBe(200);
  });

  it.each([
    [
      { packages: [{ id: 'x', name: 'p', memory: 'big', disk: 1, vcpus: 1 }] },
      'package "p" has memory "big"; it must be a number',
    ],
    [{ networks: [{ id: 'n', name: 'wan' }] }, 'network "wan" has public undefined; it must be a boolean'],
    [{ network: [] }, 'unknown part "network"'],
    [{ limits: [{ by: 'cpus', value: 1 }] }, 'must have by "machines", "ram" or "quota"'],
    [
      {
        packages: [
          { id: 'same', name: 'a', memory: 1, disk: 1, vcpus: 1 },
          { id: 'same', name: 'b', memory: 1, disk: 1, vcpus: 1 },
        ],
      },
      'two packages have the id same',
    ],
  ])('refuses %j naming the entry and the field', async (catalog, message) => {
    const key = accountKey();
    await expect(
      startEmulator({ accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }], catalog: catalog as CatalogSeed }),
    ).rejects.toThrow(message);
  });
});

describe('without a catalog', () => {
  it('answers the fixed catalog as before', async () => {
    const t = await emulatorWith();
    expect((await t.api('GET', '/my/packages')).body.map((p: { name: string }) => p.name)).toEqual([
      'g4-highcpu-1G',
      'g4-general-4G',
      'g4-memory-16G',
      'b1-flex-8G',
    ]);
    // The datacenter's two networks, then the account's default fabric network.
    expect((await t.api('GET', '/my/networks')).body.map((n: { name: string }) => n.name)).toEqual([
      'external',
      'internal',
      'My-Fabric-Network',
    ]);
    expect(Object.keys((await t.api('GET', '/my/datacenters')).body)).toEqual(['emulator-1']);
    // Only what CreateMachine enforces: no RAM limit unless --ram-limit gives one.
    expect((await t.api('GET', '/my/limits')).body).toEqual([{ by: 'machines', value: 20, used: 3 }]);
  });
});
