/**
 * `--replace` and `--exclude` through the real binary against the embedded emulator: a forced
 * replacement re-creates what depends on the object so that nothing is left pointing at nothing, an
 * exclusion names the dependants it leaves out, and both are refused where they cannot apply.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, Role, RoleTag, TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, runCli, type CliResult } from './support/cli.js';

function manifest(email: string): string {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'acme' });
  const bob = new User(stack, 'bob', { login: 'bob', email });
  const readUsers = new Policy(stack, 'read-users', { rules: ['CAN getuser AND listusers'] });
  const readers = new Role(stack, 'readers', { defaultMembers: [bob], policies: [readUsers] });
  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [readers] });
  return `${JSON.stringify(app.synth(), null, 2)}\n`;
}

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

describe('--replace and --exclude through the triton-iac binary', () => {
  beforeAll(async () => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'team.json'), manifest('bob@acme.example'));
    writeFileSync(join(cwd, 'team-next.json'), manifest('robert@acme.example'));
    expect((await cli('apply', '--emulator', '--auto-approve', 'team.json')).code).toBe(0);
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('replaces an unchanged policy and re-creates the role and role tag that pointed at it, leaving no drift', async () => {
    const r = await cli('apply', '--emulator', '--auto-approve', 'team.json', '--replace', 'team/read-users');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(replacement forced by --replace)');
    expect(r.stdout).toContain('(it depends on team/read-users, which is deleted and created again (--replace))');
    expect(r.stdout).toContain('Apply complete for stack team: 3 replaced');
    const drift = await cli('drift', '--emulator', 'team.json');
    expect(drift.stdout).toContain('No drift');
    expect(drift.code).toBe(0);
  });

  it('leaves an excluded resource and its dependants out, naming them, and applies the rest', async () => {
    const plan = await cli('plan', '--emulator', 'team-next.json', '--exclude', 'team/bob');
    expect(plan.code).toBe(0);
    expect(plan.stderr).toBe(
      'Excluded from this run of stack team: team/bob; and, because they depend on it, team/readers (on team/bob), team/users-tags (on team/readers).\n',
    );
    expect(plan.stdout).toContain('No changes');
    const apply = await cli('apply', '--emulator', '--auto-approve', 'team-next.json', '--exclude', 'team/read-users');
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('team/bob');
    expect(apply.stdout).toContain('1 updated');
  });

  it('refuses an unknown address with a suggestion, and a saved plan changed by either flag', async () => {
    const unknown = await cli('plan', '--emulator', 'team.json', '--replace', 'team/reader');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('--replace team/reader (did you mean "team/readers"?): no such address');
    expect((await cli('plan', '--emulator', 'team.json', '--out', 'p.plan')).code).toBe(0);
    const saved = await cli('apply', 'p.plan', '--emulator', '--exclude', 'team/bob');
    expect(saved.code).toBe(1);
    expect(saved.stderr).toContain('--exclude cannot change a saved plan; make the plan with it instead');
    const onDrift = await cli('drift', '--emulator', 'team.json', '--replace', 'team/bob');
    expect(onDrift.code).toBe(1);
    expect(onDrift.stderr).toContain('--replace on drift only shapes the plan --remediate saves');
  });
});
