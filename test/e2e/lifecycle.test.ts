/**
 * The quickstart's whole life through the real binary against the embedded emulator: plan, the
 * refusal without a terminal, saved plans (and a stale one refused), apply, drift after an
 * out-of-band change, state, destroy. One working directory, commands in order, as a user runs them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { hasAnsi, NO_CHANGES, projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';

const env = { ALICE_PASSWORD: 'e2e-password-1' };
let cwd: string;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd, env });

describe('the quickstart through the triton-iac binary against --emulator', () => {
  beforeAll(async () => {
    cwd = projectDir('examples/quickstart/main.ts');
  });
  afterAll(async () => {
    await stopClis();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('plans a fresh stack with exit code 2 under --detailed-exitcode, and 0 without it', async () => {
    const detailed = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(detailed.stderr).toBe('');
    expect(detailed.code).toBe(2);
    expect(detailed.stdout).toMatch(/Plan: \d+ to add, 0 to change, 0 to replace, 0 to destroy/);
    expect(detailed.stdout).toContain('quickstart/ops');
    expect(hasAnsi(detailed.stdout)).toBe(false);
    const plain = await cli('plan', '--emulator');
    expect(plain.code).toBe(0);
  });

  it('colours the plan only when asked and never when NO_COLOR is set', async () => {
    const forced = await runCli(['plan', '--emulator'], { cwd, env: { ...env, FORCE_COLOR: '1' } });
    expect(hasAnsi(forced.stdout)).toBe(true);
    const noColour = await runCli(['plan', '--emulator'], { cwd, env: { ...env, FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(noColour.code).toBe(0);
    expect(hasAnsi(noColour.stdout)).toBe(false);
  });

  it('refuses to apply without a terminal or --auto-approve, and changes nothing', async () => {
    const refused = await cli('apply', '--emulator');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('without confirmation: there is no terminal to ask on');
    expect(refused.stderr).toContain('triton-iac apply --auto-approve');
    expect((await cli('plan', '--emulator', '--detailed-exitcode')).code).toBe(2);
  });

  it('applies a saved plan exactly, one line per action with its duration, then plans no changes', async () => {
    const saved = await cli('plan', '--emulator', '--out', 'first.plan.json');
    expect(saved.code).toBe(0);
    expect(saved.stderr).toContain('Saved the plan to first.plan.json');
    expect((await cli('plan', '--emulator', '--out', 'second.plan.json')).code).toBe(0);

    const applied = await cli('apply', '--emulator', 'first.plan.json');
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/^✓ quickstart\/ops: created \(\d+(\.\d)?m?s\)$/m);
    expect(applied.stdout).toMatch(/Apply complete for stack quickstart: (\d+ read, )?\d+ created/);
    expect(hasAnsi(applied.stdout)).toBe(false);

    const after = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(NO_CHANGES);
  });

  it('refuses a saved plan made before the state moved on', async () => {
    const stale = await cli('apply', '--emulator', 'second.plan.json');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('Error [PLAN_STALE]: the saved plan cannot be applied, it is stale: ');
    // The way back is the command that made the plan, for this stack.
    expect(stale.stderr).toMatch(
      /Make the plan again \(`triton-iac plan \S+ --stack quickstart --out second\.plan\.json --emulator`\)/,
    );
    expect(stale.stderr).not.toMatch(/\n\s+at /);
    expect((await cli('plan', '--emulator', '--detailed-exitcode')).code).toBe(0);
  });

  it('lists the managed addresses in the state', async () => {
    const list = await cli('state', 'list', '--json');
    expect(list.code).toBe(0);
    const doc = JSON.parse(list.stdout) as { stack: string; resources: { address: string }[] };
    expect(doc.stack).toBe('quickstart');
    expect(doc.resources.map((r) => r.address)).toEqual(
      expect.arrayContaining(['quickstart/ops', 'quickstart/read-only', 'quickstart/alice']),
    );
    const show = await cli('state', 'show', 'quickstart/read-only');
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ address: 'quickstart/read-only', kind: 'policy' });
    const unknown = await cli('state', 'show', 'quickstart/nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('quickstart/nope is not in the state');
  });

  it('finds a change made outside the tool with drift (exit 2), in text, JSON and Markdown', async () => {
    expect((await cli('drift', '--emulator')).code).toBe(0);
    await withCloud(cwd, 'acme', async ({ cloudapi }) => {
      await cloudapi.updatePolicy('read-only', {
        rules: ['CAN listmachines AND getmachine AND listimages AND getimage', 'CAN deletemachine'],
      });
    });
    const text = await cli('drift', '--emulator');
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('quickstart/read-only');
    expect(text.stdout).toContain('changed outside triton-iac');
    const json = await cli('drift', '--emulator', '--json');
    expect(json.code).toBe(2);
    const report = JSON.parse(json.stdout) as {
      drifted: { address: string; origin: string; changes: { path: string }[] }[];
    };
    expect(report.drifted.map((d) => d.address)).toEqual(['quickstart/read-only']);
    expect(report.drifted[0]!.origin).toBe('outside');
    expect(report.drifted[0]!.changes.some((c) => c.path.startsWith('/rules'))).toBe(true);
    const markdown = await cli('drift', '--emulator', '--format', 'markdown');
    expect(markdown.stdout).toContain('| `quickstart/read-only` | policy |');
  });

  it('repairs the drift with apply', async () => {
    const repaired = await cli('apply', '--emulator', '--auto-approve');
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toContain('quickstart/read-only: updated');
    expect((await cli('drift', '--emulator')).code).toBe(0);
  });

  it('forgets a resource with state rm and takes it back with import, by server id', async () => {
    const entry = JSON.parse((await cli('state', 'show', 'quickstart/publish')).stdout) as { serverId: string };
    const removed = await cli('state', 'rm', 'quickstart/publish');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Removed quickstart/publish from the state');
    const plan = await cli('plan', '--emulator', '--json');
    const change = (JSON.parse(plan.stdout) as { changes: { address: string; action: string }[] }).changes.find(
      (c) => c.address === 'quickstart/publish',
    );
    expect(change?.action).toBe('adopt');
    const imported = await cli(
      'import',
      '--emulator',
      join(REPO, 'examples/quickstart/main.ts'),
      'quickstart/publish',
      entry.serverId,
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const after = JSON.parse((await cli('state', 'show', 'quickstart/publish')).stdout) as { serverId: string };
    expect(after.serverId).toBe(entry.serverId);
  });

  it('refuses to destroy without confirmation, then destroys everything with --auto-approve', async () => {
    const refused = await cli('destroy', '--emulator');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('triton-iac destroy --auto-approve');
    const destroyed = await cli('destroy', '--emulator', '--auto-approve');
    expect(destroyed.code).toBe(0);
    expect(destroyed.stdout).toContain('quickstart/ops: deleted');
    const plan = await cli('plan', '--emulator', '--detailed-exitcode');
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/Plan: \d+ to add, 0 to change/);
    expect(existsSync(join(cwd, '.triton-iac', 'emulator', 'keys', 'acme_id_rsa'))).toBe(true);
  });
});
