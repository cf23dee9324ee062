/**
 * examples/two-datacenters through the real binary against a two-datacenter emulator (issue 44's
 * "done means"): one process, two CloudAPIs, account-wide objects replicated 3 s later, seeded
 * faults on. The app is applied in one run (the web tier of us-east-2 waits, saying so, for the
 * account stack's role to replicate there, when it comes within the delay), the next plan is empty, the vendor `triton` CLI sees
 * each datacenter's objects only in that datacenter and the RBAC in both, drift is read per
 * datacenter, and destroy leaves nothing in either.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { vendorTriton, type VendorTriton } from '../emulator/support/vendor-triton.js';
import { NO_CHANGES, projectDir, REPO, runCli, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

const run = promisify(execFile);
const DATACENTERS = ['us-east-1', 'us-east-2'] as const;
const FAULT_RATE = 0.03;

let t: TestEmulator;
let vendor: VendorTriton;
let cwd: string;
let env: Record<string, string>;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd, env });

/** The vendor CLI against one datacenter's CloudAPI, faults off (it retries nothing; the product does): its stdout. */
async function tritonRaw(datacenter: string, ...args: string[]): Promise<string> {
  const url = t.emulator.datacenters.find((d) => d.name === datacenter)!.cloudapiUrl;
  const faults = t.emulator.context.faults.options as { faultRate?: number };
  faults.faultRate = 0;
  try {
    const { stdout } = await run(`${REPO}/node_modules/.bin/triton`, args, {
      env: { ...vendor.env, TRITON_URL: url },
      timeout: 120_000,
    });
    return stdout;
  } finally {
    faults.faultRate = FAULT_RATE;
  }
}

/** A vendor `-j` list in one datacenter: one JSON object per line. */
async function triton(datacenter: string, ...args: string[]): Promise<unknown[]> {
  return (await tritonRaw(datacenter, ...args))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
}
const names = (rows: unknown[]): string[] => rows.map((r) => (r as { name: string }).name).sort();
const logins = (rows: unknown[]): string[] => rows.map((r) => (r as { login: string }).login).sort();

