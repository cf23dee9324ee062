/**
 * What the binary says when the input is wrong (issue 25), through the real binary and the embedded
 * emulator:
 *
 * - an app that calls process.exit while it is loaded or built is an error, exit 1, never a silent 0;
 * - a password written in clear is never echoed, whatever the app's format;
 * - a syntax error names the file, line and column;
 * - messages name the user's input, never internal construct ids, and a user's mistake never ends
 *   with "report it";
 * - a saved plan with no changes is refused once the state has moved on.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workDir(): { cwd: string; cli: (...args: string[]) => Promise<CliResult> } {
  const cwd = projectDir();
  dirs.push(cwd);
  return { cwd, cli: (...args) => runCli(args, { cwd }) };
}

const LIBRARY = JSON.stringify(join(REPO, 'index.ts'));
/** An app module whose default export builds stack `prod` (account `demo`) with `body` in it. */
const program = (body: readonly string[], before: readonly string[] = []): string =>
  [
    `import { TritonApp, TritonStack, User } from ${LIBRARY};`,
    ...before,
    'export default function build(): TritonApp {',
    '  const app = new TritonApp();',
    "  const s = new TritonStack(app, 'prod', { account: 'demo' });",
    ...body.map((line) => `  ${line}`),
    '  return app;',
    '}',
    '',
  ].join('\n');
const ALICE = "new User(s, 'alice', { login: 'alice', email: 'alice@acme.example' });";

describe('an app that exits or builds nothing', () => {
  it('is an error naming the file and the exit code, never a silent exit 0, for plan and apply alike', async () => {
    const { cwd, cli } = workDir();
    writeFileSync(join(cwd, 'exits-in-build.ts'), program([ALICE, 'app.synth();', 'process.exit(0);']));
    writeFileSync(join(cwd, 'exits-on-load.ts'), program([ALICE], ['process.exit(3);']));
    writeFileSync(join(cwd, 'returns-nothing.ts'), 'export default function build() {}\n');

    for (const command of [
      ['plan', '--detailed-exitcode'],
      ['apply', '--auto-approve'],
    ]) {
      const inBuild = await cli(...command, '--emulator', 'exits-in-build.ts');
      expect(inBuild.code).toBe(1);
      expect(inBuild.stderr).toContain(
        `Error: app file ${join(cwd, 'exits-in-build.ts')} exited with code 0 while its default export was building the app`,
      );
      expect(inBuild.stdout).toBe('');
    }
    const onLoad = await cli('plan', '--emulator', 'exits-on-load.ts');
    expect(onLoad.code).toBe(1);
    expect(onLoad.stderr).toContain(
      `app file ${join(cwd, 'exits-on-load.ts')} exited with code 3 while it was being loaded, before returning an app`,
    );
    const nothing = await cli('plan', '--emulator', 'returns-nothing.ts');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('does not build an app');
    expect(nothing.stderr).toContain('got a function that returned undefined');
  });
});

describe('a password written in clear', () => {
  it('is masked in the error whatever the format: manifest JSON, cdk.tf.json, rbac.json, TypeScript', async () => {
    const { cwd, cli } = workDir();
    const PASSWORD = 'Hunter2-in-clear';
    const user = { login: 'alice', email: 'alice@acme.example' };
    const manifest = (password: unknown, misplaced = false): unknown => ({
      version: 1,
      generator: 'by hand',
      stacks: [
        {
          name: 'prod',
          account: 'demo',
          resources: [
            {
              address: 'prod/alice',
              kind: 'user',
              naturalKey: 'alice',
              dependsOn: [],
              // Misplaced: beside the properties instead of in them.
              ...(misplaced ? { properties: user, password } : { properties: { ...user, password } }),
            },
          ],
        },
      ],
    });
    writeFileSync(join(cwd, 'manifest.json'), JSON.stringify(manifest(PASSWORD)));
    writeFileSync(join(cwd, 'misplaced.json'), JSON.stringify(manifest(PASSWORD, true)));
    writeFileSync(
      join(cwd, 'placeholder.json'),
      JSON.stringify(manifest({ $secret: { source: 'env', name: 'PW', value: PASSWORD } })),
    );
    const tf = (password: unknown): string =>
      JSON.stringify({ terraform: {}, resource: { tritoniac_user: { alice: { ...user, password } } } });
    writeFileSync(join(cwd, 'cdk.tf.json'), tf(PASSWORD));
    mkdirSync(join(cwd, 'interpolated'));
    writeFileSync(join(cwd, 'interpolated', 'cdk.tf.json'), tf(`${PASSWORD}\${var.x}`));
    writeFileSync(join(cwd, 'rbac.json'), JSON.stringify({ users: [{ ...user, password: PASSWORD }] }));
    writeFileSync(
      join(cwd, 'app.ts'),
      program([`new User(s, 'alice', { ...${JSON.stringify(user)}, password: '${PASSWORD}' as never });`]),
    );

    for (const app of [
      'manifest.json',
      'misplaced.json',
      'placeholder.json',
      'cdk.tf.json',
      'interpolated/cdk.tf.json',
      'rbac.json',
      'app.ts',
    ]) {
      const r = await cli('plan', '--emulator', '--account', 'demo', app);
      expect(r.code, app).toBe(1);
      expect(r.stderr, app).toContain('password');
      // A misplaced field is named without its value; a value of the wrong shape is replaced by a mark.
      expect(r.stderr, app).toContain(app === 'misplaced.json' ? 'password: is not a known field' : 'value not shown');
      expect(r.stderr, app).not.toContain(PASSWORD);
      expect(r.stderr, app).not.toContain('Hunter2');
    }
  });
});

