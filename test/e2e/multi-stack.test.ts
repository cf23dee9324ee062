/**
 * An app with two stacks, through the real binary against the embedded emulator: the JSON of plan
 * and drift is one document a script can parse, and `import` finds the default app like every
 * other command. One app is one graph: stacks naming each other's objects (by login, role or policy
 * name) are worked on in that order, apply and destroy, with the consistency window covering the
 * writes of every stack, and `--exclude` follows the names across stacks.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';
import { crossStackApp } from './support/cross-stack-app.js';

const SLOW = 180_000;
const dirs: string[] = [];

afterEach(async () => {
  await stopClis(); // a run still going (the test timed out) must not see its directory vanish
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A working directory whose default app (`triton-iac.json`) has stacks `a` and `b` of account acme. */
function twoStacks(extraInB = ''): string {
  const cwd = projectDir();
  dirs.push(cwd);
  writeFileSync(
    join(cwd, 'app.ts'),
    `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => {
  const app = new TritonApp();
  const a = new TritonStack(app, 'a', { account: 'acme' });
  new Policy(a, 'readers', { rules: ['CAN listmachines'] });
  const b = new TritonStack(app, 'b', { account: 'acme' });
  new Policy(b, 'writers', { rules: ['CAN createmachine'] });
  ${extraInB}
  return app;
};
`,
  );
  writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: 'app.ts' })}\n`);
  return cwd;
}

function json(result: CliResult): unknown {
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('an app with two stacks', () => {
  it(
    'plan --json and drift --json print one document with every stack; drift lists the drifted items of all stacks at the top',
    async () => {
      const cwd = twoStacks();
      const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
      const plan = json(await cli('plan', '--emulator', '--json')) as {
        stacks: { stack: string; summary: { add: number } }[];
      };
      expect(plan.stacks.map((p) => [p.stack, p.summary.add])).toEqual([
        ['a', 1],
        ['b', 1],
      ]);
      expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);

      const clean = await cli('drift', '--emulator', '--json');
      expect(clean.code, clean.stderr).toBe(0);
      expect(json(clean)).toMatchObject({
        checked: 2,
        drifted: [],
        stacks: [
          { stack: 'a', drifted: [] },
          { stack: 'b', drifted: [] },
        ],
      });

      await withCloud(cwd, 'acme', ({ cloudapi }) =>
        cloudapi.updatePolicy('writers', { rules: ['CAN createmachine AND deletemachine'] }),
      );
      const drifted = await cli('drift', '--emulator', '--json');
      expect(drifted.code, drifted.stderr).toBe(2);
      const doc = json(drifted) as {
        drifted: { address: string; origin: string }[];
        stacks: { stack: string; drifted: unknown[] }[];
      };
      expect(doc.drifted.map((d) => `${d.address} ${d.origin}`)).toEqual(['b/writers outside']);
      expect(doc.stacks.map((s) => [s.stack, s.drifted.length])).toEqual([
        ['a', 0],
        ['b', 1],
      ]);
    },
    SLOW,
  );

  it(
    'import takes ADDRESS ID without the APP, finding the default app as every other command does',
    async () => {
      const cwd = twoStacks("new Policy(b, 'auditors', { rules: ['CAN getmachine'] });");
      const made = await withCloud(cwd, 'acme', ({ cloudapi }) =>
        cloudapi.createPolicy({ name: 'auditors', rules: ['CAN getmachine'] }),
      );
      const imported = await runCli(['import', '--emulator', 'b/auditors', made.id], { cwd });
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain(`Imported ${made.id} as b/auditors into the state of stack b`);
      const shown = json(await runCli(['state', 'show', '--stack', 'b', 'b/auditors'], { cwd })) as {
        serverId: string;
      };
      expect(shown.serverId).toBe(made.id);
    },
    SLOW,
  );
});

const clouds = proxiedCloudsPerTest();

describe('an app whose stacks name each other by name', () => {
  it(
    'applies the stack whose user and policy a role names first, waits out the window on those writes, and destroys in reverse',
    async () => {
      // Role writes naming a user or policy written less than 3 s ago are refused (`Invalid subuser`), every time.
      const c = await clouds({ emulator: { consistencyWindowMs: 3_000, staleReadRate: 0, seed: 40 } });
      crossStackApp(c.cwd);
      const window = ['--consistency-window-ms', '5000'];
      const plan = await c.cli(['plan', ...window]);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout.indexOf('on stack zteam')).toBeLessThan(plan.stdout.indexOf('on stack acl'));

      const applied = await c.cli(['apply', '--auto-approve', ...window]);
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      const done = (stack: string, what: string): number =>
        applied.stdout.indexOf(`Apply complete for stack ${stack}: ${what}`);
      expect(done('zteam', '2 created')).toBeGreaterThanOrEqual(0);
      expect(done('zteam', '2 created')).toBeLessThan(done('acl', '1 created'));
      const role = JSON.parse(await c.triton('rbac', 'role', 'ops', '-j')) as {
        members: { login: string }[];
        policies: { name: string }[];
      };
      expect([role.members.map((m) => m.login), role.policies.map((p) => p.name)]).toEqual([['bob'], ['readers']]);
      expect((await c.cli(['plan', '--detailed-exitcode', ...window])).code).toBe(0);

      const destroyPlan = await c.cli(['plan', '--destroy', ...window]);
      expect(destroyPlan.stdout.indexOf('on stack acl')).toBeLessThan(destroyPlan.stdout.indexOf('on stack zteam'));
      const destroyed = await c.cli(['destroy', '--auto-approve', ...window]);
      expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
      expect(destroyed.stdout.indexOf('stack acl: 1 deleted')).toBeLessThan(
        destroyed.stdout.indexOf('stack zteam: 2 deleted'),
      );
      expect(JSON.parse(`[${(await c.triton('rbac', 'users', '-j')).trim().split('\n').join(',')}]`)).toEqual([]);
    },
    SLOW,
  );

  it(
    '--exclude of a user leaves out the role of another stack that names it, saying why, and destroying its stack alone warns',
    async () => {
      const c = await clouds();
      crossStackApp(c.cwd);
      const applied = await c.cli(['apply', '--auto-approve', '--exclude', 'zteam/bob']);
      expect(applied.stderr).toContain(
        'Excluded from this run of stack acl: acl/ops (it names zteam/bob, excluded in its stack).',
      );
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect(applied.stdout).toContain('Apply complete for stack zteam: 1 created');
      expect(applied.stdout).toContain('No changes. Stack acl');

      // Destroying the named stack alone warns that the naming stack is left with a dangling name.
      const destroyed = await c.cli(['destroy', '--auto-approve', '--stack', 'zteam']);
      expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
      expect(destroyed.stderr).toContain(
        'warning: stack acl, not destroyed now, names zteam/bob of stack zteam (from acl/ops): it cannot be applied again until stack zteam is',
      );
    },
    SLOW,
  );

  it(
    'refuses to apply a stack alone before the stack whose user it names, changing nothing',
    async () => {
      const c = await clouds();
      crossStackApp(c.cwd);
      const alone = await c.cli(['apply', '--auto-approve', '--stack', 'acl']);
      expect(alone.code, alone.stdout + alone.stderr).toBe(1);
      expect(alone.stderr).toContain('Error [CROSS_STACK_NOT_APPLIED]: stack acl names zteam/bob (from acl/ops)');
      expect(alone.stderr).toContain('Apply stack zteam first');
      expect((await c.triton('rbac', 'roles', '-j')).trim()).toBe('');
      const both = await c.cli(['apply', '--auto-approve', '--stack', 'zteam']);
      expect(both.code, both.stdout + both.stderr).toBe(0);
      expect((await c.cli(['apply', '--auto-approve', '--stack', 'acl'])).code).toBe(0);
    },
    SLOW,
  );

  it(
    'refuses, before anything is written, stacks that name each other in a circle',
    async () => {
      const c = await clouds();
      crossStackApp(c.cwd, true);
      const applied = await c.cli(['apply', '--auto-approve']);
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain(
        "Error [GRAPH_INVALID]: the stacks of the app name each other's objects in a circle",
      );
      expect(applied.stderr).toContain('acl/ops names zteam/bob');
      expect(applied.stderr).toContain('zteam/auditors names acl/carol');
      expect((await c.triton('rbac', 'users', '-j')).trim()).toBe('');
    },
    SLOW,
  );
});
