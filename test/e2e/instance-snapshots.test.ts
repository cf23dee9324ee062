/**
 * An instance snapshot's life through the real binary against the embedded emulator, checked with
 * the vendor `triton` CLI: created once the instance runs (and waited for until `created`), no
 * changes after, a deleted snapshot shown as drift and re-created, a new name replacing it, import
 * by `<instance id>/<name>`, rollback by command, removal.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

let cwd: string;
const cli = (variant: string, ...args: string[]): Promise<CliResult> =>
  runCli(args, { cwd, env: { SNAPSHOT_VARIANT: variant } });
const triton = (...args: string[]): Promise<string> => withVendorTriton(cwd, 'acme', (t) => t(...args));
const snapshots = async (): Promise<{ name: string; state: string }[]> =>
  (await triton('instance', 'snapshot', 'list', '-j', 'snap-web'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { name: string; state: string });

describe('an InstanceSnapshot through the triton-iac binary against --emulator', () => {
  beforeAll(() => {
    cwd = projectDir('test/e2e/apps/snapshot-stack.ts');
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('takes the snapshot after the instance runs, waits until it is created, then plans nothing', async () => {
    const applied = await cli('first', 'apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/snaps\/backup: created/);
    expect(await snapshots()).toEqual([expect.objectContaining({ name: 'before-upgrade', state: 'created' })]);
    expect((await cli('first', 'plan', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);
  });

  it('shows a snapshot deleted out of band as drift, and apply takes it again', async () => {
    await triton('instance', 'snapshot', 'delete', '-w', '--force', 'snap-web', 'before-upgrade');
    const drift = await cli('first', 'drift', '--emulator');
    expect(drift.code).not.toBe(0);
    expect(drift.stdout).toMatch(/snaps\/backup/);
    expect((await cli('first', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect((await snapshots()).map((s) => s.name)).toEqual(['before-upgrade']);
  });

  it('replaces the snapshot for a new name, leaving no old one behind', async () => {
    const plan = await cli('renamed', 'plan', '--emulator');
    expect(plan.stdout).toMatch(/Plan: 0 to add, 0 to change, 1 to replace, 0 to destroy/);
    const applied = await cli('renamed', 'apply', '--emulator', '--auto-approve');
    expect(applied.stderr).toBe('');
    expect((await snapshots()).map((s) => s.name)).toEqual(['after-upgrade']);
  });

  it('forgets and imports the snapshot by instance id and name', async () => {
    const id = JSON.parse(await triton('instance', 'get', '-j', 'snap-web')) as { id: string };
    expect((await cli('renamed', 'state', 'rm', 'snaps/backup')).code).toBe(0);
    const imported = await cli('renamed', 'import', '--emulator', 'snaps/backup', `${id.id}/after-upgrade`);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect((await cli('renamed', 'plan', '--emulator', '--detailed-exitcode')).code).toBe(0);
  });

  it('warns when it rolls back an instance declared stopped, which the server starts, and apply stops it again', async () => {
    expect((await cli('stopped', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    const rolled = await cli('stopped', 'instance', 'rollback', '--emulator', 'snaps/backup');
    expect(rolled.code).toBe(0);
    expect(rolled.stderr).toMatch(
      /warning: instance snap-web is declared state: 'stopped', and the rollback starts it/,
    );
    await triton('instance', 'wait', '-s', 'running', 'snap-web');
    const plan = await cli('stopped', 'plan', '--emulator');
    expect(plan.stdout).toMatch(/state\s*=\s*"running"\s*->\s*"stopped"/);
    expect((await cli('stopped', 'apply', '--emulator', '--auto-approve')).code).toBe(0);
    expect((JSON.parse(await triton('instance', 'get', '-j', 'snap-web')) as { state: string }).state).toBe('stopped');
  });

  it('rolls the instance back by command, never by plan, and removing the construct deletes the snapshot', async () => {
    const rolled = await cli('renamed', 'instance', 'rollback', '--emulator', 'snaps/backup');
    expect(rolled.stderr).toBe('');
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toMatch(/snap-web.*after-upgrade/);
    // The emulator dates a machine job's audit record a moment after its answer (VMAPI finishes the
    // job later): ask until the record is there, so a fast machine does not ask too early.
    let audit = '';
    for (let attempt = 0; attempt < 30 && !/rollback/.test(audit); attempt += 1)
      audit = await triton('instance', 'audit', '-j', 'snap-web');
    expect(audit).toMatch(/rollback/);
    expect((await cli('renamed', 'plan', '--emulator', '--detailed-exitcode')).code).toBe(0);
    const removed = await cli('none', 'apply', '--emulator', '--auto-approve');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/snaps\/backup: deleted/);
    expect(await snapshots()).toEqual([]);
  });
});
