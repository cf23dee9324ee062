/**
 * A copy of a cloud account (`triton-iac rehearse` writes such a seed) keeps each machine's
 * `compute_node`, and places a new machine beside one by affinity as the cloud would, though the
 * copy's own servers are others; and it adds no default fabric of its own to a copied account.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, writeEmulatorSeed, type RunningEmulator } from '../../emulator/index.js';
import { call } from '../../scripts/support/signer.js';
import { accountKey } from './support/emulator.js';

const CLOUD_SERVER = 'c0ffee00-0000-4000-8000-000000000001';
const DB = 'a1b2c3d4-0000-4000-8000-000000000003';
let emulator: RunningEmulator | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await emulator?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('placement in a copy of a cloud account', () => {
  it("keeps the cloud's compute nodes and places beside a copied machine", async () => {
    const key = accountKey();
    const dir = mkdtempSync(join(tmpdir(), 'triton-iac-seeded-placement-'));
    dirs.push(dir);
    writeEmulatorSeed(dir, {
      account: { id: 'a1b2c3d4-0000-4000-8000-0000000000aa', login: 'acme', email: 'acme@example.com' },
      accountKeys: [{ name: 'owner', key: key.publicOpenSsh }],
      users: [],
      userKeys: {},
      roles: [],
      policies: [],
      roleTags: {},
      directories: [],
      objects: [],
      machines: [
        {
          id: DB,
          name: 'db',
          state: 'running',
          image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
          compute_node: CLOUD_SERVER,
        },
      ],
    });
    emulator = await startEmulator({ dataDir: dir, seed: 3, provisionMs: 0 });
    const sign = { keyId: `/acme/keys/${key.md5}`, key };
    const api = (method: string, path: string, body?: unknown) =>
      call(emulator!.cloudapiUrl, method, path, { sign, ...(body !== undefined ? { body } : {}) });

    expect((await api('GET', `/my/machines/${DB}`)).body).toMatchObject({ compute_node: CLOUD_SERVER });
    const near = await api('POST', '/my/machines', {
      name: 'near-db',
      image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
      package: 'g4-highcpu-1G',
      affinity: ['instance==db'],
    });
    expect(near.status).toBe(201);
    expect(near.body).toMatchObject({ compute_node: CLOUD_SERVER });
    // The copied account keeps the fabric it had: none here.
    expect((await api('GET', '/my/fabrics/default/vlans')).body).toEqual([]);
    expect((await api('GET', '/my/config')).body).toEqual({});
  });
});
