/**
 * The account's default fabric is the datacenter's, through the real binary and the vendor
 * `triton` CLI: a stack that declares VLAN 2 or a network overlapping the default network on it
 * is refused at plan, naming the address, the value and the rule (CloudAPI would refuse the
 * create); a stack of its own beside it applies (its instance placed by its affinity rule), shows
 * no drift, and its destroy leaves the default VLAN and network in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { vendorTriton, type VendorTriton } from '../emulator/support/vendor-triton.js';
import { runCli, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

let t: TestEmulator;
let vendor: VendorTriton;
let cwd: string;
let env: Record<string, string>;
const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { ...env, DF_VARIANT: variant } });
const lines = (out: string): Record<string, unknown>[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  t = await startTestEmulator({ provisionMs: 0, seed: 11 });
  vendor = vendorTriton(t, 'triton-default-fabric-');
  ({ cwd, env } = projectAgainst(t, 'test/e2e/apps/default-fabric-stack.ts'));
  // The emulator reads nothing stale: a plan after an apply need not wait out the default window.
  env = { ...env, TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
});
afterAll(async () => {
  await t.close();
});

describe('a stack beside the default fabric', () => {
  it('refuses at plan a VLAN with the default VLAN id, a network overlapping the default network, and an unknown default network', async () => {
    const vlan = await cli('vlan2', 'plan');
    expect(vlan.code).not.toBe(0);
    expect(vlan.stderr).toContain('PLAN_INPUT_INVALID');
    expect(vlan.stderr).toContain('fabric/default: vlanId 2 is taken');
    const overlap = await cli('overlap', 'plan');
    expect(overlap.code).not.toBe(0);
    expect(overlap.stderr).toContain('fabric/lan: subnet 192.168.129.0/24 overlaps 192.168.128.0/22');
    const config = await cli('config', 'plan');
    expect(config.code).not.toBe(0);
    expect(config.stderr).toContain(
      'fabric/config: defaultNetwork "0badbeef-0000-4000-8000-000000000000" is no network the account may use',
    );
  });

  it('applies its own fabric and an instance placed by affinity, shows no drift, and destroys without the default fabric', async () => {
    const applied = await cli('own', 'apply', '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    const instances = lines(await vendor.triton('instance', 'list', '-j'));
    const node = (name: string): unknown => instances.find((i) => i['name'] === name)?.['compute_node'];
    expect(node('df-app')).toBeDefined();
    expect(node('df-app')).not.toBe(node('web-1'));
    const defaultNet = lines(await vendor.triton('network', 'list', '-j')).find(
      (n) => n['name'] === 'My-Fabric-Network',
    );
    const app = JSON.parse(await vendor.triton('instance', 'get', '-j', 'df-app')) as { networks: string[] };
    expect(app.networks).toEqual([defaultNet?.['id']]);

    const drift = await cli('own', 'drift');
    // Nothing of the stack differs; the account's fixture instances are unmanaged, the default
    // fabric is not reported at all.
    expect(drift.stdout + drift.stderr).toContain('0 of 3 objects differ');
    expect(drift.stdout + drift.stderr).not.toMatch(/My-Fabric|fabric-vlan|fabric-network/);

    const destroyed = await cli('own', 'destroy', '--auto-approve');
    expect(destroyed.code, destroyed.stderr).toBe(0);
    expect(lines(await vendor.triton('vlan', 'list', '-j'))).toEqual([{ name: 'My-Fabric-VLAN', vlan_id: 2 }]);
    expect((await vendor.triton('network', 'get-default')).trim()).toContain(String(defaultNet?.['id']));
  });
});
