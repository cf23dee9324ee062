/**
 * The commands that work on the state, through the real binary against the embedded emulator:
 * `refresh` (records live objects without changing the cloud, under the lock), `force-unlock` (by
 * lock id, for a local state file and a Manta one), `state pull` and `state push` (with Terraform's
 * lineage and serial checks).
 */
import { hostname } from 'node:os';
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';
import { teamProject } from './support/team-app.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function appliedTeam(
  options: { manta?: boolean } = {},
): Promise<{ cwd: string; cli: (...args: string[]) => Promise<CliResult> }> {
  const cwd = teamProject(options);
  dirs.push(cwd);
  const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
  const applied = await cli('apply', '--emulator', '--auto-approve');
  expect(applied.code, applied.stderr).toBe(0);
  return { cwd, cli };
}

/** A lock as a run on another machine leaves it: its pid means nothing here, so it is never broken by itself. */
const foreignLock = (id: string): string =>
  `${JSON.stringify({ id, pid: 4242, host: `${hostname()}-elsewhere`, command: 'triton-iac apply', createdAt: '2026-11-24T08:00:00.000Z' })}\n`;

describe('refresh through the binary', () => {
  it('shows what it would record, records it only when approved, and never changes the cloud', async () => {
    const { cwd, cli } = await appliedTeam();
    // Out of band: carol leaves the role, and the object is deleted.
    await withCloud(cwd, 'demo', async ({ cloudapi, manta }) => {
      await cloudapi.updateRole('ops', { members: [{ type: 'subuser', login: 'bob' }] });
      await manta.deleteObject('/demo/stor/docs/README.txt');
    });
    const state = (): string => readFileSync(join(cwd, '.triton-iac', 'team.state.json'), 'utf8');
    const before = state();

    const dry = await cli('refresh', '--emulator', '--dry-run', '--detailed-exitcode');
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(2);
    expect(dry.stdout).toContain(
      'Refreshing stack team (account demo) would record 2 changes in the state (the cloud is not changed):',
    );
    expect(dry.stdout).toContain('~ team/ops (role ops): will be recorded as it is live');
    expect(dry.stdout).toContain(
      ['      ~ members = [', '          - carol', '            # (1 unchanged element hidden)', '        ]'].join(
        '\n',
      ),
    );
    expect(dry.stdout).toContain('- team/readme (object /demo/stor/docs/README.txt): gone live; it will be forgotten');
    expect(dry.stdout).toContain('Dry run: the state of stack team was not changed.');
    expect(state()).toBe(before);

    const refused = await cli('refresh', '--emulator');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('there is no terminal to ask on');
    expect(state()).toBe(before);

    const done = await cli('refresh', '--emulator', '--auto-approve');
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toMatch(
      /Recorded 2 changes in the state of stack team \(serial \d+\)\. Nothing in the cloud was changed\./,
    );
    const doc = JSON.parse(state()) as {
      resources: { address: string; properties: { members?: { login: string }[] } }[];
    };
    expect(doc.resources.find((r) => r.address === 'team/ops')!.properties.members!.map((m) => m.login)).toEqual([
      'bob',
    ]);
    expect(doc.resources.some((r) => r.address === 'team/readme')).toBe(false);
    // The cloud was not changed: carol is still out of the role, and the object is still gone.
    await withCloud(cwd, 'demo', async ({ cloudapi, manta }) => {
      expect((await cloudapi.getRole('ops')).members?.map((m) => m.login)).toEqual(['bob']);
      await expect(manta.getObjectBuffer('/demo/stor/docs/README.txt')).rejects.toMatchObject({ status: 404 });
    });
    const again = await cli('refresh', '--emulator', '--detailed-exitcode');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('matches the live objects; nothing to record');
    // The configuration still wants carol and the object: plan says so.
    const plan = await cli('plan', '--emulator');
    expect(plan.stdout).toContain('          + carol');
    expect(plan.stdout).toContain('# team/readme (object /demo/stor/docs/README.txt) will be created');
  });

  it('honours the state lock', async () => {
    const { cwd, cli } = await appliedTeam();
    writeFileSync(
      join(cwd, '.triton-iac', 'team.state.json.lock'),
      foreignLock('11111111-2222-4333-8444-555555555555'),
    );
    const locked = await cli('refresh', '--emulator', '--auto-approve');
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('Error [STATE_LOCKED]');
    expect(locked.stderr).toContain('lock id 11111111-2222-4333-8444-555555555555');
    expect(locked.stdout).toBe('');
  });
});

