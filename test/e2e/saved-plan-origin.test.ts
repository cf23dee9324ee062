/**
 * A saved plan's every field steers apply (the changes, the stack, and the origin: the working
 * directory its state and content files are resolved in, the app, the context, the emulator flag):
 * through the real binary against the embedded emulator, a plan file edited in any of them is
 * refused as `PLAN_MALFORMED` before anything is written anywhere.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, type CliResult } from './support/cli.js';

describe('a saved plan edited after it was written', () => {
  let cwd: string;
  let elsewhere: string;
  let original: Record<string, unknown>;
  const cli = (args: string[]): Promise<CliResult> => runCli(args, { cwd });

  beforeAll(async () => {
    cwd = projectDir();
    elsewhere = projectDir();
    writeFileSync(
      join(cwd, 'app.ts'),
      `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'ops', { account: 'acme' });
  new Policy(stack, 'readers', { rules: [\`CAN \${String(app.node.tryGetContext('verb'))}\`] });
  return app;
};
`,
    );
    writeFileSync(
      join(cwd, 'triton-iac.json'),
      `${JSON.stringify({ app: 'app.ts', context: { verb: 'listmachines' } })}\n`,
    );
    const saved = await cli(['plan', '--emulator', '--out', 'p.json']);
    expect(saved.code, saved.stderr).toBe(0);
    original = JSON.parse(readFileSync(join(cwd, 'p.json'), 'utf8')) as Record<string, unknown>;
  }, 180_000);
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(elsewhere, { recursive: true, force: true });
  });

  type File = { plan: Record<string, unknown>; origin: Record<string, unknown> } & Record<string, unknown>;
  const edits: readonly [string, (f: File) => void, string[]][] = [
    ['origin.workDir', (f) => void (f.origin.workDir = elsewhere), ['--emulator']],
    ['origin.app', (f) => void (f.origin.app = join(elsewhere, 'app.ts')), ['--emulator']],
    [
      'origin.context',
      (f) => void (f.origin.context = { verb: 'deletemachine' }),
      ['--emulator', '--context', 'verb=deletemachine'],
    ],
    ['origin.emulator', (f) => void (f.origin.emulator = false), []],
    ['origin.stack', (f) => void ((f.origin.stack as Record<string, unknown>).name = 'other'), ['--emulator']],
    ['plan.stack', (f) => void (f.plan.stack = 'other'), ['--emulator']],
    ['an added field', (f) => void (f.note = 'harmless?'), ['--emulator']],
  ];

  it.each(edits)('refuses a plan whose %s was edited, and writes no state anywhere', async (_field, edit, flags) => {
    const file = structuredClone(original) as File;
    edit(file);
    rmSync(join(elsewhere, '.triton-iac'), { recursive: true, force: true });
    writeFileSync(join(cwd, 'edited.json'), JSON.stringify(file, null, 2));
    const applied = await cli(['apply', 'edited.json', ...flags]);
    expect(applied.stderr).toContain('Error [PLAN_MALFORMED]: saved plan');
    expect(applied.code).toBe(1);
    expect(existsSync(join(elsewhere, '.triton-iac'))).toBe(false);
    expect(existsSync(join(cwd, '.triton-iac', 'ops.state.json'))).toBe(false);
  });

  it('applies the plan as saved', async () => {
    const applied = await cli(['apply', 'p.json', '--emulator']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('1 created');
  });
});
