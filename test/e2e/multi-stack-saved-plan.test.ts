/**
 * A saved plan of an app with two stacks, through the real binary against the emulator, looked at
 * with the vendor `triton` CLI: one app is one graph for `plan --out` and `apply FILE` too. The file
 * holds both stacks' plans in the app's order under one digest; apply checks both before changing
 * anything, applies them in order and stops at the first that fails; a destroy plan goes in reverse.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossStackApp } from './support/cross-stack-app.js';
import { proxiedCloudsPerTest } from './support/proxied-cloud.js';

const clouds = proxiedCloudsPerTest();

/** The vendor CLI's `-j` output: one JSON object a line. */
function lines(text: string): Record<string, unknown>[] {
  return text
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('a saved plan of an app with two stacks', () => {
  it('is one file applied whole: refused when edited or when one stack is stale, applied in order, stopped at the first failure, destroyed in reverse', async () => {
    let refuseRoleDeletes = false;
    const c = await clouds({
      // Role writes naming a user written less than 200 ms ago are refused, as a real cloud may.
      emulator: { consistencyWindowMs: 200, staleReadRate: 0, seed: 48 },
      handle: (r) =>
        refuseRoleDeletes && r.method === 'DELETE' && r.path.startsWith('/acme/roles/')
          ? { status: 400, body: { code: 'InvalidArgument', message: 'role deletes are refused by the test' } }
          : undefined,
    });
    crossStackApp(c.cwd);
    const window = ['--consistency-window-ms', '400'];
    const users = async (): Promise<string[]> =>
      lines(await c.triton('rbac', 'users', '-j')).map((u) => String(u['login']));
    const roles = async (): Promise<string[]> =>
      lines(await c.triton('rbac', 'roles', '-j')).map((u) => String(u['name']));

    const planned = await c.cli(['plan', '--out', 'p.json', ...window]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain('Saved the plan of 2 stacks (zteam, acl, applied in that order) to p.json');
    const file = JSON.parse(readFileSync(join(c.cwd, 'p.json'), 'utf8')) as {
      savedPlanFormat: number;
      stacks: { plan: { stack: string }; origin: { workDir: string } }[];
    };
    expect([file.savedPlanFormat, file.stacks.map((s) => s.plan.stack)]).toEqual([2, ['zteam', 'acl']]);
    const shown = await c.cli(['show', 'p.json', '--json']);
    expect((JSON.parse(shown.stdout) as { stacks: { stack: string }[] }).stacks.map((p) => p.stack)).toEqual([
      'zteam',
      'acl',
    ]);

    // Any edit, of the second stack's origin or of the order, refuses the whole file.
    const edited = structuredClone(file);
    edited.stacks[1]!.origin.workDir = '/tmp';
    writeFileSync(join(c.cwd, 'edited.json'), JSON.stringify(edited));
    writeFileSync(join(c.cwd, 'swapped.json'), JSON.stringify({ ...file, stacks: [...file.stacks].reverse() }));
    for (const name of ['edited.json', 'swapped.json']) {
      const refused = await c.cli(['apply', name, ...window]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Error [PLAN_MALFORMED]: saved plan ${join(c.cwd, name)} cannot be used`);
    }

    // The second stack is stale (its role was made by hand): nothing is applied, not even the first.
    writeFileSync(join(c.cwd, 'role.json'), JSON.stringify({ name: 'ops' }));
    await c.triton('rbac', 'role', '-a', join(c.cwd, 'role.json'));
    const stale = await c.cli(['apply', 'p.json', ...window]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(
      'Error [PLAN_STALE]: saved plan p.json was not applied, and nothing was changed: the plan of 1 of its 2 stacks is stale',
    );
    expect(stale.stderr).toContain('stack acl: acl/ops now exists live but did not when the plan was made');
    expect(await users()).toEqual([]);
    await c.triton('rbac', 'role', '-d', 'ops', '-y');

    // Current again: applied in the app's order, zteam's user and policy before the role naming them.
    const applied = await c.cli(['apply', 'p.json', ...window]);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const at = (text: string): number => applied.stdout.indexOf(text);
    expect(at('Apply complete for stack zteam: 2 created')).toBeGreaterThanOrEqual(0);
    expect(at('Apply complete for stack zteam: 2 created')).toBeLessThan(at('Apply complete for stack acl: 1 created'));
    expect(applied.stdout).toContain('Applied saved plan p.json to every stack: zteam, acl.');
    const role = JSON.parse(await c.triton('rbac', 'role', 'ops', '-j')) as {
      members: { login: string }[];
      policies: { name: string }[];
    };
    expect([role.members.map((m) => m.login), role.policies.map((p) => p.name)]).toEqual([['bob'], ['readers']]);
    expect((await c.cli(['plan', '--detailed-exitcode', ...window])).code).toBe(0);

    // A destroy plan goes in reverse; a failure in acl stops the run before zteam deletes the user it names.
    expect((await c.cli(['plan', '--destroy', '--out', 'd.json', ...window])).code).toBe(0);
    refuseRoleDeletes = true;
    const stopped = await c.cli(['apply', 'd.json', ...window]);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain(
      'Saved plan d.json stopped at stack acl: it failed (above). Applied: none. Not applied: acl, zteam',
    );
    expect(stopped.stderr).toContain(
      `plan what is left with \`triton-iac plan ${join(c.cwd, 'app.json')} --destroy --out d.json\``,
    );
    expect([await users(), await roles()]).toEqual([['bob'], ['ops']]);

    refuseRoleDeletes = false;
    expect((await c.cli(['plan', '--destroy', '--out', 'd.json', ...window])).code).toBe(0);
    const destroyed = await c.cli(['apply', 'd.json', ...window]);
    expect(destroyed.code, destroyed.stdout + destroyed.stderr).toBe(0);
    expect(destroyed.stdout.indexOf('Destroy complete for stack acl: 1 deleted')).toBeGreaterThanOrEqual(0);
    expect(destroyed.stdout.indexOf('Destroy complete for stack acl: 1 deleted')).toBeLessThan(
      destroyed.stdout.indexOf('Destroy complete for stack zteam: 2 deleted'),
    );
    expect([await users(), await roles(), lines(await c.triton('rbac', 'policies', '-j'))]).toEqual([[], [], []]);
  }, 120_000);
});
