/**
 * Drift as a security sensor, through the real binary against the embedded emulator: a managed
 * grant removed by hand is reported as access drift naming the chain, and `--remediate` saves a
 * plan that applies to a clean drift; keys, sub-users, policies and roles added with the vendor
 * `triton` CLI are reported as unmanaged (and silenced by the allow-list in triton-iac.json); a
 * grant added by hand through a role tag is reported as access drift naming the chain; the report
 * is written to files beside the terminal output.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, Role, RoleTag, TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, runCli, type CliResult } from './support/cli.js';
import { jsonFile, publicKeyFile, setRoleTagsByHand, withVendorTriton } from './support/tamper.js';

function manifest(): string {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'acme' });
  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const readUsers = new Policy(stack, 'read-users', { rules: ['CAN getuser AND listusers'] });
  const readers = new Role(stack, 'readers', { defaultMembers: [bob], policies: [readUsers] });
  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [readers] });
  return `${JSON.stringify(app.synth(), null, 2)}\n`;
}

interface DriftJson {
  driftKinds: string[];
  drifted: { address: string }[];
  unmanaged: { kind: string; id: string; name?: string }[];
  ignoredUnmanaged: number;
  access: { user: string; action: string; resource: string; change: string; via: string[]; unmanaged: string[] }[];
}

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
const driftJson = async (): Promise<{ code: number; doc: DriftJson }> => {
  const r = await cli('drift', '--emulator', '--json', 'team.json');
  return { code: r.code, doc: JSON.parse(r.stdout) as DriftJson };
};

describe('drift as a security sensor through the triton-iac binary', () => {
  beforeAll(async () => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'team.json'), manifest());
    const applied = await cli('apply', '--emulator', '--auto-approve', 'team.json');
    expect(applied.code).toBe(0);
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('finds nothing on the account as applied, and says it looked for unmanaged objects and access', async () => {
    const r = await cli('drift', '--emulator', 'team.json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no unmanaged object is there and nobody gained or lost a permission');
  });

  it('reports a grant removed by hand from a role tag as lost access naming the chain, and --remediate repairs it', async () => {
    await setRoleTagsByHand(cwd, 'acme', '/acme/users', []);
    const { code, doc } = await driftJson();
    expect(code).toBe(2);
    expect(doc.driftKinds).toEqual(['attributes', 'access']);
    expect(doc.drifted.map((d) => d.address)).toEqual(['team/users-tags']);
    expect(doc.access).toEqual([
      expect.objectContaining({
        user: 'bob',
        action: 'getuser',
        resource: '/acme/users',
        change: 'lost',
        via: ['role readers → policy read-users → rule "CAN getuser AND listusers"'],
        unmanaged: [],
      }),
      expect.objectContaining({ user: 'bob', action: 'listusers', change: 'lost' }),
    ]);

    const saved = await cli('drift', '--emulator', 'team.json', '--remediate', '--out', 'repair.plan');
    expect(saved.code).toBe(2);
    expect(saved.stderr).toContain('Saved a plan that repairs 1 drifted object(s) to repair.plan');
    const applied = await cli('apply', 'repair.plan', '--emulator');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('team/users-tags');
    expect((await cli('drift', '--emulator', 'team.json')).code).toBe(0);
  });

  it('lists keys, sub-users, policies and roles added with the vendor CLI, and the allow-list silences them', async () => {
    await withVendorTriton(cwd, 'acme', async (triton) => {
      const file = (name: string, body: object): string => jsonFile(cwd, name, body);
      await triton('key', 'add', '-n', 'laptop', publicKeyFile(cwd, 'laptop'));
      await triton(
        'rbac',
        'user',
        '-a',
        file('mallory', { login: 'mallory', email: 'm@example.com', password: 'Secret-123-xyz' }),
      );
      await triton('rbac', 'policy', '-a', file('deleters', { name: 'deleters', rules: ['CAN deletemachine'] }));
      await triton(
        'rbac',
        'role',
        '-a',
        file('cleanup', { name: 'cleanup', members: ['mallory'], policies: ['deleters'] }),
      );
    });
    const text = await cli('drift', '--emulator', 'team.json');
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('Unmanaged: 4 live object(s) no stack manages:');
    expect(text.stdout).toMatch(/\? key [0-9a-f:]+ \(laptop\): an SSH key of the account itself: full access/);
    expect(text.stdout).toContain('? user mallory');
    expect(text.stdout).toContain('? role cleanup');
    expect(text.stdout).toContain('? policy deleters');
    const { doc } = await driftJson();
    expect(doc.driftKinds).toEqual(['unmanaged']);
    expect(doc.unmanaged.map((u) => u.kind)).toEqual(['key', 'user', 'role', 'policy']);
    // The role is tagged nowhere: nobody can do more than at the last apply.
    expect(doc.access).toEqual([]);

    writeFileSync(
      join(cwd, 'triton-iac.json'),
      JSON.stringify({
        drift: { ignore: ['key:laptop', { kind: 'user', name: 'mall*' }, 'role:cleanup', 'policy:deleters'] },
      }),
    );
    const quiet = await cli('drift', '--emulator', 'team.json');
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('(4 unmanaged object(s) silenced by drift.ignore in triton-iac.json)');
  });

  it('refuses a malformed allow-list, naming the field, the value and the rule', async () => {
    const good = readFileSync(join(cwd, 'triton-iac.json'), 'utf8');
    writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ drift: { ignore: ['key:', { kind: 'user' }] } }));
    const r = await cli('drift', '--emulator', 'team.json');
    writeFileSync(join(cwd, 'triton-iac.json'), good);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"drift.ignore[0]" is "key:"; it must be KIND:NAME or NAME');
    expect(r.stderr).toContain('"drift.ignore[1]".name is undefined; it must be a non-empty glob');
  });

  it('reports a grant added by hand through a role tag, naming the chain and its unmanaged parts, and writes the report files', async () => {
    await setRoleTagsByHand(cwd, 'acme', '/acme/machines', ['cleanup']);
    const r = await cli('drift', '--emulator', 'team.json', '--out-json', 'drift.json', '--out-markdown', 'drift.md');
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Access drift: 1 permission(s) gained or lost since the last apply:');
    expect(r.stdout).toContain(
      '+ mallory gained deletemachine on /acme/machines via role cleanup → policy deleters → rule "CAN deletemachine" (as-role); changed outside, through role cleanup, policy deleters, role tag cleanup on /acme/machines (managed by no stack)',
    );
    // The tag itself is an unmanaged object the allow-list does not name.
    expect(r.stdout).toContain('? role tag cleanup on /acme/machines');
    const doc = JSON.parse(readFileSync(join(cwd, 'drift.json'), 'utf8')) as DriftJson;
    expect(doc.driftKinds).toEqual(['unmanaged', 'access']);
    expect(doc.access[0]).toMatchObject({ user: 'mallory', action: 'deletemachine', change: 'gained' });
    const md = readFileSync(join(cwd, 'drift.md'), 'utf8');
    expect(md).toContain('**1 permission(s) gained or lost** since the last apply');
    expect(md).toContain('| mallory | gained | `deletemachine` | `/acme/machines` |');
  });
});
