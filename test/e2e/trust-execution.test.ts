/**
 * What apply does is what the plan said, and nothing is lost (issue 13, part A), through the real
 * binary against the emulator, observed from outside: on the wire (a proxy counts every request the
 * binary sends) and with the vendor `triton` CLI.
 *
 * - a delete waits for the update of every former dependent: a failed role update keeps its member;
 * - one retry layer: a call throttled for ever fails once its throttle budget is spent; a taken
 *   email, a 403, fail at once;
 * - secrets are read only when written, and plan names a secret apply would need but cannot read;
 * - drift of a never-applied stack is an error;
 * - Ctrl-C cancels: lists what was not started, keeps the state, and a re-run finishes.
 */
import { describe, expect, it } from 'vitest';
import { Policy, Role, Secret, User, type TritonStack } from '../../index.js';
import { writeTestKey } from '../../scripts/support/keys.js';
import { userKey } from '../reconciler/support/world.js';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { projectDir, REPO, runCli, startCli } from './support/cli.js';
import { proxiedCloudsPerTest, type ProxiedCloud } from './support/proxied-cloud.js';

const cloud = proxiedCloudsPerTest();

/** Plans and applies right after an apply need not wait out a window: the emulator has none. */
const W0 = ['--consistency-window-ms', '0'];
const THROTTLED = { code: 'RequestThrottled', message: 'You have exceeded your request rate' };
const logins = async (c: ProxiedCloud): Promise<string[]> =>
  (JSON.parse(`[${(await c.triton('rbac', 'users', '-j')).trim().split('\n').join(',')}]`) as { login: string }[])
    .map((u) => u.login)
    .sort();

