/**
 * A firewall rule naming an instance made in the same apply, through the real binary against the
 * embedded emulator, checked with the vendor `triton` CLI: after apply, `state list` and the next
 * plan name the rule by the instance's real id (the synth-time stand-in exists nowhere), the next
 * plan is empty, and renaming the rule's construct is a move, not a delete and a create.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_CHANGES, projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withVendorTriton } from './support/vendor-triton.js';

const dirs: string[] = [];
afterEach(async () => {
  await stopClis();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `app.ts` in `cwd`: instance `db` and the rule `id` allowing 5432 to it, `enabled` as given. */
function writeApp(cwd: string, id: string, enabled: boolean): void {
  writeFileSync(
    join(cwd, 'app.ts'),
    [
      `import { FirewallRule, Instance, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
      'export default () => {',
      '  const app = new TritonApp();',
      "  const s = new TritonStack(app, 'web', { account: 'acme' });",
      "  const db = new Instance(s, 'db', { name: 'db1', image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271', package: 'g4-highcpu-1G' });",
      `  new FirewallRule(s, '${id}', { rule: FirewallRule.allow({ from: 'any', to: db, ports: [5432] }), enabled: ${enabled} });`,
      '  return app;',
      '};',
      '',
    ].join('\n'),
  );
}

const TIMEOUT = 240_000;
const STAND_IN = /f1e1d000-0000-0000-8000-/;

describe('a rule naming an instance of the same apply', () => {
  it(
    'is recorded and planned under the real instance id, and its next plan is empty',
    async () => {
      const cwd = projectDir();
      dirs.push(cwd);
      writeApp(cwd, 'pg', true);
      const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
      expect((await cli('apply', 'app.ts', '--emulator', '--auto-approve')).code).toBe(0);

      const { vm, rule } = await withVendorTriton(cwd, 'acme', async (triton) => ({
        vm: (JSON.parse(await triton('instance', 'get', '-j', 'db1')) as { id: string }).id,
        rule: (JSON.parse((await triton('fwrule', 'list', '-j')).trim()) as { rule: string }).rule,
      }));
      expect(rule).toBe(`FROM any TO vm ${vm} ALLOW tcp PORT 5432`);

      const list = await cli('state', 'list', 'app.ts', '--emulator');
      expect(list.stdout).toContain(`FROM any TO vm ${vm} ALLOW tcp PORT 5432`);
      expect(list.stdout).not.toMatch(STAND_IN);
      const state = readFileSync(join(cwd, '.triton-iac', 'web.state.json'), 'utf8');
      expect(state).not.toMatch(STAND_IN);
      expect((await cli('plan', 'app.ts', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);

      // A change to the rule: its plan header names the instance by its id.
      writeApp(cwd, 'pg', false);
      const plan = await cli('plan', 'app.ts', '--emulator', '--detailed-exitcode');
      expect(plan.code).toBe(2);
      expect(plan.stdout).toContain(
        `# web/pg (firewall-rule FROM any TO vm ${vm} ALLOW tcp PORT 5432) will be updated`,
      );
      expect(plan.stdout).not.toMatch(STAND_IN);

      // A renamed construct: the recorded key (real id) pairs with the manifest's (stand-in).
      writeApp(cwd, 'postgres', false);
      const moved = await cli('apply', 'app.ts', '--emulator', '--auto-approve');
      expect(moved.code).toBe(0);
      expect(moved.stdout).toContain('1 moved');
      expect(moved.stdout).not.toMatch(/: (created|deleted)/);
      expect((await cli('plan', 'app.ts', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);
      await withVendorTriton(cwd, 'acme', async (triton) => {
        const rules = (await triton('fwrule', 'list', '-j'))
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { rule: string; enabled: boolean });
        expect(rules).toEqual([
          expect.objectContaining({ rule: `FROM any TO vm ${vm} ALLOW tcp PORT 5432`, enabled: false }),
        ]);
      });
    },
    TIMEOUT,
  );
});
