/**
 * Access drift through a managed instance's own role tags: a role tag set by hand on a machine the
 * stack manages (its `roleTags` undeclared) grants a sub-user access to it, and `drift` reports the
 * gained access naming the chain, as it does for any other path.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Instance, Policy, Role, TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, runCli, type CliResult } from './support/cli.js';
import { setRoleTagsByHand } from './support/tamper.js';

function manifest(withInstance = true): string {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'acme' });
  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const look = new Policy(stack, 'look', { rules: ['CAN getmachine'] });
  new Role(stack, 'lookers', { defaultMembers: [bob], policies: [look] });
  if (withInstance)
    new Instance(stack, 'web', {
      name: 'web',
      image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
      package: 'g4-highcpu-1G',
    });
  return `${JSON.stringify(app.synth(), null, 2)}\n`;
}

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

describe('access drift through a managed instance’s role tags', () => {
  beforeAll(async () => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'team.json'), manifest());
    const applied = await cli('apply', '--emulator', '--auto-approve', 'team.json');
    expect(applied.code, applied.stderr).toBe(0);
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('reports a sub-user who gained access through a role tag set by hand on a managed machine', async () => {
    // The emulator's own machines are unmanaged; nobody has gained or lost access yet.
    const clean = await cli('drift', '--emulator', '--json', 'team.json');
    expect((JSON.parse(clean.stdout) as { access: unknown[] }).access).toEqual([]);
    const shown = await cli('state', 'list', 'team.json', '--json');
    const id = /"instance"[^}]*?"serverId": "([0-9a-f-]{36})"/.exec(shown.stdout)?.[1];
    expect(id, shown.stdout + shown.stderr).toBeDefined();
    await setRoleTagsByHand(cwd, 'acme', `/acme/machines/${id!}`, ['lookers']);
    const r = await cli('drift', '--emulator', '--json', 'team.json');
    const doc = JSON.parse(r.stdout) as {
      access: { user: string; action: string; resource: string; change: string; unmanaged: string[] }[];
    };
    expect(doc.access, JSON.stringify(doc.access)).toEqual([
      expect.objectContaining({
        user: 'bob',
        action: 'getmachine',
        resource: `/acme/machines/${id!}`,
        change: 'gained',
        unmanaged: [`role tag lookers on /acme/machines/${id!}`],
      }),
    ]);

    // Applied, the access is the new baseline; the machine then goes with the stack's next apply.
    // The census read alongside its destroy job does not record the tags of a machine on its way
    // out, so the drift after it finds nothing lost.
    expect((await cli('apply', '--emulator', '--auto-approve', 'team.json')).code).toBe(0);
    writeFileSync(join(cwd, 'team.json'), manifest(false));
    const removed = await cli('apply', '--emulator', '--auto-approve', 'team.json');
    expect(removed.code, removed.stdout + removed.stderr).toBe(0);
    const after = await cli('drift', '--emulator', '--json', 'team.json');
    expect((JSON.parse(after.stdout) as { access: unknown[] }).access).toEqual([]);
  });
});
