/**
 * An app with two stacks, through the real binary against the embedded emulator: the JSON of plan
 * and drift is one document a script can parse, and `import` finds the default app like every
 * other command.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';

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
