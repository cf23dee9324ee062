/**
 * Access expectations as code through the real binary against the embedded emulator: a broken one
 * fails synth on the declared account; a manifest that would break one fails the plan and the apply
 * (nothing changes); and drift checks them on the live account, where a role made and tagged by hand
 * breaks an `expectDenied`, naming the chain.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, type CliResult } from './support/cli.js';
import { jsonFile, setRoleTagsByHand, withVendorTriton } from './support/tamper.js';

const LIBRARY = JSON.stringify(join(REPO, 'index.ts'));
const APP = [
  `import { expectAccess, expectDenied, Policy, Role, RoleTag, TritonApp, TritonStack, User } from ${LIBRARY};`,
  'export default function build(): TritonApp {',
  '  const app = new TritonApp();',
  "  const stack = new TritonStack(app, 'team', { account: 'acme' });",
  "  const bob = new User(stack, 'bob', { login: 'bob', email: 'bob@acme.example' });",
  "  const readUsers = new Policy(stack, 'read-users', { rules: ['CAN getuser AND listusers'] });",
  "  const readers = new Role(stack, 'readers', { defaultMembers: [bob], policies: [readUsers] });",
  "  new RoleTag(stack, 'users-tags', { resource: '/my/users', roles: [readers] });",
  "  expectAccess(stack, { user: bob, can: ['getuser', 'listusers'], on: '/my/users', because: 'the sync job reads users as bob' });",
  "  expectDenied(stack, { user: 'bob', cannot: ['deletemachine'], on: '/my/machines' });",
  '  /*EXTRA*/',
  '  return app;',
  '}',
  '',
].join('\n');

let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

describe('access expectations through the triton-iac binary', () => {
  beforeAll(async () => {
    cwd = projectDir();
    writeFileSync(join(cwd, 'app.ts'), APP);
    const applied = await cli('apply', '--emulator', '--auto-approve', 'app.ts');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
  });
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
  });

  it('fails synth on the declared account, naming the first failing condition and what would grant it', async () => {
    writeFileSync(
      join(cwd, 'broken.ts'),
      APP.replace('/*EXTRA*/', "expectAccess(stack, { user: bob, can: ['listkeys'], on: '/my/keys' });"),
    );
    const r = await cli('synth', 'broken.ts');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'team/expect-2: expectAccess bob may listkeys /acme/keys does not hold: /acme/keys carries no role tag (nor does its collection), so no sub-user may listkeys it; to grant it: tag it with a role of bob',
    );
  });

  it('fails a plan and an apply whose after-state would break one, and changes nothing', async () => {
    const synth = await cli('synth', 'app.ts');
    expect(synth.code).toBe(0);
    // A manifest edited after synth (by hand or by another generator) is checked on the plan.
    writeFileSync(join(cwd, 'edited.json'), synth.stdout.replace('CAN getuser AND listusers', 'CAN getuser'));
    const plan = await cli('plan', '--emulator', 'edited.json');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'Error [ACCESS_EXPECTATION_FAILED]: the plan for stack team would break an access expectation: expectAccess bob may listusers /acme/users does not hold (expected because: the sync job reads users as bob): no rule of the policies of readers grants listusers',
    );
    const state = readFileSync(join(cwd, '.triton-iac', 'team.state.json'), 'utf8');
    const apply = await cli('apply', '--emulator', '--auto-approve', 'edited.json');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('[ACCESS_EXPECTATION_FAILED]');
    expect(readFileSync(join(cwd, '.triton-iac', 'team.state.json'), 'utf8')).toBe(state);
    expect((await cli('drift', '--emulator', 'app.ts')).code).toBe(0);
  });

  it('is checked live by drift: a role tagged by hand breaks an expectDenied, naming the chain', async () => {
    await withVendorTriton(cwd, 'acme', async (triton) => {
      const file = (name: string, body: object): string => jsonFile(cwd, name, body);
      await triton('rbac', 'policy', '-a', file('deleters', { name: 'deleters', rules: ['CAN deletemachine'] }));
      await triton(
        'rbac',
        'role',
        '-a',
        file('cleanup', { name: 'cleanup', members: ['bob'], policies: ['deleters'] }),
      );
    });
    await setRoleTagsByHand(cwd, 'acme', '/acme/machines', ['cleanup']);
    const r = await cli('drift', '--emulator', 'app.ts');
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Access expectations: 1 broken on the live account:');
    expect(r.stdout).toContain(
      '! expectDenied bob may not deletemachine /acme/machines does not hold: granted (taking up role cleanup) by role cleanup → policy deleters → rule "CAN deletemachine"',
    );
    const json = JSON.parse((await cli('drift', '--emulator', 'app.ts', '--json')).stdout) as {
      driftKinds: string[];
      expectations: { expect: string; user: string; action: string }[];
    };
    expect(json.driftKinds).toEqual(['unmanaged', 'access', 'expectations']);
    expect(json.expectations).toMatchObject([{ expect: 'denied', user: 'bob', action: 'deletemachine' }]);
  });
});
