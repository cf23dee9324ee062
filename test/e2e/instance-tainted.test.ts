/**
 * An instance whose provisioning fails, through the real binary against the embedded emulator and
 * checked with the vendor `triton` CLI: apply fails naming it, `state list` shows it tainted, and
 * `destroy` deletes it; a second one failing is replaced by the next apply, which leaves no changes.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (failing: boolean, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: failing ? { FAIL_PROVISION: '1' } : {} });
const instances = (): Promise<{ id: string; name: string; state: string }[]> =>
  withVendorTriton(cwd, 'acme', async (triton) =>
    (
      JSON.parse(`[${(await triton('instance', 'list', '-j')).trim().split('\n').join(',')}]`) as {
        id: string;
        name: string;
        state: string;
      }[]
    ).filter((m) => m.name === 'tainted-web'),
  );

describe('an instance whose provisioning fails, through the triton-iac binary', () => {
  beforeAll(() => {
    cwd = projectDir('test/e2e/apps/instance-tainted-stack.ts');
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('fails naming it, lists it tainted, and destroy deletes it', async () => {
    const applied = await cli(true, 'apply', '--emulator', '--auto-approve');
    expect(applied.code).toBe(1);
    expect(applied.stdout).toMatch(/instance tainted-web failed to provision: the server reports state "failed"/);
    expect(applied.stdout).toMatch(
      /recorded in the state as tainted: the next apply replaces it, and destroy deletes it/,
    );
    const [failed] = await instances();
    expect(failed!.state).toBe('failed');
    const list = await cli(false, 'state', 'list');
    expect(list.stdout).toMatch(new RegExp(`tainted/web\\s+instance\\s+tainted-web\\s+${failed!.id} \\(tainted\\)`));
    const destroyed = await cli(true, 'destroy', '--emulator', '--auto-approve');
    expect(destroyed.code).toBe(0);
    expect(await instances()).toEqual([]);
  });

  it('is replaced by the next apply, after which plan shows no changes', async () => {
    expect((await cli(true, 'apply', '--emulator', '--auto-approve')).code).toBe(1);
    const [failed] = await instances();
    const plan = await cli(false, 'plan', '--emulator');
    expect(plan.stdout).toMatch(/must be replaced/);
    expect(plan.stdout).toMatch(/tainted: its create did not finish/);
    const applied = await cli(false, 'apply', '--emulator', '--auto-approve');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/tainted\/web: replaced/);
    const now = await instances();
    expect(now.map((m) => m.state)).toEqual(['running']);
    expect(now[0]!.id).not.toBe(failed!.id);
    expect((await cli(false, 'plan', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);
  });
});
