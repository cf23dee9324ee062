/**
 * Access analysis through the real binary against the embedded emulator: `can` (allowed, denied
 * with the failing condition and a fix, as-role, JSON, the app laid over the live account, bad
 * input), `access` (text, JSON, Markdown) and the access changes a plan shows.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, Role, RoleTag, TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, runCli, type CliResult } from './support/cli.js';

/** The team's app; `next` also tags /my/keys with the readers role and makes eve a reader. */
function manifest(next: boolean): string {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'team', { account: 'acme' });
  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });
  const eve = new User(stack, 'eve', { login: 'eve', email: 'eve@acme.example' });
  const readUsers = new Policy(stack, 'read-users', { rules: ['CAN getuser AND listusers'] });
  const readKeys = new Policy(stack, 'read-keys', { rules: ['CAN listkeys'] });
  const readers = new Role(stack, 'readers', {
    defaultMembers: next ? [bob, eve] : [bob],
    policies: [readUsers, readKeys],
  });
  const keyholders = new Role(stack, 'keyholders', { members: [bob], policies: [readKeys] });
  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [readers] });
  new RoleTag(stack, 'keys-tags', { resource: '/my/keys', roles: next ? [keyholders, readers] : [keyholders] });
  return `${JSON.stringify(app.synth(), null, 2)}\n`;
}

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

