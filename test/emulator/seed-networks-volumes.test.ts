/**
 * A seed's fabric VLANs and networks, volumes, machine snapshots and access-key records: an
 * emulator started on the seeded data directory serves them with the ids given (what a rehearsal's
 * saved plan names), routes that write them work on them, and an access key's secret is never
 * what anyone gave: the copy made its own, which no read answers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, writeEmulatorSeed, type EmulatorSeed, type RunningEmulator } from '../../emulator/index.js';
import { call } from '../../scripts/support/signer.js';
import { accountKey } from './support/emulator.js';

const NET = 'a1b2c3d4-0000-4000-8000-000000000001';
const VOL = 'a1b2c3d4-0000-4000-8000-000000000002';
const MACHINE = 'a1b2c3d4-0000-4000-8000-000000000003';
const KEY_ID = '0123456789abcdef0123456789abcdef';
const USER = 'a1b2c3d4-0000-4000-8000-000000000004';

const dirs: string[] = [];
let emulator: RunningEmulator | undefined;
afterAll(async () => {
  await emulator?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a seed with fabrics, volumes, snapshots and access keys', () => {
  it('is served with the ids given, can be changed through the routes, and holds no given secret', async () => {
    const key = accountKey();
    const seed: EmulatorSeed = {
      account: { id: 'a1b2c3d4-0000-4000-8000-0000000000aa', login: 'acme', email: 'acme@example.com' },
      accountKeys: [{ name: 'owner', key: key.publicOpenSsh }],
      users: [{ id: USER, login: 'ci', email: 'ci@example.com' }],
      userKeys: {},
      roles: [],
      policies: [],
      roleTags: {},
      machines: [
        {
          id: MACHINE,
          name: 'db-1',
          state: 'running',
          image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
          networks: [NET],
          snapshots: [{ name: 'before', state: 'created', created: '2026-01-02T03:04:05.000Z' }],
        },
      ],
      fabricVlans: [{ vlanId: 73, name: "dmz 'edge' ${x}", description: 'line\nbreak' }],
      fabricNetworks: [
        {
          id: NET,
          vlanId: 73,
          name: 'web',
          subnet: '10.73.0.0/24',
          provisionStartIp: '10.73.0.10',
          provisionEndIp: '10.73.0.20',
          gateway: '10.73.0.1',
          resolvers: ['8.8.8.8'],
          routes: { '10.1.1.0/24': '10.73.0.50' },
          internetNat: false,
        },
      ],
      volumes: [{ id: VOL, name: 'data', size: 20480, state: 'ready', networks: [NET], tags: { env: 'prod' } }],
      accessKeys: [
        { id: KEY_ID, status: 'Inactive', description: 'legacy' },
        { id: 'fedcba9876543210fedcba9876543210', status: 'Active', description: 'ci key', user: USER },
      ],
      directories: [],
      objects: [],
    };
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-seed-'));
    dirs.push(dir);
    writeEmulatorSeed(dir, seed);
    emulator = await startEmulator({ dataDir: dir, seed: 7 });
    const sign = { keyId: `/acme/keys/${key.md5}`, key };
    const api = (method: string, path: string, body?: unknown) =>
      call(emulator!.cloudapiUrl, method, path, { sign, ...(body !== undefined ? { body } : {}) });

    expect((await api('GET', '/my/fabrics/default/vlans/73')).body).toMatchObject({
      vlan_id: 73,
      name: "dmz 'edge' ${x}",
      description: 'line\nbreak',
    });
    expect((await api('GET', `/my/fabrics/default/vlans/73/networks/${NET}`)).body).toMatchObject({
      id: NET,
      subnet: '10.73.0.0/24',
      gateway: '10.73.0.1',
      resolvers: ['8.8.8.8'],
      routes: { '10.1.1.0/24': '10.73.0.50' },
      internet_nat: false,
    });
    expect((await api('GET', `/my/volumes/${VOL}`)).body).toMatchObject({
      id: VOL,
      name: 'data',
      size: 20480,
      state: 'ready',
      networks: [NET],
      tags: { env: 'prod' },
    });
    expect((await api('GET', `/my/machines/${MACHINE}/snapshots`)).body).toMatchObject([
      { name: 'before', state: 'created' },
    ]);
    const own = (await api('GET', '/my/accesskeys')).body as Record<string, unknown>[];
    expect(own).toMatchObject([{ accesskeyid: KEY_ID, status: 'Inactive', description: 'legacy' }]);
    expect(own[0]).not.toHaveProperty('accesskeysecret');
    expect((await api('GET', '/my/users/ci/accesskeys')).body).toMatchObject([{ description: 'ci key' }]);

    // The routes that write work on the seeded objects, by the seeded ids.
    expect((await api('PUT', '/my/fabrics/default/vlans/73', { description: 'changed' })).status).toBe(202);
    expect((await api('POST', `/my/volumes/${VOL}`, { name: 'data-2' })).status).toBeLessThan(300);
    expect((await api('GET', `/my/volumes/${VOL}`)).body).toMatchObject({ name: 'data-2' });
    expect((await api('DELETE', `/my/machines/${MACHINE}/snapshots/before`)).status).toBe(204);
    expect((await api('DELETE', `/my/accesskeys/${KEY_ID}`)).status).toBe(204);
    // A secret was made for each seeded key, in the emulator's own format; nobody gave one.
    const stored = JSON.parse(readFileSync(join(dir, 'accesskeys.json'), 'utf8')) as { secret: string }[];
    expect(stored.every((k) => /^tdc_/.test(k.secret))).toBe(true);
  });
});
