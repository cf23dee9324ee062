/**
 * The access changes of a plan reach through a role the stack does not manage: a role made by hand
 * with the vendor `triton` CLI holds a managed policy, a hand-made sub-user is its member and a role
 * tag names it; the plan that removes an action from the policy says who loses it, via that role.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, TritonApp, TritonStack } from '../../index.js';
import { projectDir, runCli, type CliResult } from './support/cli.js';
import { jsonFile, setRoleTagsByHand, withVendorTriton } from './support/tamper.js';

function manifest(rules: string[]): string {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'acme' });
  new Policy(stack, 'read-users', { rules });
  return `${JSON.stringify(app.synth(), null, 2)}\n`;
}

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

describe('access changes through a role no stack manages', () => {
  beforeAll(async () => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'team.json'), manifest(['CAN getuser AND listusers']));
    writeFileSync(join(cwd, 'team-less.json'), manifest(['CAN getuser']));
    const applied = await cli('apply', '--emulator', '--auto-approve', 'team.json');
    expect(applied.code).toBe(0);
    await withVendorTriton(cwd, 'acme', async (triton) => {
      const file = (name: string, body: object): string => jsonFile(cwd, name, body);
      await triton(
        'rbac',
        'user',
        '-a',
        file('cibot', { login: 'cibot', email: 'ci@acme.example', password: 'Secret-123-xyz' }),
      );
      await triton(
        'rbac',
        'role',
        '-a',
        file('deployers', { name: 'deployers', members: ['cibot'], policies: ['read-users'] }),
      );
    });
    await setRoleTagsByHand(cwd, 'acme', '/acme/users', ['deployers']);
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('lists the revoked action for the hand-made role member in text, JSON and a saved plan', async () => {
    const text = await cli('plan', '--emulator', 'team-less.json');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Access changes:');
    expect(text.stdout).toContain('  - cibot can no longer listusers /acme/users');
    expect(text.stdout).toContain('was via role deployers → policy read-users → rule "CAN getuser AND listusers"');
    expect(text.stdout).not.toContain('cibot can no longer getuser');

    const json = await cli('plan', '--emulator', '--json', 'team-less.json');
    const doc = JSON.parse(json.stdout) as { accessChanges: { user: string; action: string; change: string }[] };
    expect(doc.accessChanges.map((c) => `${c.change} ${c.user} ${c.action}`)).toEqual(['revoke cibot listusers']);
    // What the plan read of the unmanaged role is in the plan, in the published schema's shape.
    const schema = JSON.parse(readFileSync(new URL('../../docs/plan.schema.json', import.meta.url), 'utf8')) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(doc).filter((k) => !(k in schema.properties))).toEqual([]);
    expect((doc as unknown as { unmanagedAccess: unknown }).unmanagedAccess).toEqual({
      users: ['cibot'],
      roles: [
        {
          name: 'deployers',
          members: [expect.objectContaining({ type: 'subuser', login: 'cibot' })],
          policies: ['read-users'],
        },
      ],
      roleTags: [{ path: '/acme/users', roles: ['deployers'] }],
    });

    const saved = await cli('plan', '--emulator', 'team-less.json', '--out', 'less.plan');
    expect(saved.code).toBe(0);
    const shown = await cli('show', 'less.plan');
    expect(shown.stdout).toContain('  - cibot can no longer listusers /acme/users');
    // Destroying the stack deletes the policy: the role made by hand is left with nothing.
    const destroy = await cli('plan', '--destroy', '--emulator', 'team.json');
    expect(destroy.stdout).toContain('  - cibot can no longer getuser /acme/users');
    expect(destroy.stdout).toContain('  - cibot can no longer listusers /acme/users');

    // The digest covers what was read: a saved plan whose unmanaged roles were edited is refused.
    const file = JSON.parse(readFileSync(join(cwd, 'less.plan'), 'utf8')) as {
      plan: { unmanagedAccess: { roles: unknown[] } };
    };
    file.plan.unmanagedAccess.roles = [];
    writeFileSync(join(cwd, 'edited.plan'), JSON.stringify(file));
    const edited = await cli('apply', 'edited.plan', '--emulator');
    expect(edited.code).toBe(1);
    expect(edited.stderr).toContain('does not match its content');
  });
});