beforeAll(async () => {
  t = await startTestEmulator({
    datacenters: DATACENTERS,
    replicationDelayMs: 3000,
    faultRate: FAULT_RATE,
    seed: 44,
    timing: 'fast',
    provisionMs: 0,
  });
  vendor = vendorTriton(t, 'triton-two-dcs-');
  // TRITON_URL is the first datacenter's: the stacks find both by name through its ListDatacenters.
  ({ cwd, env } = projectAgainst(t, 'examples/two-datacenters/main.ts'));
  env = { ...env, TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
});
afterAll(async () => {
  await t?.close();
  if (cwd !== undefined) rmSync(cwd, { recursive: true, force: true });
});

describe('examples/two-datacenters against a two-datacenter emulator', () => {
  it('applies in one run, the account stack first, and plans no changes after', async () => {
    const applied = await cli('apply', '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    // The account stack first; the us-east-2 instance's role tag waits for the role to get there.
    const order = ['account', 'web-us-east-1', 'web-us-east-2'].map((s) =>
      applied.stdout.indexOf(`Apply complete for stack ${s}:`),
    );
    expect(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!))).toBe(true);
    // Whether us-east-2's instance waits for the role depends on how soon after the role it comes
    // (3 s here); examples/two-datacenters/main.test.ts shows the wait with a clock that decides.
    if (applied.stdout.includes('to replicate'))
      expect(applied.stdout).toMatch(
        /web-us-east-2\/www: waiting for role web-ops to replicate to datacenter us-east-2 \(written through datacenter us-east-1\)/,
      );
    const plan = await cli('plan', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout.match(new RegExp(NO_CHANGES.source, 'g'))).toHaveLength(3);
  });

  it("shows each datacenter's objects only in that datacenter, and the RBAC in both", async () => {
    await t.emulator.replicated();
    for (const dc of DATACENTERS) {
      const other = DATACENTERS.find((d) => d !== dc)!;
      const machines = names(await triton(dc, 'instance', 'list', '-j'));
      expect(machines).toContain(`www-${dc}`);
      expect(machines).not.toContain(`www-${other}`);
      const vlans = (await triton(dc, 'vlan', 'list', '-j')) as { vlan_id: number; description?: string }[];
      expect(vlans.filter((v) => v.vlan_id === 120).map((v) => v.description)).toEqual([`web tier in ${dc}`]);
      expect(logins(await triton(dc, 'rbac', 'users', '-j'))).toContain('webops');
      expect(names(await triton(dc, 'rbac', 'roles', '-j'))).toContain('web-ops');
    }
  });

  it('answers access and can per datacenter: the role reaches each machine in its own datacenter only', async () => {
    const access = await cli('access', '--datacenter', 'us-east-2', '--json');
    expect(access.code, access.stderr).toBe(0);
    const table = JSON.parse(access.stdout) as {
      datacenter: string;
      permissions: { user: string; resource: string }[];
    };
    expect(table.datacenter).toBe('us-east-2');
    expect(new Set(table.permissions.map((p) => `${p.user} ${p.resource}`))).toEqual(
      new Set(['webops /acme/machines/(www-us-east-2: id known after apply)']),
    );
    const [www] = (await triton('us-east-2', 'instance', 'list', '-j', 'name=www-us-east-2')) as { id: string }[];
    const path = `/acme/machines/${www!.id}`;
    const there = await cli('can', 'webops', 'stopmachine', path, '--datacenter', 'us-east-2');
    expect(there.code, there.stdout + there.stderr).toBe(0);
    expect(there.stdout).toContain('granted by: role web-ops → policy web-start-stop');
    // us-east-1 has no such machine: nothing is tagged there, so nothing is granted.
    expect((await cli('can', 'webops', 'stopmachine', path, '--datacenter', 'us-east-1')).code).toBe(2);
  });

  it('reads drift per datacenter: a tag changed by hand in us-east-2 is drift of that stack only', async () => {
    const [www] = (await triton('us-east-2', 'instance', 'list', '-j', 'name=www-us-east-2')) as { id: string }[];
    await tritonRaw('us-east-2', 'instance', 'tag', 'set', '-w', www!.id, 'role=db');
    const drift = await cli('drift');
    expect(drift.stdout).toMatch(/Drift in stack web-us-east-2 \(account acme\): 1 of 4 objects differ/);
    expect(drift.stdout).toMatch(/Drift in stack web-us-east-1 \(account acme\): 0 of 4 objects differ/);
    expect(drift.stdout).toMatch(/Drift in stack account \(account acme\): 0 of 3 objects differ/);
  });

  it('destroys every stack, the account stack last, leaving nothing in either datacenter', async () => {
    const destroyed = await cli('destroy', '--auto-approve');
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    const done = ['web-us-east-2', 'web-us-east-1', 'account'].map((n) =>
      destroyed.stdout.search(new RegExp(`complete for stack ${n}:`)),
    );
    expect(done.every((i, n) => i >= 0 && (n === 0 || i > done[n - 1]!))).toBe(true);
    await t.emulator.replicated();
    for (const dc of DATACENTERS) {
      expect(names(await triton(dc, 'instance', 'list', '-j')).filter((n) => n.startsWith('www-'))).toEqual([]);
      expect(((await triton(dc, 'vlan', 'list', '-j')) as { vlan_id: number }[]).map((v) => v.vlan_id)).not.toContain(
        120,
      );
      expect(await triton(dc, 'fwrule', 'list', '-j')).toEqual([]);
      expect(logins(await triton(dc, 'rbac', 'users', '-j'))).not.toContain('webops');
    }
  });
});

describe('examples/two-datacenters with --emulator', () => {
  it('plans against an embedded emulator serving both datacenters the stacks name', async () => {
    const dir = projectDir('examples/two-datacenters/main.ts');
    try {
      const plan = await runCli(['plan', '--emulator'], { cwd: dir });
      expect(plan.code, plan.stderr).toBe(0);
      for (const dc of DATACENTERS) expect(plan.stdout).toContain(`web-${dc}/www (instance www-${dc}) will be created`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
