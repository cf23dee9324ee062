/**
 * Waits right after an apply, through the real binary against the embedded emulator with a long
 * consistency window (60 s, passed as `--consistency-window-ms`): a destroy or `plan --destroy`
 * deletes whatever its objects' fields may read, so it does not wait out the window the apply's
 * writes opened (it used to wait the whole window, silently); a wait that is needed (drift
 * confirming a difference) is shown, saying what for, how long and for which resources.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd, env: { SNAPSHOT_VARIANT: 'first' } });
const triton = (...args: string[]): Promise<string> => withVendorTriton(cwd, 'acme', (t) => t(...args));
const LONG = ['--emulator', '--consistency-window-ms', '60000'];

beforeAll(() => {
  cwd = projectDir('test/e2e/apps/snapshot-stack.ts');
});
afterAll(async () => {
  await stopClis();
  rmSync(cwd, { recursive: true, force: true });
});

describe('waits after an apply', () => {
  it('plan --destroy and destroy right after an apply delete without waiting out the window', async () => {
    const applied = await cli('apply', '--auto-approve', ...LONG);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const plan = await cli('plan', '--destroy', ...LONG);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/Plan: 0 to add, 0 to change, 0 to replace, 2 to destroy/);
    expect(plan.stderr).not.toMatch(/waiting/);
    const destroyed = await cli('destroy', '--auto-approve', ...LONG);
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    expect(`${destroyed.stdout}${destroyed.stderr}`).not.toMatch(/waiting/);
    expect(destroyed.stdout).toContain('Destroy complete for stack snaps: 2 deleted');
    expect(await triton('instance', 'list', '-j', 'name=snap-web')).toBe('');
  });

  it('a wait that is needed is shown: what for, how long and which resources', async () => {
    expect((await cli('apply', '--auto-approve', '--emulator')).code).toBe(0);
    await triton('instance', 'snapshot', 'delete', '-w', '--force', 'snap-web', 'before-upgrade');
    const drift = await cli('drift', '--emulator', '--consistency-window-ms', '300');
    expect(drift.code).not.toBe(0);
    expect(drift.stderr).toMatch(
      /… waiting 300ms for the consistency window, then reading these again .*: snaps\/backup/,
    );
  });
});
