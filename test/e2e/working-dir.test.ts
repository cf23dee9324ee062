/**
 * A CLI whose working directory is removed while it starts (a CI step or a test cleaning up too
 * early) fails with a clear error and exits, instead of hanging for ever in the app loader (tsx
 * runs esbuild's synchronous transform, whose helper thread cannot start without a working
 * directory and is waited on with no time limit).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDir, REPO, startCli, stopClis } from './support/cli.js';

const dirs: string[] = [];

afterEach(async () => {
  await stopClis();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a working directory removed while the CLI starts', () => {
  it('makes plan --emulator fail naming the directory, and exit', async () => {
    const cwd = projectDir();
    dirs.push(cwd);
    // The app is a named pipe, so the moment the CLI opens it to load it is an event the test
    // waits for (no sleep): the directory goes exactly while the app is loading.
    const app = join(cwd, 'app.ts');
    execFileSync('mkfifo', [app]);
    writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.ts' }));

    const run = startCli(['plan', '--emulator'], { cwd });
    const pipe = await open(app, 'w'); // resolves once the CLI has opened the app for reading
    rmSync(cwd, { recursive: true, force: true });
    await pipe.writeFile(
      [
        `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
        'export default () => {',
        '  const app = new TritonApp();',
        "  new Policy(new TritonStack(app, 'prod', { account: 'acme' }), 'p', { rules: ['CAN getmachine'] });",
        '  return app;',
        '};',
        '',
      ].join('\n'),
    );
    await pipe.close();

    // A hang ends only when the test budget aborts the run (killed: code 128), which fails here.
    const result = await run.done;
    expect(result.stderr).toContain(`the working directory ${cwd} no longer exists`);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(existsSync(cwd)).toBe(false); // nothing recreated it (no .triton-iac/emulator left behind)
  });
});
