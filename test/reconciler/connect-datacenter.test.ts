/**
 * connectStack with a stack that names its datacenter: the URL is looked up in ListDatacenters of
 * the cloud the settings reach (a two-datacenter emulator: the first datacenter's URL in
 * TRITON_URL), and a name the cloud does not list fails before anything is read, naming the stack,
 * the name and the names listed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import { connectStack } from '../../provider/connect.js';
import { writeTestKey } from '../../scripts/support/keys.js';
import { call } from '../../scripts/support/signer.js';
import { accountKey, startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator({ datacenters: ['us-east-1', 'us-east-2'], seed: 44 });
});
afterAll(async () => t?.close());

const stackIn = (datacenter: string): StackManifest => ({
  name: 'east2',
  account: 'acme',
  connection: { datacenter },
  resources: [],
});

describe('connectStack with a datacenter name', () => {
  const connect = (stack: StackManifest) =>
    connectStack(stack, {
      env: { TRITON_URL: t.emulator.cloudapiUrl },
      home: mkdtempSync(join(tmpdir(), 'triton-iac-home-')),
      overrides: { keyFile: writeTestKey(accountKey(), 'owner') },
    });

  it("talks to the named datacenter's CloudAPI, found through the first one's ListDatacenters", async () => {
    const clients = await connect(stackIn('us-east-2'));
    try {
      await clients.cloudapi.createFirewallRule({ rule: 'FROM any TO all vms ALLOW tcp PORT 22', enabled: false });
      const east2 = t.emulator.datacenters.find((d) => d.name === 'us-east-2')!.cloudapiUrl;
      const inEast2 = await call(east2, 'GET', '/acme/fwrules', { sign: t.owner });
      const inEast1 = await t.api('GET', '/acme/fwrules');
      expect((inEast2.body as unknown[]).length).toBe(1);
      expect(inEast1.body).toEqual([]);
    } finally {
      await Promise.all([clients.cloudapi.close(), clients.manta.close()]);
    }
  });

  it('refuses a datacenter the cloud does not list, naming the stack, the name and the names listed', async () => {
    await expect(connect(stackIn('us-west-9'))).rejects.toMatchObject({
      code: 'DATACENTER_UNKNOWN',
      message: `stack east2: datacenter "us-west-9" is not a datacenter of the cloud at ${t.emulator.cloudapiUrl}: ListDatacenters lists us-east-1, us-east-2`,
    });
  });
});