describe('one apply graph', () => {
  it('does not delete a user when the role update that drops it fails, and deletes it once the update succeeds', async () => {
    const c = await cloud();
    const users = (s: TritonStack): [User, User] => [
      new User(s, 'alice', { login: 'alice', email: 'alice@acme.example' }),
      new User(s, 'bob', { login: 'bob', email: 'bob@acme.example' }),
    ];
    c.writeApp('prod', (s) => {
      const [alice, bob] = users(s);
      new Role(s, 'ops', { members: [alice, bob] });
    });
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

    // The next app drops bob, and gives ops a member the server refuses ("Invalid subuser: ghost").
    c.writeApp('prod', (s) => {
      const alice = new User(s, 'alice', { login: 'alice', email: 'alice@acme.example' });
      new Role(s, 'ops', { members: [alice, 'ghost'] });
    });
    const plan = await c.cli(['plan', ...W0]);
    expect(plan.stdout).toContain('# prod/bob (user bob) will be destroyed');
    expect(plan.stdout).toContain('# prod/ops (role ops) will be updated in place');
    const failed = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('Invalid subuser: ghost');
    expect(failed.stdout).toContain('prod/bob: skipped, prod/ops failed');
    expect(failed.stdout.match(/Invalid subuser: ghost/g)).toHaveLength(2); // the progress line and the summary, nothing else
    expect(c.proxy.count('DELETE', /^\/acme\/users\//)).toBe(0);
    expect(await logins(c)).toEqual(['alice', 'bob']);
    expect(
      (JSON.parse(await c.triton('rbac', 'role', '-j', 'ops')) as { members: { login: string }[] }).members
        .map((m) => m.login)
        .sort(),
    ).toEqual(['alice', 'bob']);
    expect((await c.cli(['state', 'list'])).stdout).toContain('prod/bob');

    c.writeApp('prod', (s) => {
      const alice = new User(s, 'alice', { login: 'alice', email: 'alice@acme.example' });
      new Role(s, 'ops', { members: [alice] });
    });
    const fixed = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout.indexOf('prod/ops: updated')).toBeLessThan(fixed.stdout.indexOf('prod/bob: deleted'));
    expect(await logins(c)).toEqual(['alice']);
  });
});

describe('one retry layer', () => {
  it('retries a call throttled for ever past the attempts of a fault, but not for ever: it fails once its throttle budget is spent, with the server message and a hint to run again later', async () => {
    const c = await cloud({
      handle: (r) => (r.method === 'GET' && r.path === '/acme/policies' ? { status: 429, body: THROTTLED } : undefined),
    });
    c.writeApp('prod', (s) => void new Policy(s, 'p', { rules: ['CAN getmachine'] }));
    // Throttled for 2 s at most (5 minutes by default): the first throttle answer is always retried.
    const plan = await c.cli(['plan', ...W0], { TRITON_IAC_THROTTLE_TIMEOUT_MS: '2000' });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('429 RequestThrottled: You have exceeded your request rate');
    expect(plan.stderr).toContain('The cloud is busy or did not answer, even after retries');
    // One retry layer: the engine does not repeat what the client gave up on.
    const sent = c.proxy.count('GET', '/acme/policies');
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(sent).toBeLessThanOrEqual(60);
  });

  it('honours Retry-After: a short one is waited for and the call then succeeds; one over a minute fails at once', async () => {
    let throttled = 0;
    const c = await cloud({
      handle: (r) =>
        r.method === 'GET' && r.path === '/acme/policies' && throttled++ < 2
          ? { status: 429, headers: { 'retry-after': '1' }, body: THROTTLED }
          : undefined,
    });
    c.writeApp('prod', (s) => void new Policy(s, 'p', { rules: ['CAN getmachine'] }));
    expect((await c.cli(['plan', ...W0])).code).toBe(0);
    expect(c.proxy.count('GET', '/acme/policies')).toBe(3);

    const never = await cloud({
      handle: (r) =>
        r.method === 'GET' && r.path === '/acme/policies'
          ? { status: 429, headers: { 'retry-after': '3600' }, body: THROTTLED }
          : undefined,
    });
    never.writeApp('prod', (s) => void new Policy(s, 'p', { rules: ['CAN getmachine'] }));
    expect((await never.cli(['plan'])).code).toBe(1);
    expect(never.proxy.count('GET', '/acme/policies')).toBe(1);
  });

  it('refuses at plan a create whose email another user has, naming the holder, with no write', async () => {
    const c = await cloud();
    await c.world.clients.cloudapi.createUser({
      login: 'someone',
      email: 'carol@acme.example',
      password: 'Passw0rd-1',
    });
    c.writeApp(
      'prod',
      (s) =>
        void new User(s, 'carol', {
          login: 'carol',
          email: 'carol@acme.example',
          password: Secret.fromEnv('CAROL_PASSWORD'),
        }),
    );
    const applied = await c.cli(['apply', '--auto-approve'], { CAROL_PASSWORD: 'Carol-pass-1' });
    expect(applied.code).toBe(1);
    // The read predicts the server's refusal, so the plan says it before anything is sent.
    expect(applied.stderr).toContain('VALUE_TAKEN');
    expect(applied.stderr).toContain('carol@acme.example');
    expect(applied.stderr).toContain('someone');
    expect(c.proxy.count('POST', '/acme/users')).toBe(0);
    expect(c.proxy.count('GET', '/acme/users/carol')).toBe(0);
    expect(await logins(c)).toEqual(['someone']);
  });

  it('fails a refused permission at once, naming the action to grant instead of suggesting a re-run', async () => {
    const c = await cloud();
    await c.world.clients.cloudapi.createUser({
      login: 'deployer',
      email: 'deployer@acme.example',
      password: 'Passw0rd-1',
    });
    await c.world.clients.cloudapi.createUserKey('deployer', { key: userKey(0).publicOpenSsh, name: 'ci' });
    writeTestKey(userKey(0), 'ed25519', join(c.cwd, '.ssh'));
    c.writeApp('prod', (s) => void new Policy(s, 'p', { rules: ['CAN getmachine'] }));
    const plan = await c.cli(['plan'], { TRITON_USER: 'deployer', TRITON_KEY_ID: userKey(0).md5 });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('403 NotAuthorized');
    expect(plan.stderr).toMatch(/The key's user is not allowed to listpolicies: .*"CAN listpolicies"/);
    expect(plan.stderr).not.toMatch(/re-run/i);
    const refused = c.proxy.requests.filter((r) => r.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((r) => `${r.method} ${r.path}`)).size).toBe(refused.length); // none retried
  });
});

describe('secrets only when written', () => {
  it('updates a user without its password, and refuses to plan a new user whose password cannot be read, naming it', async () => {
    const c = await cloud();
    const declare = (firstName: string, withDana: boolean) => (s: TritonStack) => {
      new User(s, 'alice', {
        login: 'alice',
        email: 'alice@acme.example',
        firstName,
        password: Secret.fromEnv('ALICE_PASSWORD'),
      });
      if (withDana)
        new User(s, 'dana', { login: 'dana', email: 'dana@acme.example', password: Secret.fromEnv('DANA_PASSWORD') });
    };
    c.writeApp('prod', declare('Alice', false));
    expect((await c.cli(['apply', '--auto-approve', ...W0], { ALICE_PASSWORD: 'Alice-pass-1' })).code).toBe(0);

    c.writeApp('prod', declare('Alicia', false));
    const plan = await c.cli(['plan', '--detailed-exitcode', ...W0]);
    expect(plan.code).toBe(2);
    const applied = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(JSON.parse(await c.triton('rbac', 'user', '-j', 'alice')).firstName).toBe('Alicia');

    c.writeApp('prod', declare('Alicia', true));
    const refused = await c.cli(['plan', ...W0]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Error [SECRET_UNAVAILABLE]: apply would need a secret it cannot read: environment variable DANA_PASSWORD is not set (prod/dana.password, needed to create it)',
    );
    const notApplied = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(notApplied.code).toBe(1);
    expect(notApplied.stderr).toContain('DANA_PASSWORD');
    expect(c.proxy.count('POST', '/acme/users')).toBe(1); // alice's create, long ago
    expect(await logins(c)).toEqual(['alice']);
  });
});

describe('drift of a stack that was never applied', () => {
  it('exits 1 saying the stack has not been applied', async () => {
    const c = await cloud();
    c.writeApp('prod', (s) => void new Policy(s, 'p', { rules: ['CAN getmachine'] }));
    const drift = await c.cli(['drift']);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain('Error [STATE_NOT_FOUND]: stack prod has not been applied');
    expect(drift.stdout).not.toContain('prod/p');
  });
});

describe('synth of an app loaded without type-checking', () => {
  /** A project whose `app.ts` (loaded through tsx, as users write it) declares `body` in stack prod. */
  function project(body: string[]): string {
    const cwd = projectDir();
    writeFileSync(
      join(cwd, 'app.ts'),
      [
        `import { Policy, Role, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
        'export default () => {',
        '  const app = new TritonApp();',
        "  const s = new TritonStack(app, 'prod', { account: 'acme' });",
        ...body,
        '  return app;',
        '};',
      ].join('\n'),
    );
    writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.ts' }));
    return cwd;
  }

  it('fails on a misspelt prop, naming the construct path, the prop and the closest prop', async () => {
    const cwd = project([
      "  const u = new User(s, 'alice', { login: 'alice', email: 'alice@acme.example' });",
      "  new Role(s, 'ops', { defaultMember: [u] });",
    ]);
    const synth = await runCli(['synth'], { cwd });
    expect(synth.code).toBe(1);
    expect(synth.stderr).toContain(
      'prod/ops: prop "defaultMember": Role has no such prop (did you mean "defaultMembers"?)',
    );
    expect(synth.stdout).toBe('');
  });

  it('says "fix this problem" for one problem found at synth', async () => {
    const cwd = project([
      "  new User(s, 'a1', { login: 'alice', email: 'a1@acme.example' });",
      "  new User(s, 'a2', { login: 'alice', email: 'a2@acme.example' });",
    ]);
    const synth = await runCli(['synth'], { cwd });
    expect(synth.code).toBe(1);
    expect(synth.stderr).toMatch(/does not synthesize; fix this problem:\n {2}- .*alice/);
  });

  it('warns about a policy action that no operation has, and still synthesizes', async () => {
    const cwd = project(["  new Policy(s, 'p', { rules: ['CAN getmachines'] });"]);
    const synth = await runCli(['synth'], { cwd });
    expect(synth.code).toBe(0);
    expect(synth.stderr).toBe(
      'Warning: prod/p: rules[0] "CAN getmachines": no CloudAPI or Manta operation has the action "getmachines", so the rule grants or denies nothing (did you mean "getmachine"?)\n',
    );
    expect(JSON.parse(synth.stdout).stacks[0].resources[0].properties.rules).toEqual(['CAN getmachines']);
  });
});

describe('a mistyped address', () => {
  it('gets a did-you-mean from --target and state show', async () => {
    const c = await cloud();
    c.writeApp('prod', (s) => {
      new Policy(s, 'readers', { rules: ['CAN getmachine'] });
      new Policy(s, 'writers', { rules: ['CAN createmachine'] });
    });
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);
    const target = await c.cli(['plan', '--target', 'prod/raeders', ...W0]);
    expect(target.code).toBe(1);
    expect(target.stderr).toContain('--target prod/raeders (did you mean "prod/readers"?): no such address');
    const show = await c.cli(['state', 'show', 'prod/writer']);
    expect(show.code).toBe(1);
    expect(show.stderr).toContain('prod/writer is not in the state of stack prod; did you mean prod/writers?');
  });
});

describe('Ctrl-C during apply', () => {
  it('says cancelled, lists only what it did not start, keeps the state, and a re-run finishes', async () => {
    // The second user create is held on the wire until the binary has been interrupted.
    let creates = 0;
    let held: () => void = () => undefined;
    const heldNow = new Promise<void>((resolve) => (held = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const c = await cloud({
      handle: async (r) => {
        if (r.method === 'POST' && r.path === '/acme/users' && ++creates === 2) {
          held();
          await released;
        }
        return undefined;
      },
    });
    const declare = (users: string[]) => (s: TritonStack) => {
      new Policy(s, 'p', { rules: ['CAN getmachine'] });
      for (const u of users) new User(s, u, { login: u, email: `${u}@acme.example`, password: Secret.fromEnv('PW') });
    };
    c.writeApp('prod', declare([]));
    expect((await c.cli(['apply', '--auto-approve', ...W0])).code).toBe(0);

    c.writeApp('prod', declare(['user1', 'user2', 'user3', 'user4']));
    const apply = startCli(['apply', '--auto-approve', '--parallelism', '1', ...W0], {
      cwd: c.cwd,
      env: { ...c.env, PW: 'Passw0rd-1' },
    });
    await heldNow;
    apply.child.kill('SIGINT');
    await apply.stderrContains('Cancelling');
    release();
    const result = await apply.done;

    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Apply cancelled for stack prod; done: 2 created');
    expect(result.stdout).toContain('Not started (2):\n  prod/user3\n  prod/user4\n');
    expect(result.stdout).toContain('run `triton-iac apply` again to finish');
    expect(result.stdout).not.toMatch(/prod\/p\b.*skipped|skipped.*prod\/p\b|\n {2}prod\/p\n/);
    expect(result.stdout).not.toContain('fix the cause');
    const state = (await c.cli(['state', 'list'])).stdout;
    expect(['prod/p', 'prod/user1', 'prod/user2'].every((a) => state.includes(a))).toBe(true);
    expect(state).not.toContain('prod/user3');
    expect(await logins(c)).toEqual(['user1', 'user2']);

    const again = await c.cli(['apply', '--auto-approve', ...W0], { PW: 'Passw0rd-1' });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Apply complete for stack prod: 2 created');
    expect(await logins(c)).toEqual(['user1', 'user2', 'user3', 'user4']);
  });
});
