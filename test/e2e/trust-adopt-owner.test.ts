/**
 * Ownership of adopted objects, through the real binary against the embedded emulator, checked with
 * the vendor `triton` CLI: two apps declaring the same policy never share it silently. The second
 * app's plan says the policy existed before and was not made by it, apply refuses without consent,
 * and once adopted with `--adopt` the state records it, and a plan that deletes it says so.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

const dirs: string[] = [];
afterEach(async () => {
  await stopClis();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `<name>.ts` in `cwd`: one stack `name` of acme declaring the policy `readers`. */
function writeApp(cwd: string, name: string): string {
  const file = join(cwd, `${name}.ts`);
  writeFileSync(
    file,
    [
      `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
      'export default () => {',
      '  const app = new TritonApp();',
      `  const s = new TritonStack(app, '${name}', { account: 'acme' });`,
      "  new Policy(s, 'readers', { rules: ['CAN listmachines'] });",
      '  return app;',
      '};',
      '',
    ].join('\n'),
  );
  return file;
}

const TIMEOUT = 240_000;

describe('an object another app made', () => {
  it(
    'is not adopted silently, needs --adopt, is recorded as adopted, and its delete is flagged',
    async () => {
      const cwd = projectDir();
      dirs.push(cwd);
      const alpha = writeApp(cwd, 'alpha');
      const beta = writeApp(cwd, 'beta');
      const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
      const policies = (): Promise<string[]> =>
        withVendorTriton(cwd, 'acme', async (triton) =>
          (
            JSON.parse(`[${(await triton('rbac', 'policies', '-j')).trim().split('\n').join(',')}]`) as {
              name: string;
            }[]
          ).map((p) => p.name),
        );

      expect((await cli('apply', alpha, '--emulator', '--auto-approve')).code).toBe(0);

      // The same policy, as declared, in another app: it is alpha's, and beta's plan says so.
      const plan = await cli('plan', beta, '--emulator');
      expect(plan.code).toBe(1);
      expect(plan.stdout).toContain('! beta/readers (policy readers): existed before, as declared');
      expect(plan.stdout).toContain('1 conflict');
      const refused = await cli('apply', beta, '--emulator', '--auto-approve');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Error [ADOPT_CONFLICT]: nothing was changed');
      expect(refused.stderr).toContain('beta/readers (policy readers) existed before');
      // Beta took nothing: destroying it leaves alpha's policy where it is.
      expect((await cli('destroy', beta, '--emulator', '--auto-approve')).code).toBe(0);
      expect(await policies()).toEqual(['readers']);

      // With consent, beta manages it, and its state says it existed before.
      const adopted = await cli('apply', beta, '--emulator', '--auto-approve', '--adopt');
      expect(adopted.stderr).toBe('');
      expect(adopted.code).toBe(0);
      const state = JSON.parse(readFileSync(join(cwd, '.triton-iac', 'beta.state.json'), 'utf8')) as {
        resources: { address: string; adopted?: boolean }[];
        creating?: string[];
      };
      expect(state.resources.map((r) => [r.address, r.adopted])).toEqual([['beta/readers', true]]);
      expect(state.creating).toBeUndefined();
      expect((await cli('plan', beta, '--emulator', '--detailed-exitcode')).code).toBe(0);

      // What alpha created itself is not flagged; what beta adopted is, before anything is deleted.
      const alphaDestroy = await cli('plan', alpha, '--emulator', '--destroy');
      expect(alphaDestroy.stdout).not.toContain('existed before');
      const betaDestroy = await cli('plan', beta, '--emulator', '--destroy');
      expect(betaDestroy.code).toBe(0);
      expect(betaDestroy.stdout).toContain('it existed before this stack adopted it');
      expect(await policies()).toEqual(['readers']);
    },
    TIMEOUT,
  );
});