describe('force-unlock through the binary', () => {
  it('removes a local lock left behind only by its id, and refuses a wrong id naming the right one', async () => {
    const { cwd, cli } = await appliedTeam();
    const id = '0f8e5c1a-7d2b-4b8e-9d55-3a1f2b6c7e90';
    mkdirSync(join(cwd, '.triton-iac'), { recursive: true });
    writeFileSync(join(cwd, '.triton-iac', 'team.state.json.lock'), foreignLock(id));
    const locked = await cli('plan', '--emulator');
    expect(locked.code).toBe(0); // plan takes no lock
    const apply = await cli('apply', '--emulator', '-y');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(`run \`triton-iac force-unlock ${id}\``);

    const wrong = await cli('force-unlock', 'aaaaaaaa-0000-4000-8000-000000000000');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `Error [STATE_LOCK_MISMATCH]: lock id "aaaaaaaa-0000-4000-8000-000000000000" does not match the lock on state ${join(cwd, '.triton-iac', 'team.state.json')}: it is lock id ${id}`,
    );
    expect(readFileSync(join(cwd, '.triton-iac', 'team.state.json.lock'), 'utf8')).toBe(foreignLock(id));

    const ok = await cli('force-unlock', id);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`Removed the lock ${id} on the state of stack team`);
    expect((await cli('apply', '--emulator', '-y')).code).toBe(0);
    const none = await cli('force-unlock', id);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('is not locked');
  });

  it('removes a Manta lock left behind by its id, and refuses a wrong id', async () => {
    const { cwd, cli } = await appliedTeam({ manta: true });
    const id = '7d1e0f3b-9a4c-4e2d-8b6f-1c2d3e4f5a6b';
    const lockPath = '/demo/stor/triton-iac/team.state.json.lock';
    await withCloud(cwd, 'demo', ({ manta }) =>
      manta.putObject(lockPath, foreignLock(id), { contentType: 'application/json' }),
    );
    const apply = await cli('apply', '--emulator', '-y');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain(`lock id ${id}`);

    const wrong = await cli('force-unlock', '--emulator', 'not-the-id');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `Error [STATE_LOCK_MISMATCH]: lock id "not-the-id" does not match the lock on state manta:/demo/stor/triton-iac/team.state.json: it is lock id ${id}`,
    );

    const ok = await cli('force-unlock', '--emulator', id);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(
      `Removed the lock ${id} on the state of stack team (manta:/demo/stor/triton-iac/team.state.json)`,
    );
    const after = await cli('apply', '--emulator', '-y');
    expect(after.code, after.stderr).toBe(0);
  });
});

describe('state pull and state push through the binary', () => {
  it('pulls the exact document and pushes one back only when it is newer and of the same lineage, unless --force', async () => {
    const { cwd, cli } = await appliedTeam();
    const pulled = await cli('state', 'pull');
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toBe(readFileSync(join(cwd, '.triton-iac', 'team.state.json'), 'utf8'));
    const doc = JSON.parse(pulled.stdout) as { serial: number; lineage: string; resources: { address: string }[] };

    writeFileSync(join(cwd, 'same.json'), pulled.stdout);
    const same = await cli('state', 'push', 'same.json');
    expect(same.code).toBe(1);
    expect(same.stderr).toContain(
      `Error [STATE_PUSH_REFUSED]: the pushed state has serial ${doc.serial}, but the stored state of stack team is at serial ${doc.serial}`,
    );

    writeFileSync(
      join(cwd, 'other.json'),
      JSON.stringify({ ...doc, serial: doc.serial + 10, lineage: 'another-lineage' }),
    );
    const other = await cli('state', 'push', 'other.json');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(
      `the pushed state has lineage another-lineage, but the stored state of stack team has lineage ${doc.lineage}`,
    );

    const trimmed = {
      ...doc,
      serial: doc.serial + 3,
      resources: doc.resources.filter((r) => r.address !== 'team/readme'),
    };
    writeFileSync(join(cwd, 'newer.json'), JSON.stringify(trimmed));
    const newer = await cli('state', 'push', 'newer.json');
    expect(newer.code, newer.stderr).toBe(0);
    expect(newer.stdout).toContain(
      `serial ${doc.serial + 3}, lineage ${doc.lineage}, 6 resources; it was at serial ${doc.serial}`,
    );
    const list = await cli('state', 'list');
    expect(list.stdout).not.toContain('team/readme');

    // --force: an older copy replaces it, and the serial still moves past every serial seen.
    const forced = await runCli(['state', 'push', '-', '--force'], { cwd, input: pulled.stdout });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain(`serial ${doc.serial + 4}`);
    expect((await cli('state', 'list')).stdout).toContain('team/readme');

    writeFileSync(join(cwd, 'foreign.json'), JSON.stringify({ ...doc, serial: 99, stack: 'elsewhere' }));
    const foreign = await cli('state', 'push', 'foreign.json', '--force');
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('Error [STATE_MISMATCH]');
  });
});
