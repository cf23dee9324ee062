/**
 * A wait for the cloud's rate limit says what it waits for and how long, like a wait for a job: the
 * real binary applies a stack of policies against an emulator that throttles above two requests a
 * second (`throttleRps`), with no terminal, so each wait held back past a second is announced with
 * the service and the rate it now sends at, and its total is printed at its end.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../emulator/support/emulator.js';
import { REPO, runCli, stopClis } from './support/cli.js';
import { projectAgainst } from './support/test-emulator-project.js';

let t: TestEmulator;
let cwd: string;
let env: Record<string, string>;

describe('a run held back by the rate limit', () => {
  beforeAll(async () => {
    t = await startTestEmulator({ throttleRps: 2, seed: 42 });
    // The app is written into the project (the positional APP names it).
    ({ cwd, env } = projectAgainst(t, 'examples/quickstart/main.ts'));
    writeFileSync(
      join(cwd, 'app.ts'),
      `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};
const app = new TritonApp();
const stack = new TritonStack(app, 'paced', { account: 'acme' });
for (const n of [1, 2, 3, 4]) new Policy(stack, \`p\${n}\`, { rules: ['CAN getmachine'] });
export default app;
`,
    );
  });
  afterAll(async () => {
    await stopClis();
    await t?.emulator.close();
    if (cwd !== undefined) rmSync(cwd, { recursive: true, force: true });
  });

  it('says it waits for CloudAPI’s rate limit, at what rate, and for how long in all', async () => {
    const applied = await runCli(['apply', join(cwd, 'app.ts'), '--auto-approve', '--consistency-window-ms', '0'], {
      cwd,
      env,
    });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('Apply complete for stack paced: 4 created');
    const said = applied.stdout + applied.stderr;
    expect(said).toMatch(
      / {2}CloudAPI: waiting for CloudAPI's rate limit \(it throttled: sending [\d.]+ requests? a second/,
    );
    expect(said).toMatch(/ {2}CloudAPI: waited \d+(\.\d)?s for its rate limit \(\d+ requests? held back\)/);
  });
});
