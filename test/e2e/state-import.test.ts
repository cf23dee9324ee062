/**
 * `state mv` after a construct is renamed in the code, and `import` of objects made outside the
 * tool, through the real binary against the embedded emulator: what a user runs when they refactor
 * an app or bring hand-made objects under management.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';

const dirs: string[] = [];

afterEach(async () => {
  await stopClis(); // a run still going (the test timed out) must not see its directory vanish
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A working directory holding `app.ts`, a one-stack app (`prod`, account `acme`) built from `body`. */
function project(body: readonly string[]): string {
  const cwd = projectDir();
  dirs.push(cwd);
  writeApp(cwd, body);
  writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: join(cwd, 'app.ts') })}\n`);
  return cwd;
}

function writeApp(cwd: string, body: readonly string[]): void {
  writeFileSync(
    join(cwd, 'app.ts'),
    [
      `import { Directory, Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
      'export default () => {',
      '  const app = new TritonApp();',
      "  const s = new TritonStack(app, 'prod', { account: 'acme', state: { type: 'local', path: '.triton-iac/prod.state.json' } });",
      ...body.map((line) => `  ${line}`),
      '  return app;',
      '};',
      '',
    ].join('\n'),
  );
}

interface PlanJson {
  changes: { address: string; action: string }[];
}

function actions(result: CliResult): Record<string, string> {
  expect(result.stderr).toBe('');
  return Object.fromEntries((JSON.parse(result.stdout) as PlanJson).changes.map((c) => [c.address, c.action]));
}

const READERS = "{ name: 'readers', rules: ['CAN listmachines AND getmachine'] }";

describe('state mv through the triton-iac binary against --emulator', () => {
  // Two tests rather than one sequence: each CLI run is a node start, seconds on a loaded machine.
  it('keeps managing a renamed construct, with no changes planned, once its address is moved', async () => {
    const cwd = project([
      `new Policy(s, 'readers', ${READERS});`,
      "new Policy(s, 'writers', { name: 'writers', rules: ['CAN createmachine'] });",
    ]);
    const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
    expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);
    const before = JSON.parse((await cli('state', 'show', 'prod/readers')).stdout) as { serverId: string };

    // The construct is renamed in the code: the plan itself sees the same policy at a new address.
    writeApp(cwd, [
      `new Policy(s, 'viewers', ${READERS});`,
      "new Policy(s, 'writers', { name: 'writers', rules: ['CAN createmachine'] });",
    ]);
    const unmoved = actions(await cli('plan', '--emulator', '--json'));
    expect(unmoved['prod/readers']).toBeUndefined();
    expect(unmoved['prod/viewers']).toBe('no-op');

    const moved = await cli('state', 'mv', 'prod/readers', 'prod/viewers');
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain('Moved prod/readers to prod/viewers in the state of stack prod.');

    const list = JSON.parse((await cli('state', 'list', '--json')).stdout) as { resources: { address: string }[] };
    expect(list.resources.map((r) => r.address).sort()).toEqual(['prod/viewers', 'prod/writers']);
    const show = await cli('state', 'show', 'prod/viewers');
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({
      address: 'prod/viewers',
      kind: 'policy',
      serverId: before.serverId,
    });

    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(NO_CHANGES);
  });

  it('refuses a move from an address not in the state or onto a taken one, and warns about an undeclared destination', async () => {
    const cwd = project([
      `new Policy(s, 'viewers', ${READERS});`,
      "new Policy(s, 'writers', { name: 'writers', rules: ['CAN createmachine'] });",
    ]);
    const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
    expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);

    const unknown = await cli('state', 'mv', 'prod/readers', 'prod/other');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('prod/readers is not in the state');
    const taken = await cli('state', 'mv', 'prod/viewers', 'prod/writers');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('prod/writers is already in the state');
    expect(taken.stderr).not.toMatch(/\n\s+at /);
    // A mistyped destination is moved (the code may follow later) but not silently.
    const typo = await cli('state', 'mv', 'prod/viewers', 'prod/viewer');
    expect(typo.code).toBe(0);
    expect(typo.stderr).toContain('Warning: prod/viewer is not declared in');
    expect(typo.stderr).toContain('a plan destroys the object recorded there (did you mean prod/viewers?)');
    const back = await cli('state', 'mv', 'prod/viewer', 'prod/viewers');
    expect(back.stderr).toBe('');
  });
});

describe('import through the triton-iac binary against --emulator', () => {
  it('brings a policy and a directory made outside the tool under management by their ids', async () => {
    const cwd = project([
      `new Policy(s, 'readers', ${READERS});`,
      "new Directory(s, 'site', { path: '~~/public/site' });",
    ]);
    const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
    const made = await withCloud(cwd, 'acme', async ({ cloudapi, manta }) => {
      const policy = await cloudapi.createPolicy({ name: 'readers', rules: ['CAN listmachines AND getmachine'] });
      await manta.putDirectory('/acme/public/site');
      return policy;
    });
    const app = join(cwd, 'app.ts');

    const policy = await cli('import', '--emulator', app, 'prod/readers', made.id);
    expect(policy.stderr).toBe('');
    expect(policy.code).toBe(0);
    expect(policy.stdout).toContain(`Imported ${made.id} as prod/readers into the state of stack prod.`);
    const directory = await cli('import', '--emulator', app, 'prod/site', '/acme/public/site');
    expect(directory.stderr).toBe('');
    expect(directory.code).toBe(0);

    expect(JSON.parse((await cli('state', 'show', 'prod/readers')).stdout)).toMatchObject({
      kind: 'policy',
      serverId: made.id,
    });
    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(NO_CHANGES);
  });

  it('refuses an id that names no object of the construct kind, and an address the app does not declare', async () => {
    const cwd = project([`new Policy(s, 'readers', ${READERS});`]);
    const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
    const app = join(cwd, 'app.ts');
    const missing = await cli('import', '--emulator', app, 'prod/readers', '1b0f3a52-5a43-4f6c-8d1e-7c1f5b3d2e90');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('1b0f3a52-5a43-4f6c-8d1e-7c1f5b3d2e90');
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    const undeclared = await cli('import', '--emulator', app, 'prod/reader', '1b0f3a52-5a43-4f6c-8d1e-7c1f5b3d2e90');
    expect(undeclared.code).toBe(1);
    expect(undeclared.stderr).toContain('prod/reader is not declared in');
    expect(undeclared.stderr).toContain('did you mean prod/readers?');
    expect((await cli('state', 'list')).stdout).toContain('empty');
  });
});
