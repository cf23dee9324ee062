/**
 * A snapshot goes with its instance: when triton-iac replaces the instance (here with `--target`, so
 * the snapshot is left for the next run), the next plan re-creates the snapshot as the replacement's
 * consequence, not as something "deleted outside triton-iac" (which it was not). Through the real
 * binary against the embedded emulator, looked at with the vendor `triton` CLI.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (affinity: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { SNAPSHOT_VARIANT: 'first', SNAPSHOT_AFFINITY: affinity } });
const triton = (...args: string[]): Promise<string> => withVendorTriton(cwd, 'acme', (t) => t(...args));

beforeAll(() => {
  cwd = projectDir('test/e2e/apps/snapshot-stack.ts');
});
afterAll(async () => {
  await stopClis();
  rmSync(cwd, { recursive: true, force: true });
});

describe('a dependent that went with an object triton-iac replaced', () => {
  it('is planned as re-made for the replacement, not as deleted outside triton-iac', async () => {
    expect((await cli('instance!=a-*', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    const before = JSON.parse(await triton('instance', 'get', '-j', 'snap-web')) as { id: string };
    const replaced = await cli('instance!=b-*', 'apply', '--emulator', '--auto-approve', '--target', 'snaps/web');
    expect(replaced.code, replaced.stdout + replaced.stderr).toBe(0);
    const after = JSON.parse(await triton('instance', 'get', '-j', 'snap-web')) as { id: string };
    expect(after.id).not.toBe(before.id);
    expect(await triton('instance', 'snapshot', 'list', '-j', 'snap-web')).toBe('');

    const plan = await cli('instance!=b-*', 'plan', '--emulator');
    expect(plan.stdout).toContain('# snaps/backup (instance-snapshot snap-web/before-upgrade) will be created');
    expect(plan.stdout).toContain(
      `it went with the object snaps/web was (instance ${before.id}), which an apply replaced; made again for the new one (${after.id})`,
    );
    expect(plan.stdout).not.toMatch(/deleted outside/);
    expect((await cli('instance!=b-*', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect((await cli('instance!=b-*', 'plan', '--emulator')).stdout).toMatch(NO_CHANGES);
  });
});
