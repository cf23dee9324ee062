/**
 * The account's provisioning limits through the real binary against an emulator that enforces a
 * machine limit and a RAM limit: the vendor CLI sees the limits the emulator enforces; a plan whose
 * instances would pass one warns, naming it, its value, the use now and after (in the text plan,
 * `--json` and a saved plan); a plan within them does not; and applying past a limit is refused
 * by the cloud as the warning said, with a hint about limits (not permissions).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { vendorTriton, type VendorTriton } from '../emulator/support/vendor-triton.js';
import { runCli, type CliResult } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

let t: TestEmulator;
let vendor: VendorTriton;
let cwd: string;
let env: Record<string, string>;

/** The emulator's fixture account has three 1 GiB instances. */
const MACHINE_LIMIT = 5;
const RAM_LIMIT = 6144;

const cli = (size: number, pkg: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { ...env, FLEET_SIZE: String(size), FLEET_PACKAGE: pkg } });

beforeAll(async () => {
  t = await startTestEmulator({ machineLimit: MACHINE_LIMIT, ramLimitMb: RAM_LIMIT });
  vendor = vendorTriton(t, 'triton-limits-');
  ({ cwd, env } = projectAgainst(t, 'test/e2e/apps/fleet-stack.ts'));
});
afterAll(async () => {
  await t?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe('provisioning limits in plan', () => {
  it('the vendor CLI sees the limits the emulator enforces', async () => {
    // `triton account limits -j` prints GetAccountLimits as its own rows: type, used, limit.
    const limits = JSON.parse(await vendor.triton('account', 'limits', '-j')) as unknown;
    expect(limits).toEqual([
      { type: 'machines', used: 3, limit: MACHINE_LIMIT },
      { type: 'ram', used: 3072, limit: RAM_LIMIT },
    ]);
  });

  it('a plan within the limits warns of nothing', async () => {
    const plan = await cli(2, 'g4-highcpu-1G', 'plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/Plan: 2 to add/);
    expect(plan.stdout).not.toMatch(/Warning/);
    const json = JSON.parse((await cli(2, 'g4-highcpu-1G', 'plan', '--json')).stdout) as { warnings?: unknown };
    expect(json.warnings).toBeUndefined();
  });

  it('a plan past the machine limit warns, naming the limit, its value, the use now and after', async () => {
    const plan = await cli(3, 'g4-highcpu-1G', 'plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(
      `Warning: this plan would pass the account's provisioning limit by machines (${MACHINE_LIMIT} instances): 3 in use now, 6 after this plan`,
    );
    expect(plan.stdout).toContain('(fleet/w0, fleet/w1, fleet/w2)');
    expect(plan.stdout).not.toMatch(/limit by ram/);
  });

  it('a plan past the RAM limit warns in --json and in a saved plan', async () => {
    const json = JSON.parse((await cli(1, 'g4-general-4G', 'plan', '--json')).stdout) as {
      warnings?: { kind: string; message: string; addresses: string[] }[];
    };
    expect(json.warnings).toHaveLength(1);
    expect(json.warnings![0]).toMatchObject({ kind: 'instance', addresses: ['fleet/w0'] });
    expect(json.warnings![0]!.message).toContain(
      `provisioning limit by ram (${RAM_LIMIT} MiB): 3072 in use now, 7168 after this plan`,
    );
    expect((await cli(1, 'g4-general-4G', 'plan', '--out', 'fleet.plan')).code).toBe(0);
    const saved = JSON.parse(readFileSync(join(cwd, 'fleet.plan'), 'utf8')) as {
      plan: { warnings?: { message: string }[] };
    };
    expect(saved.plan.warnings?.[0]?.message).toContain('limit by ram');
  });

  it('applying past the limit is refused by the cloud, with a hint about limits', async () => {
    const applied = await cli(3, 'g4-highcpu-1G', 'apply', '--auto-approve');
    expect(applied.code).not.toBe(0);
    expect(applied.stdout + applied.stderr).toMatch(/403 QuotaExceeded/);
    expect(applied.stdout + applied.stderr).toMatch(/provisioning limits/);
    expect(applied.stdout + applied.stderr).not.toMatch(/not allowed to createmachine/);
    const names = await vendor.triton('instance', 'list', '-H', '-o', 'name');
    expect(names.split('\n').filter((n) => n.startsWith('fleet-'))).toHaveLength(2);
    // Within the limits again, the plan warns of nothing.
    expect((await cli(2, 'g4-highcpu-1G', 'plan')).stdout).not.toMatch(/Warning/);
  });
});
