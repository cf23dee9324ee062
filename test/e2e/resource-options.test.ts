/**
 * The per-resource lifecycle options (protect, retainOnDelete, ignoreChanges) through the real
 * binary against the embedded emulator: what a user sees when a plan would delete what they
 * protected, when a retained object leaves the app, and when someone else edits an ignored field.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, REPO, runCli, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A working directory whose `app.ts` is a one-stack app (`prod`, account `acme`) built from `body`. */
function project(body: readonly string[]): {
  cwd: string;
  cli: (...args: string[]) => Promise<CliResult>;
  rewrite: (body: readonly string[]) => void;
} {
  const cwd = projectDir();
  dirs.push(cwd);
  const rewrite = (lines: readonly string[]): void =>
    writeFileSync(
      join(cwd, 'app.ts'),
      [
        `import { TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
        'export default () => {',
        '  const app = new TritonApp();',
        "  const s = new TritonStack(app, 'prod', { account: 'acme' });",
        ...lines.map((line) => `  ${line}`),
        '  return app;',
        '};',
        '',
      ].join('\n'),
    );
  rewrite(body);
  writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: 'app.ts' })}\n`);
  return { cwd, cli: (...args) => runCli(args, { cwd }), rewrite };
}

const user = (id: string, extra = ''): string =>
  `new User(s, '${id}', { login: '${id}', email: '${id}@acme.example'${extra} });`;

function actions(result: CliResult): Record<string, string> {
  return Object.fromEntries(
    (JSON.parse(result.stdout) as { changes: { address: string; action: string }[] }).changes.map((c) => [
      c.address,
      c.action,
    ]),
  );
}

describe('protect through the triton-iac binary', () => {
  it('refuses a plan and a destroy that would delete a protected user, naming it and the option, until protect is lifted and applied', async () => {
    const p = project([user('alice', ', protect: true'), user('bob')]);
    expect((await p.cli('apply', '--emulator', '--auto-approve')).code).toBe(0);

    const destroy = await p.cli('destroy', '--emulator', '--auto-approve');
    expect(destroy.code).toBe(1);
    expect(destroy.stderr).toContain(
      'Error [PROTECTED]: destroy of stack prod is refused: prod/alice (user alice) would be deleted, and it has protect: true',
    );
    // Refused before anything was deleted: bob, who is not protected, is still there too.
    const state = await p.cli('state', 'list', '--json');
    expect((JSON.parse(state.stdout) as { resources: { address: string }[] }).resources.map((r) => r.address)).toEqual([
      'prod/alice',
      'prod/bob',
    ]);

    // Removed from the code, alice is still known to be protected: the state remembers the option.
    p.rewrite([user('bob')]);
    const plan = await p.cli('plan', '--emulator');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      'the plan of stack prod is refused: prod/alice (user alice) would be deleted, and it has protect: true',
    );

    // Lifting it takes an apply of the code with protect: false; then the deletion plans.
    p.rewrite([user('alice', ', protect: false'), user('bob')]);
    expect((await p.cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    p.rewrite([user('bob')]);
    const after = await p.cli('plan', '--emulator', '--json');
    expect(after.code).toBe(0);
    expect(actions(after)['prod/alice']).toBe('delete');
    expect(await withCloud(p.cwd, 'acme', async ({ cloudapi }) => (await cloudapi.getUser('alice')).login)).toBe(
      'alice',
    );
  });
});

describe('retainOnDelete through the triton-iac binary', () => {
  it('forgets a retained user that leaves the app and leaves it in the cloud, saying so in every format', async () => {
    const p = project([user('alice', ', retainOnDelete: true'), user('bob')]);
    expect((await p.cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    p.rewrite([user('bob')]);

    const text = await p.cli('plan', '--emulator');
    expect(text.stdout).toContain('# prod/alice (user alice) will be forgotten, not deleted');
    // One line, no block of fields that would read like a deletion.
    expect(text.stdout).toContain('  . user "prod/alice"\n');
    expect(text.stdout).toContain('Plan: 0 to add, 0 to change, 0 to replace, 0 to destroy, 0 to adopt, 1 to forget.');
    expect(actions(await p.cli('plan', '--emulator', '--json'))).toEqual({
      'prod/alice': 'forget',
      'prod/bob': 'no-op',
    });
    expect((await p.cli('plan', '--emulator', '--format', 'markdown')).stdout).toContain(
      '| `.` forget | `prod/alice` | user | `alice` |',
    );

    const apply = await p.cli('apply', '--emulator', '--auto-approve');
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('prod/alice: forgotten (left in the cloud)');
    expect((await p.cli('state', 'list')).stdout).not.toContain('prod/alice');
    expect(await withCloud(p.cwd, 'acme', async ({ cloudapi }) => (await cloudapi.getUser('alice')).login)).toBe(
      'alice',
    );
  });
});

describe('ignoreChanges through the triton-iac binary', () => {
  it('creates an ignored field as declared, then neither plans nor reports a change to it, while other fields still drift', async () => {
    const p = project([
      user('alice', ", phone: '555-0100', ignoreChanges: ['phone']"),
      user('bob', ", phone: '555-0200'"),
    ]);
    expect((await p.cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    const phones = await withCloud(p.cwd, 'acme', async ({ cloudapi }) => {
      const alice = await cloudapi.getUser('alice');
      const bob = await cloudapi.getUser('bob');
      // Someone else edits both phones out of band.
      await cloudapi.updateUser(alice.id, { phone: '555-9999' });
      await cloudapi.updateUser(bob.id, { phone: '555-9999' });
      return [alice.phone, bob.phone];
    });
    expect(phones).toEqual(['555-0100', '555-0200']);

    const drift = await p.cli('drift', '--emulator', '--json');
    expect(drift.code).toBe(2);
    const drifted = (JSON.parse(drift.stdout) as { drifted: { address: string }[] }).drifted.map((d) => d.address);
    expect(drifted).toEqual(['prod/bob']);

    // A change in the code to the ignored field is not planned either.
    p.rewrite([user('alice', ", phone: '555-0101', ignoreChanges: ['phone']"), user('bob', ", phone: '555-9999'")]);
    const plan = await p.cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(NO_CHANGES);
  });

  it("fails synth for a field the kind does not have, naming the field, the value and the kind's fields", async () => {
    const p = project([user('alice', ", ignoreChanges: ['phon']")]);
    const synth = await p.cli('synth');
    expect(synth.code).toBe(1);
    expect(synth.stderr).toContain(
      'prod/alice: ignoreChanges[0] "phon": user has no such field (did you mean "phone"?); its fields are login, email,',
    );
  });
});
