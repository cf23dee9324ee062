/**
 * terraform-provider-triton parity (issue 43), through the real binary against one running
 * emulator, checked with the vendor `triton` CLI: the data sources' look-ups (`AccountLookup`,
 * `FabricVlanLookup`, `FabricNetworkLookup`, `VolumeLookup`) used by object, and the instance props
 * `userScript`/`cloudConfig`/`userData` (one from a file), `rootAuthorizedKeys`, `locality`, a
 * static IP, `delegateDataset` and the `domainNames` CNS names; what synth can refuse is refused
 * naming the field and the rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { cloudEnv, vendor } from './support/vendor-account.js';

const APP = join(REPO, 'test/e2e/apps/parity-stack.ts');
const BOOT = '#!/bin/sh\necho booted > /var/tmp/booted\n';

let emulator: RunningEmulator;
let root: string;
let env: Record<string, string>;
let ops: TestKeyPair;
let dev: TestKeyPair;

const cli = (variant: string, args: string[]): Promise<CliResult> =>
  runCli([...args, APP], { cwd: root, env: { ...env, PARITY_VARIANT: variant, PARITY_DIR: root } });
const triton = (...args: string[]): Promise<string> => vendor(env, 'triton', args);
const machine = async (name: string): Promise<Record<string, unknown>> =>
  JSON.parse(await triton('instance', 'get', '-j', name)) as Record<string, unknown>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triton-iac-parity-'));
  const owner = generateTestKey('rsa', 'acme');
  ops = generateTestKey('ed25519', 'ops');
  dev = generateTestKey('ed25519', 'dev');
  writeFileSync(join(root, 'boot.sh'), BOOT);
  writeFileSync(join(root, 'ops.pub'), `${ops.publicOpenSsh}\n`);
  writeFileSync(join(root, 'dev.pub'), `${dev.publicOpenSsh}\n`);
  emulator = await startEmulator({
    accounts: [{ login: 'acme', keys: [owner.publicOpenSsh] }],
    seed: 43,
    provisionMs: 50,
    consistencyWindowMs: 0,
    delegateDatasets: true,
  });
  env = { ...cloudEnv(emulator, 'acme', owner, join(root, 'home')), TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
  // What the team did by hand before: CNS on for the account, a shared volume.
  await triton('account', 'update', 'triton_cns_enabled=true');
  await triton('volume', 'create', '--name', 'parity-shared', '--wait');
});

afterAll(async () => {
  await stopClis();
  await emulator?.close();
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('terraform-provider-triton parity', () => {
  it('applies the look-ups and every new instance prop, as the vendor CLI shows, and then plans no change', async () => {
    const applied = await cli('main', ['apply', '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const account = JSON.parse(await triton('account', 'get', '-j')) as { id: string };
    const web = await machine('par-web');
    const db = await machine('par-db');
    const metadata = web['metadata'] as Record<string, string>;
    expect(metadata['user-script']).toBe(BOOT);
    expect(metadata['cloud-init:user-data']).toBe('#cloud-config\npackages: [nginx]\n');
    expect(metadata['user-data']).toBe('role=web');
    expect(metadata['env']).toBe('prod');
    // The declared root keys replaced the account's, which CloudAPI wrote at create.
    expect(metadata['root_authorized_keys']).toBe(`${ops.publicOpenSsh}\n`);
    expect(web['delegate_dataset']).toBe(true);
    expect(web['ips']).toContain('10.30.0.5');
    // The FabricNetworkLookup put the default fabric network on both; locality placed them apart.
    const nets = JSON.parse(await triton('network', 'list', '-j').then((o) => `[${o.trim().split('\n').join(',')}]`));
    const defaultNet = (nets as { id: string; name: string }[]).find((n) => n.name === 'My-Fabric-Network')!;
    expect(web['networks']).toContain(defaultNet.id);
    expect(db['networks']).toEqual([defaultNet.id]);
    expect(web['compute_node']).not.toBe(db['compute_node']);
    // A look-up's attribute feeds a tag.
    expect((web['tags'] as Record<string, unknown>)['vlan']).toBe('My-Fabric-VLAN');
    const zone = `${account.id}.emulator-1.cns.triton.emulator`;
    expect(web['dns_names']).toEqual([`${String(web['id'])}.inst.${zone}`, `par-web.inst.${zone}`, `web.svc.${zone}`]);

    const outputs = await runCli(['output', '--json', APP], {
      cwd: root,
      env: { ...env, PARITY_VARIANT: 'main', PARITY_DIR: root },
    });
    expect(outputs.code, outputs.stderr).toBe(0);
    const values = JSON.parse(outputs.stdout) as Record<string, unknown>;
    expect(JSON.stringify(values)).toContain(account.id);
    expect(JSON.stringify(values)).toContain(`web.svc.${zone}`);
    expect(JSON.stringify(values)).toMatch(/"cnsEnabled":\s*(\{[^}]*)?true/);

    const again = await cli('main', ['plan', '--detailed-exitcode']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('changes the root keys in place, without replacing the instance', async () => {
    const before = await machine('par-web');
    const plan = await cli('rekeyed', ['plan']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/rootAuthorizedKeys/);
    expect(plan.stdout).toMatch(/updated in place/);
    expect(plan.stdout).toMatch(/0 to add, 1 to change, 0 to replace/);
    const applied = await cli('rekeyed', ['apply', '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const after = await machine('par-web');
    expect(after['id']).toBe(before['id']);
    expect((after['metadata'] as Record<string, string>)['root_authorized_keys']).toBe(
      `${ops.publicOpenSsh}\n${dev.publicOpenSsh}\n`,
    );
  });

  it("lays out a bhyve instance's disks at create and grows one in place while it is stopped", async () => {
    const disks = async (): Promise<{ id: string; size: number; boot: boolean }[]> =>
      (await triton('instance', 'disks', '-j', 'par-vm'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string; size: number; boot: boolean });
    const applied = await cli('vm', ['apply', '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    const before = await disks();
    expect(before.map((d) => d.size)).toEqual([10240, 20480]);
    // Running, the server would refuse the resize: the plan says so first, naming the instance.
    const refused = await cli('vm-running-grown', ['plan']);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(
      /parity-vm\/vm: disks change in place only while the instance is stopped/,
    );
    const grown = await cli('vm-grown', ['apply', '--auto-approve']);
    expect(grown.code, grown.stderr + grown.stdout).toBe(0);
    const after = await disks();
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
    expect(after.map((d) => d.size)).toEqual([10240, 40960]);
  });

  it.each([
    ['clash', /userScript "user-script": and metadata\["user-script"\] both write the metadata key "user-script"/],
    ['bad-ip', /networks\[0\]\.ips\[0\] "10\.31\.0\.5": is not in the subnet 10\.30\.0\.0\/24/],
    ['taken-ip', /networks\[0\]\.ips\[0\] "10\.30\.0\.7": is also asked for on the same network by parity\/a/],
    ['vlan-by-name', /vlan "parity\/by-name": is a FabricVlanLookup without vlanId/],
    ['locality-and-affinity', /locality .*cannot be given with affinity/],
  ])('refuses the %s declaration at synth, naming the field and the rule', async (variant, rule) => {
    const plan = await cli(variant, ['plan']);
    expect(plan.code).not.toBe(0);
    expect(plan.stderr).toMatch(rule);
  });
});
