/**
 * Plan = apply, through the real binary against the embedded emulator, checked from outside with
 * the vendor `triton` CLI: a renamed construct is moved, never deleted; an object made by hand is
 * not taken over without consent; two stacks share a role-tag path; apply takes the state lock
 * before it plans (local and Manta state).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { NO_CHANGES, projectDir, REPO, runCli, startCli, stopClis, type CliResult } from './support/cli.js';
import { withCloud } from './support/cloud.js';
import { withVendorTriton } from './support/vendor-triton.js';

const dirs: string[] = [];
afterEach(async () => {
  await stopClis(); // a run still going (the test timed out) must not see its directory vanish
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A working directory whose `app.ts` declares `body` (statements using `app` and `s`, stack prod of acme). */
function project(
  body: readonly string[],
  state = "{ type: 'local', path: '.triton-iac/prod.state.json' }",
): { cwd: string; write: (body: readonly string[]) => void } {
  const cwd = projectDir();
  dirs.push(cwd);
  const write = (lines: readonly string[]): void =>
    writeFileSync(
      join(cwd, 'app.ts'),
      [
        `import { Policy, Role, RoleTag, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
        'export default () => {',
        '  const app = new TritonApp();',
        `  const s = new TritonStack(app, 'prod', { account: 'acme', state: ${state} });`,
        ...lines.map((l) => `  ${l}`),
        '  return app;',
        '};',
        '',
      ].join('\n'),
    );
  write(body);
  writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: join(cwd, 'app.ts') })}\n`);
  return { cwd, write };
}

const TIMEOUT = 240_000;

describe('renames are moves', () => {
  it(
    'moves a renamed user and its key in the state, and the user stays in the cloud and in its role',
    async () => {
      const key = generateTestKey('ed25519', 'carol@test');
      const user = (id: string): string[] => [
        `const carol = new User(s, '${id}', { login: 'carol', email: 'carol@example.com', keys: [${JSON.stringify(key.publicOpenSsh)}] });`,
        "new Role(s, 'ops', { members: [carol] });",
      ];
      const { cwd, write } = project(user('carol'));
      const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
      expect((await cli('apply', '--emulator', '--auto-approve')).code).toBe(0);

      write(user('carol-user'));
      const plan = await cli('plan', '--emulator', '--detailed-exitcode');
      expect(plan.code).toBe(2);
      expect(plan.stdout).toContain('# prod/carol will be moved to prod/carol-user');
      expect(plan.stdout).not.toMatch(/will be (destroyed|created|adopted)/);
      const json = JSON.parse((await cli('plan', '--emulator', '--json')).stdout) as {
        changes: { address: string; action: string; movedFrom?: string }[];
      };
      expect(
        json.changes.filter((c) => c.movedFrom !== undefined).map((c) => [c.movedFrom, c.address, c.action]),
      ).toEqual([
        ['prod/carol', 'prod/carol-user', 'no-op'],
        [expect.stringMatching(/^prod\/carol\//), expect.stringMatching(/^prod\/carol-user\//), 'no-op'],
      ]);

      const applied = await cli('apply', '--emulator', '--auto-approve');
      expect(applied.stderr).toBe('');
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain('Apply complete for stack prod: 2 moved');
      expect(applied.stdout).not.toMatch(/: (adopted|deleted|created)/);
      expect((await cli('plan', '--emulator', '--detailed-exitcode')).stdout).toMatch(NO_CHANGES);

      await withVendorTriton(cwd, 'acme', async (triton) => {
        expect(JSON.parse(await triton('rbac', 'user', '-j', 'carol')).login).toBe('carol');
        expect(
          JSON.parse(await triton('rbac', 'role', '-j', 'ops')).members.map((m: { login: string }) => m.login),
        ).toEqual(['carol']);
        expect(await triton('rbac', 'keys', 'carol')).toContain(key.md5);
      });
    },
    TIMEOUT,
  );
});

describe('adopting needs consent', () => {
  it(
    'refuses to take over policies made by hand, even one that matches the declaration, until told to',
    async () => {
      const { cwd } = project([
        "new Policy(s, 'readers', { rules: ['CAN listmachines'] });",
        "new Policy(s, 'writers', { rules: ['CAN createmachine'] });",
      ]);
      const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
      const byHand = (name: string, rules: string[]): string => {
        const file = join(cwd, `${name}.json`);
        writeFileSync(file, JSON.stringify({ name, rules }));
        return file;
      };
      await withVendorTriton(cwd, 'acme', async (triton) => {
        await triton('rbac', 'policy', '-a', byHand('readers', ['CAN getmachine', 'CAN deletemachine']));
        await triton('rbac', 'policy', '-a', byHand('writers', ['CAN createmachine']));
      });

      const plan = await cli('plan', '--emulator');
      expect(plan.code).toBe(1);
      expect(plan.stdout).toContain('! prod/readers (policy readers): rules');
      // As declared, but made by hand, not by this stack: taking it over needs consent too.
      expect(plan.stdout).toContain('! prod/writers (policy writers): existed before, as declared');
      expect(plan.stdout).toContain('2 conflicts');
      expect(plan.stderr).toContain('[ADOPT_CONFLICT]');
      const refused = await cli('apply', '--emulator', '--auto-approve');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Error [ADOPT_CONFLICT]: nothing was changed');
      expect(refused.stderr).toContain('prod/readers (policy readers) differs in rules');
      expect(refused.stderr).toContain('prod/writers (policy writers) existed before');
      await withVendorTriton(cwd, 'acme', async (triton) => {
        expect(JSON.parse(await triton('rbac', 'policy', '-j', 'readers')).rules).toEqual([
          'CAN getmachine',
          'CAN deletemachine',
        ]);
      });

      const preview = await cli('plan', '--emulator', '--adopt', '--detailed-exitcode');
      expect(preview.code).toBe(2);
      expect(preview.stdout).not.toContain('conflict');
      const adopted = await cli('apply', '--emulator', '--auto-approve', '--adopt');
      expect(adopted.stderr).toBe('');
      expect(adopted.code).toBe(0);
      expect((await cli('plan', '--emulator', '--detailed-exitcode')).code).toBe(0);
      await withVendorTriton(cwd, 'acme', async (triton) => {
        expect(JSON.parse(await triton('rbac', 'policy', '-j', 'readers')).rules).toEqual(['CAN listmachines']);
      });
    },
    TIMEOUT,
  );
});

describe('shared role-tag paths', () => {
  it(
    'lets two stacks tag /acme/machines without undoing each other, and destroying one removes only its role',
    async () => {
      const cwd = projectDir();
      dirs.push(cwd);
      writeFileSync(
        join(cwd, 'app.ts'),
        [
          `import { Role, RoleTag, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};`,
          'export default () => {',
          '  const app = new TritonApp();',
          "  for (const team of ['team-a', 'team-b']) {",
          "    const s = new TritonStack(app, team, { account: 'acme' });",
          "    new RoleTag(s, 'machines', { resource: '/my/machines', roles: [new Role(s, 'ops', { name: `${team}-ops` })] });",
          '  }',
          '  return app;',
          '};',
          '',
        ].join('\n'),
      );
      writeFileSync(join(cwd, 'triton-iac.json'), `${JSON.stringify({ app: join(cwd, 'app.ts') })}\n`);
      const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });
      expect((await cli('apply', '--emulator', '--auto-approve', '--stack', 'team-a')).code).toBe(0);
      expect((await cli('apply', '--emulator', '--auto-approve', '--stack', 'team-b')).code).toBe(0);
      // Neither stack plans a change after the other applied (one plan covers both stacks).
      const plan = await cli('plan', '--emulator', '--detailed-exitcode');
      expect(plan.stdout.match(/No changes\./g)).toHaveLength(2);
      expect(plan.code).toBe(0);
      await withVendorTriton(cwd, 'acme', async (triton) => {
        expect((await triton('rbac', 'role-tags', '/my/machines')).trim().split('\n').sort()).toEqual([
          'team-a-ops',
          'team-b-ops',
        ]);
      });

      const destroyed = await cli('destroy', '--emulator', '--auto-approve', '--stack', 'team-b');
      expect(destroyed.code).toBe(0);
      await withVendorTriton(cwd, 'acme', async (triton) => {
        expect((await triton('rbac', 'role-tags', '/my/machines')).trim()).toBe('team-a-ops');
      });
      expect((await cli('plan', '--emulator', '--detailed-exitcode', '--stack', 'team-a')).code).toBe(0);
    },
    TIMEOUT,
  );
});

describe('apply takes the state lock before it plans', () => {
  const holder = (): string =>
    `${JSON.stringify({ id: 'held-by-test', pid: process.pid, host: hostname(), command: 'triton-iac apply', createdAt: '2026-01-02T03:04:05.000Z' })}\n`;

  it(
    'fails a second run at once naming the holder, with no plan, and with a lock timeout waits (saying so) and then plans',
    async () => {
      const { cwd } = project(["new Policy(s, 'readers', { rules: ['CAN listmachines'] });"]);
      const lockFile = join(cwd, '.triton-iac', 'prod.state.json.lock');
      expect((await runCli(['plan', '--emulator'], { cwd })).code).toBe(0);
      writeFileSync(lockFile, holder());

      const blocked = await runCli(['apply', '--emulator', '--auto-approve'], { cwd });
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toContain('Error [STATE_LOCKED]');
      expect(blocked.stderr).toContain(
        `locked by pid ${process.pid} on host ${hostname()} running "triton-iac apply" since 2026-01-02T03:04:05.000Z`,
      );
      expect(blocked.stdout).toBe('');

      // With a lock timeout the run says it is waiting; once the lock goes, it plans and applies.
      const waiting = startCli(['apply', '--emulator', '--auto-approve', '--lock-timeout', '3m'], { cwd });
      await waiting.stderrContains('waiting up to');
      expect(waiting.stdout()).toBe('');
      rmSync(lockFile, { force: true });
      const waited = await waiting.done;
      expect(waited.stderr).toContain(`is locked by pid ${process.pid}`);
      // The wait ends with how long it took.
      expect(waited.stderr).toMatch(/took the state lock of stack prod after waiting \d+s/);
      expect(waited.code).toBe(0);
      expect(waited.stdout).toContain('prod/readers (policy readers) will be created');
      expect(waited.stdout).toContain('Apply complete for stack prod: 1 created');
    },
    TIMEOUT,
  );

  it(
    'fails at once with Manta state too, without waiting out the consistency window',
    async () => {
      const statePath = '/acme/stor/triton-iac/prod.state.json';
      const { cwd } = project(
        ["new Policy(s, 'readers', { rules: ['CAN listmachines'] });"],
        `{ type: 'manta', path: '${statePath}' }`,
      );
      await withCloud(cwd, 'acme', async ({ manta }) => {
        await manta.makeDirectories('/acme/stor/triton-iac');
        await manta.putObject(`${statePath}.lock`, holder(), { contentType: 'application/json' });
      });
      // A window of ten minutes: re-reading the held lock until the window had passed would outlast
      // the run's own time limit.
      const blocked = await runCli(['apply', '--emulator', '--auto-approve', '--consistency-window-ms', '600000'], {
        cwd,
      });
      expect(blocked.stderr).toContain(
        `Error [STATE_LOCKED]: state manta:${statePath} is locked by pid ${process.pid}`,
      );
      expect(blocked.code).toBe(1);
      expect(blocked.stdout).toBe('');
    },
    TIMEOUT,
  );
});