describe('can, access and access changes through the triton-iac binary', () => {
  beforeAll(async () => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'team.json'), manifest(false));
    writeFileSync(join(cwd, 'team-next.json'), manifest(true));
    writeFileSync(join(cwd, 'team-less.json'), manifest(false).replace('"CAN getuser AND listusers"', '"CAN getuser"'));
    const applied = await cli('apply', '--emulator', '--auto-approve', 'team.json');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('allows with exit 0 and names the role → policy → rule chain, a collection tag covering the item', async () => {
    const r = await cli('can', 'bob', 'getuser', '/acme/users/eve', 'team.json', '--emulator');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ALLOWED: bob may getuser /acme/users/eve');
    expect(r.stdout).toContain('granted by: role readers → policy read-users → rule "CAN getuser AND listusers"');
  });

  it('denies with exit 2, naming the first condition that fails and what would grant it', async () => {
    const r = await cli('can', 'bob', 'listkeys', '/acme/keys', 'team.json', '--emulator');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(
      [
        'DENIED: bob may not listkeys /acme/keys',
        "  why: none of bob's active roles (readers) is tagged on /acme/keys (tags: keyholders)",
        '  active roles: readers; role tags on the resource: keyholders',
        '  to grant it: take up keyholders with --role keyholders (as-role), or make bob a default member of it',
        '',
      ].join('\n'),
    );
    const withRole = await cli(
      'can',
      'bob',
      'listkeys',
      '/acme/keys',
      'team.json',
      '--emulator',
      '--role',
      'keyholders',
    );
    expect(withRole.code).toBe(0);
    expect(withRole.stdout).toContain('granted by: role keyholders → policy read-keys → rule "CAN listkeys"');
  });

  it('prints JSON for scripts, and refuses an as-role the user is not a member of', async () => {
    const r = await cli(
      'can',
      'eve',
      'listusers',
      '/acme/users',
      'team.json',
      '--emulator',
      '--role',
      'readers',
      '--json',
    );
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      user: 'eve',
      action: 'listusers',
      resource: '/acme/users',
      allowed: false,
      failure: 'not-member',
      chains: [],
    });
  });

  it('answers for the account as the app will make it, and with --live as it is', async () => {
    expect((await cli('can', 'bob', 'listkeys', '/acme/keys', 'team-next.json', '--emulator')).code).toBe(0);
    expect((await cli('can', 'bob', 'listkeys', '/acme/keys', 'team-next.json', '--emulator', '--live')).code).toBe(2);
  });

  it('shows in the plan, in text, JSON and Markdown, the access the change grants', async () => {
    const text = await cli('plan', '--emulator', 'team-next.json');
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      [
        'Access changes:',
        '  + eve can now listkeys /acme/keys',
        '      via role readers → policy read-keys → rule "CAN listkeys"',
        '      because of team/keys-tags (update), team/readers (update)',
        '  + eve can now getuser /acme/users',
        '      via role readers → policy read-users → rule "CAN getuser AND listusers"',
        '      because of team/readers (update)',
        '  + eve can now listusers /acme/users',
        '      via role readers → policy read-users → rule "CAN getuser AND listusers"',
        '      because of team/readers (update)',
        '',
      ].join('\n'),
    );
    // bob could already list the keys by taking up keyholders: not a new permission.
    expect(text.stdout).not.toContain('bob can now');
    const json = JSON.parse((await cli('plan', '--emulator', '--json', 'team-next.json')).stdout);
    expect(
      json.accessChanges.map(
        (c: { change: string; user: string; action: string; resource: string }) =>
          `${c.change} ${c.user} ${c.action} ${c.resource}`,
      ),
    ).toEqual(['grant eve listkeys /acme/keys', 'grant eve getuser /acme/users', 'grant eve listusers /acme/users']);
    expect(json.accessChanges[0]).toEqual({
      user: 'eve',
      action: 'listkeys',
      resource: '/acme/keys',
      change: 'grant',
      via: ['role readers → policy read-keys → rule "CAN listkeys"'],
      causes: ['team/keys-tags (update)', 'team/readers (update)'],
    });
    const md = await cli('plan', '--emulator', '--format', 'markdown', 'team-next.json');
    expect(md.stdout).toContain('#### Access changes');
    expect(md.stdout).toContain(
      '| **grant** | eve | `listkeys` | `/acme/keys` | role readers → policy read-keys → rule "CAN listkeys" | `team/keys-tags (update)`, `team/readers (update)` |',
    );
  });

  it('shows a revoke when the app takes access away', async () => {
    const r = await cli('plan', '--emulator', '--json', 'team-less.json');
    expect(JSON.parse(r.stdout).accessChanges).toEqual([
      {
        user: 'bob',
        action: 'listusers',
        resource: '/acme/users',
        change: 'revoke',
        via: ['role readers → policy read-users → rule "CAN getuser AND listusers"'],
        causes: ['team/read-users (update)'],
      },
    ]);
  });

  it('prints the declared permission table in text, JSON and Markdown without touching the cloud', async () => {
    const text = await cli('access', 'team.json');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      '  bob\n    listkeys /acme/keys (and its items)  via role keyholders → policy read-keys → rule "CAN listkeys" (as-role)\n',
    );
    const json = JSON.parse((await cli('access', 'team.json', '--json')).stdout);
    expect(
      json.permissions.map(
        (p: { user: string; action: string; resource: string; activation: string }) =>
          `${p.user} ${p.action} ${p.resource} ${p.activation}`,
      ),
    ).toEqual([
      'bob listkeys /acme/keys as-role',
      'bob getuser /acme/users default',
      'bob listusers /acme/users default',
    ]);
    const md = await cli('access', 'team.json', '--format', 'markdown');
    expect(md.stdout).toContain(
      '| bob | `listkeys` | `/acme/keys (and its items)` | keyholders | read-keys | `CAN listkeys` | as-role keyholders |',
    );
  });

  it('refuses a misspelt action, an unknown user and a path outside the account with exit 1 and the rule', async () => {
    const action = await cli('can', 'bob', 'listkey', '/acme/keys', 'team.json', '--emulator');
    expect(action.code).toBe(1);
    expect(action.stderr).toContain('ACTION "listkey": no CloudAPI or Manta operation has the action "listkey"');
    expect(action.stderr).toContain('listkeys');
    const user = await cli('can', 'bobb', 'listkeys', '/acme/keys', 'team.json', '--emulator');
    expect(user.code).toBe(1);
    expect(user.stderr).toContain(
      'USER "bobb" is not a sub-user of account acme, live or declared (did you mean "bob"?); give the login of one of its sub-users, or of an account that is a member of one of its roles',
    );
    const path = await cli('can', 'bob', 'listkeys', '/other/keys', 'team.json', '--emulator');
    expect(path.code).toBe(1);
    expect(path.stderr).toContain('RESOURCE: resource "/other/keys" is not in account acme');
  });
});