describe('a syntax error in a TypeScript app', () => {
  it('names the file, the line and column, the message and the line itself', async () => {
    const { cwd, cli } = workDir();
    writeFileSync(join(cwd, 'app.ts'), program(["new User(s, 'alice', { login: 'alice',, email: 'a@b.example' });"]));
    const r = await cli('plan', '--emulator', 'app.ts');
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('Transform failed');
    expect(r.stderr).toContain(
      `cannot load app ${join(cwd, 'app.ts')}: a syntax error:\n  ${join(cwd, 'app.ts')}:5:41: Expected identifier but found ","`,
    );
    expect(r.stderr).toContain("    5 |   new User(s, 'alice', { login: 'alice',, email: 'a@b.example' });\n");
    expect(r.stderr).toContain(`\n${' '.repeat(48)}^\n`); // under the second comma
  });
});

describe('messages about the input', () => {
  it('name the rbac.json entries and the construct path the user wrote, never an internal construct', async () => {
    const { cwd, cli } = workDir();
    writeFileSync(
      join(cwd, 'rbac.json'),
      JSON.stringify({
        users: [
          { login: 'alice', email: 'alice@acme.example' },
          { login: 'bob', email: 'bob@acme.example' },
          { login: 'Alice', email: 'alice2@acme.example' },
        ],
      }),
    );
    const rbac = await cli('plan', '--emulator', '--account', 'demo', 'rbac.json');
    expect(rbac.code).toBe(1);
    expect(rbac.stderr).toContain(
      'users[2]: login "Alice" is also the login of users[0]; logins are unique case-insensitively within an account',
    );
    writeFileSync(join(cwd, 'bad-email.json'), JSON.stringify({ users: [{ login: 'carol', email: 'not-an-email' }] }));
    const email = await cli('plan', '--emulator', '--account', 'demo', 'bad-email.json');
    expect(email.code).toBe(1);
    expect(email.stderr).toMatch(/users\[0\]: email/);

    writeFileSync(
      join(cwd, 'app.ts'),
      program([ALICE, "new User(s, 'alice', { login: 'bob', email: 'bob@acme.example' });"]),
    );
    const twice = await cli('plan', '--emulator', 'app.ts');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('prod/alice: id "alice" is already taken by another construct in prod');
    for (const r of [rbac, email, twice]) {
      expect(r.stderr).not.toMatch(/Construct\d|user-alice|user-carol|There is already a Construct/);
      expect(r.stderr).not.toContain('report it');
    }
  });

  it('never ask to report a mistake the user can fix: a plan saved into a missing directory', async () => {
    const { cwd, cli } = workDir();
    writeFileSync(join(cwd, 'app.ts'), program([ALICE]));
    const r = await cli('plan', '--emulator', 'app.ts', '--out', 'no/such/dir/plan.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `--out no/such/dir/plan.json: cannot save the plan to ${join(cwd, 'no/such/dir/plan.json')} (ENOENT)`,
    );
    expect(r.stderr).not.toContain('unexpected');
    expect(r.stderr).not.toContain('report it');
  });
});

describe('a saved plan with no changes', () => {
  it('is applied while it is current, and refused as stale once a planned object changed live or the state moved on', async () => {
    const { cwd, cli } = workDir();
    writeFileSync(join(cwd, 'app.ts'), program([ALICE]));
    writeFileSync(
      join(cwd, 'more.ts'),
      program([ALICE, "new User(s, 'bob', { login: 'bob', email: 'bob@acme.example' });"]),
    );
    expect((await cli('apply', '--emulator', '--auto-approve', 'app.ts')).code).toBe(0);
    expect((await cli('plan', '--emulator', '--out', 'none.plan', 'app.ts')).code).toBe(0);
    expect((await cli('plan', '--emulator', '--out', 'stale.plan', '--target', 'prod/alice', 'app.ts')).code).toBe(0);
    expect((await cli('plan', '--emulator', '--out', 'drifted.plan', 'app.ts')).code).toBe(0);

    const current = await cli('apply', '--emulator', 'none.plan');
    expect(current.code).toBe(0);
    expect(current.stdout).toContain('Saved plan none.plan has no changes for stack prod and is still current');

    // Someone changes alice outside triton-iac: the plan was made against what is no longer there.
    await withCloud(cwd, 'demo', async ({ cloudapi }) => {
      await cloudapi.updateUser((await cloudapi.getUser('alice')).id, { email: 'alice@elsewhere.example' });
    });
    const drifted = await cli('apply', '--emulator', 'drifted.plan');
    expect(drifted.code).toBe(1);
    expect(drifted.stderr).toContain(
      'Error [PLAN_STALE]: the saved plan cannot be applied, it is stale: prod/alice changed live since the plan was made. Run plan again.',
    );

    // Another apply (the main branch's, say) moves the state on.
    expect((await cli('apply', '--emulator', '--auto-approve', 'more.ts')).code).toBe(0);
    const stale = await cli('apply', '--emulator', 'stale.plan');
    expect(stale.code).toBe(1);
    // The serials are those of the last writes (an apply writes more than once: its objects, then its
    // options, outputs and access table).
    expect(stale.stderr).toMatch(
      /Error \[PLAN_STALE\]: the saved plan cannot be applied, it is stale: the state was written since the plan was made \(serial \d+ then, \d+ now\)\. Run plan again\./,
    );
    // The way back repeats how the plan was made, its --target included.
    expect(stale.stderr).toContain(
      `Make the plan again (\`triton-iac plan ${join(cwd, 'app.ts')} --stack prod --target prod/alice --out stale.plan --emulator\`)`,
    );
    expect(stale.stdout).not.toContain('nothing to do');
  });
});
