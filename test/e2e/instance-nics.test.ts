/**
 * An instance's networks changed through the real binary against an emulator whose clock the test
 * moves, checked with the vendor `triton` CLI: another network added is a NIC added in place, and
 * apply waits until the NIC is up; one removed is a NIC removed, and apply waits until it is gone;
 * a new primary is a planned replacement; a NIC added or removed by hand is drift that apply
 * repairs; a network that does not exist fails naming it, and an empty list is refused at synth.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldClock } from '../support/held-clock.js';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { vendorTriton, type VendorTriton } from '../emulator/support/vendor-triton.js';
import { NO_CHANGES, runCli, startCli, stopClis, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

const PRIVATE_NET = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const PUBLIC_NET = '9ec60129-9034-47b4-b111-3026f9b1a10f';

/** The emulator's clock, held so that a NIC job ends when the test says. */
const clock = new HeldClock();
let t: TestEmulator;
let vendor: VendorTriton;
let cwd: string;
let env: Record<string, string>;

const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { ...env, NICS_VARIANT: variant } });

interface Nic {
  readonly mac: string;
  readonly ip: string;
  readonly network: string;
  readonly state: string;
}

async function nics(): Promise<Nic[]> {
  const out = await vendor.triton('instance', 'nic', 'list', '-j', 'nic-web');
  return out
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Nic);
}

/** How many `operation` requests the emulator answered since the last reset. */
function calls(operation: string): number {
  const cloudapi = t.emulator.context.stats.snapshot()['cloudapi'] as Record<string, number> | undefined;
  return cloudapi?.[operation] ?? 0;
}

/** Resolves once the emulator answered `count` `operation` requests (an event, not a time). */
async function untilCalled(operation: string, count: number): Promise<void> {
  while (calls(operation) < count) await new Promise((r) => setTimeout(r, 25));
}

/** Resolves once the NIC is no longer listed (its removal job ran). */
async function untilGone(mac: string): Promise<void> {
  while ((await nics()).some((n) => n.mac === mac)) await new Promise((r) => setTimeout(r, 25));
}

/**
 * Runs apply for `variant` and moves the clock only once the run is seen waiting (it listed the
 * NICs again after its change): it must still be running then, and finish after.
 */
async function applyWaitingForNics(
  variant: string,
  change: 'AddNic' | 'RemoveNic',
  extra: Record<string, string> = {},
): Promise<CliResult> {
  t.emulator.context.stats.reset();
  clock.hold();
  const run = startCli(['apply', '--auto-approve'], { cwd, env: { ...env, ...extra, NICS_VARIANT: variant } });
  let finished = false;
  void run.done.then(() => (finished = true));
  await untilCalled(change, 1);
  // The wait looks at the machine after the change (and lists the NICs once its jobs have ended):
  // two looks more than when the change was seen are the wait polling.
  await untilCalled('GetMachine', calls('GetMachine') + 2);
  expect(finished, 'apply finished before the NIC job ran').toBe(false);
  clock.release();
  return run.done;
}

