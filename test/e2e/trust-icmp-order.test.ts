/**
 * ICMP types against FWAPI's order, through the real binary against the embedded emulator (which
 * writes a rule's types as sdc-fwrule's `icmpTypeSort` does, comparator quirk included: a bare type
 * and the same type with a code stay in the order written) and the vendor `triton` CLI. A rule made
 * by hand as `(TYPE 8 AND TYPE 8 CODE 0)` is the rule a stack declares as
 * `(TYPE 8 CODE 0 AND TYPE 8)`: the plan finds it (no second rule), and after apply plans nothing.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (types: string, ...args: string[]): Promise<CliResult> => runCli(args, { cwd, env: { ICMP_TYPES: types } });
const triton = (...args: string[]): Promise<string> => withVendorTriton(cwd, 'acme', (t) => t(...args));
const icmpRules = async (): Promise<string[]> =>
  (await triton('fwrule', 'list', '-j'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (JSON.parse(l) as { rule: string }).rule)
    .filter((r) => r.includes('icmp'));

beforeAll(() => {
  cwd = projectDir('test/e2e/apps/icmp-rule-stack.ts');
});
afterAll(async () => {
  await stopClis();
  rmSync(cwd, { recursive: true, force: true });
});

describe('ICMP types written in another order than the server keeps them', () => {
  it('a rule made by hand in one order is the rule declared in the other: adopted, never made twice', async () => {
    await triton('fwrule', 'create', 'FROM any TO all vms ALLOW icmp (TYPE 8 AND TYPE 8 CODE 0)');
    // FWAPI's sort keeps the bare type and the coded one in the order written.
    expect(await icmpRules()).toEqual(['FROM any TO all vms ALLOW icmp (TYPE 8 AND TYPE 8 CODE 0)']);
    // Made by hand: adopting it needs consent (--adopt), and it is the same rule, never a second one.
    const plan = await cli('TYPE 8 CODE 0 AND TYPE 8', 'plan', '--emulator', '--adopt');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).not.toMatch(/will be created/);
    expect(plan.stdout).toMatch(/icmp\/ping .* will be adopted/);
    const applied = await cli('TYPE 8 CODE 0 AND TYPE 8', 'apply', '--emulator', '--auto-approve', '--adopt');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(await icmpRules()).toHaveLength(1);
    expect((await cli('TYPE 8 CODE 0 AND TYPE 8', 'plan', '--emulator')).stdout).toMatch(NO_CHANGES);
    expect((await cli('TYPE 8 AND TYPE 8 CODE 0', 'plan', '--emulator')).stdout).toMatch(NO_CHANGES);
  });
});
