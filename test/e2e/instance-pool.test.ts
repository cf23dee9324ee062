/**
 * An instance on network pools through the real binary, checked with the vendor `triton` CLI. A
 * NIC asked for on a pool is made on a member network, which the machine and its NIC name and
 * which the account cannot list (sdc-cloudapi `lib/middleware/networks.js`): the plan after the
 * apply is empty (no replacement for a "new" primary network, no NIC to add on the pool again),
 * a NIC added in place on a pool is waited for and then planned as done, and dropping that pool
 * from the declaration removes the NIC on its member.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { vendorTriton, type VendorTriton } from '../emulator/support/vendor-triton.js';
import { NO_CHANGES, runCli, stopClis, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

const INTERNAL = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const PUBLIC_MEMBER = '5d1e8c3a-7b2f-4e6d-9a1c-2b3c4d5e6f70';
const PRIVATE_MEMBER = '5d1e8c3a-7b2f-4e6d-9a1c-2b3c4d5e6f71';
const range = (octet: number): Record<string, string> => ({
  subnet: `198.51.${octet}.0/24`,
  gateway: `198.51.${octet}.1`,
  provision_start_ip: `198.51.${octet}.10`,
  provision_end_ip: `198.51.${octet}.250`,
});
const catalog = {
  networks: [
    { id: INTERNAL, name: 'internal', public: false },
    { id: PUBLIC_MEMBER, name: 'external-2', public: true, ...range(100) },
    { id: PRIVATE_MEMBER, name: 'private-2', public: false, ...range(101) },
  ],
  pools: [
    { id: '0c7e5f4a-3d2b-4a1c-8e9f-7a6b5c4d3e21', name: 'public-pool', public: true, networks: [PUBLIC_MEMBER] },
    { id: '0c7e5f4a-3d2b-4a1c-8e9f-7a6b5c4d3e22', name: 'private-pool', public: false, networks: [PRIVATE_MEMBER] },
  ],
};
let t: TestEmulator;
let vendor: VendorTriton;
let cwd: string;
let env: Record<string, string>;

const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { ...env, POOL_VARIANT: variant } });

async function nicNetworks(): Promise<string[]> {
  const out = await vendor.triton('instance', 'nic', 'list', '-j', 'pool-web');
  return out
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { network: string }).network)
    .sort();
}

beforeAll(async () => {
  t = await startTestEmulator({ catalog, fixtureMachines: false, provisionMs: 0, timing: 'fast' });
  vendor = vendorTriton(t, 'triton-pools-');
  ({ cwd, env } = projectAgainst(t, 'test/e2e/apps/instance-pool-stack.ts'));
  env = { ...env, TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
});
afterAll(async () => {
  await stopClis();
  await t?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe('an instance on network pools', () => {
  it('applies with its primary NIC on the pool, and then plans nothing', async () => {
    const applied = await cli('pool', 'apply', '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    expect(await nicNetworks()).toEqual([PUBLIC_MEMBER, INTERNAL].sort());
    const plan = await cli('pool', 'plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(NO_CHANGES);
  });

  it('adds a NIC on another pool in place, then plans nothing; dropping the pool removes that NIC', async () => {
    const added = await cli('added', 'apply', '--auto-approve');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/pools\/web: updated/);
    expect(await nicNetworks()).toEqual([PUBLIC_MEMBER, PRIVATE_MEMBER, INTERNAL].sort());
    expect((await cli('added', 'plan')).stdout).toMatch(NO_CHANGES);
    const dropped = await cli('pool', 'apply', '--auto-approve');
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(await nicNetworks()).toEqual([PUBLIC_MEMBER, INTERNAL].sort());
    expect((await cli('pool', 'plan')).stdout).toMatch(NO_CHANGES);
  });
});