beforeAll(async () => {
  t = await startTestEmulator({ clock: clock.read, provisionMs: 0 });
  vendor = vendorTriton(t, 'triton-nics-');
  ({ cwd, env } = projectAgainst(t, 'test/e2e/apps/instance-nics-stack.ts'));
  // This emulator reads nothing stale: a plan right after an apply need not wait out the default
  // 15 s window before trusting a difference on what the apply just wrote.
  env = { ...env, TRITON_IAC_CONSISTENCY_WINDOW_MS: '0' };
});
afterAll(async () => {
  await stopClis();
  await t?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe('instance networks: NICs added and removed in place', () => {
  it('creates the instance on one network', async () => {
    const applied = await cli('one', 'apply', '--auto-approve');
    expect(applied.code, applied.stderr).toBe(0);
    expect((await nics()).map((n) => n.network)).toEqual([PRIVATE_NET]);
  });

  it('plans another network as an update, adds one NIC, waits until it runs, then plans nothing', async () => {
    const plan = await cli('two', 'plan');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to replace, 0 to destroy/);
    expect(plan.stdout).toContain(`+ "${PUBLIC_NET}"`);
    // The plan says what apply does beyond the list: the NIC job and the reboot it makes.
    expect(plan.stdout).toContain(
      `Warning: instance nic-web: apply adds a NIC on ${PUBLIC_NET} (AddNic/RemoveNic) and waits for each job; CloudAPI reboots the instance for each (nics/web)`,
    );
    const applied = await applyWaitingForNics('two', 'AddNic');
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/nics\/web: updated/);
    expect(calls('AddNic')).toBe(1);
    expect(calls('RemoveNic')).toBe(0);
    const after = await nics();
    expect(after.map((n) => [n.network, n.state])).toEqual([
      [PRIVATE_NET, 'running'],
      [PUBLIC_NET, 'running'],
    ]);
    expect((await cli('two', 'plan')).stdout).toMatch(NO_CHANGES);
  });

  it('plans a new primary network as a replacement, naming primaryNetwork', async () => {
    const plan = await cli('swapped', 'plan');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 0 to change, 1 to replace, 0 to destroy/);
    expect(plan.stdout).toMatch(/primaryNetwork cannot change in place/);
  });

  it('removes the NIC of a network taken out, and waits until it is gone', async () => {
    const publicNic = (await nics()).find((n) => n.network === PUBLIC_NET)!;
    const applied = await applyWaitingForNics('one', 'RemoveNic');
    expect(applied.code, applied.stderr).toBe(0);
    expect(calls('RemoveNic')).toBe(1);
    expect(calls('AddNic')).toBe(0);
    expect((await nics()).map((n) => n.mac)).not.toContain(publicNic.mac);
    const inst = JSON.parse(await vendor.triton('instance', 'get', '-j', 'nic-web')) as { ips: string[] };
    expect(inst.ips).not.toContain(publicNic.ip);
    expect((await cli('one', 'plan')).stdout).toMatch(NO_CHANGES);
  });

  it('shows a NIC added by hand as drift, and apply removes it', async () => {
    await vendor.triton('instance', 'nic', 'create', '-w', 'nic-web', PUBLIC_NET);
    const drift = await cli('one', 'drift');
    expect(drift.code).not.toBe(0);
    expect(drift.stdout).toMatch(/nics\/web/);
    expect(drift.stdout).toContain(PUBLIC_NET);
    const applied = await applyWaitingForNics('one', 'RemoveNic');
    expect(applied.code, applied.stderr).toBe(0);
    expect((await nics()).map((n) => n.network)).toEqual([PRIVATE_NET]);
  });

  it('adds back a NIC removed by hand to a stopped instance, where the NIC ends stopped', async () => {
    const stopped = { NICS_STOPPED: '1' };
    const added = await applyWaitingForNics('two', 'AddNic', stopped);
    expect(added.code, added.stderr).toBe(0);
    const publicNic = (await nics()).find((n) => n.network === PUBLIC_NET)!;
    await vendor.triton('instance', 'nic', 'delete', '-f', 'nic-web', publicNic.mac);
    await untilGone(publicNic.mac);
    const plan = await runCli(['plan'], { cwd, env: { ...env, ...stopped, NICS_VARIANT: 'two' } });
    expect(plan.stdout).toMatch(/Plan: 0 to add, 1 to change, 0 to replace/);
    const applied = await applyWaitingForNics('two', 'AddNic', stopped);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await nics()).map((n) => [n.network, n.state])).toEqual([
      [PRIVATE_NET, 'stopped'],
      [PUBLIC_NET, 'stopped'],
    ]);
    const inst = JSON.parse(await vendor.triton('instance', 'get', '-j', 'nic-web')) as { state: string };
    expect(inst.state).toBe('stopped');
  });

  it('fails naming a network that does not exist, and changes nothing', async () => {
    const before = await nics();
    const applied = await cli('unknown', 'apply', '--auto-approve');
    expect(applied.code).not.toBe(0);
    expect(applied.stdout + applied.stderr).toMatch(
      /network not found \(network 0badbeef-0000-4000-8000-000000000000\)/,
    );
    expect((await nics()).map((n) => n.mac)).toEqual(before.map((n) => n.mac));
  });

  it('refuses an empty network list at synth, naming the field', async () => {
    const plan = await cli('none', 'plan');
    expect(plan.code).not.toBe(0);
    expect(plan.stderr).toMatch(/networks \[\]: must name at least one network/);
  });
});
