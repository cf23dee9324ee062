/**
 * State history through the real binary: every state write keeps its serial (with who, when, the
 * command and the plan digest), an apply killed half-way (SIGKILL, nothing can be cleaned up) leaves
 * every serial it wrote readable with `state pull --serial N`, the next apply carries on the history
 * and appends its audit record; and the retention setting in triton-iac.json bounds what is kept.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, runCli, startCli, stopClis } from './support/cli.js';
import { startProxiedCloud, type ProxiedCloud } from './support/proxied-cloud.js';

const clouds: ProxiedCloud[] = [];
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await stopClis();
  for (const c of clouds.splice(0)) await c.close();
});

interface History {
  serials: { serial: number; who: string; command: string; planDigest?: string }[];
  audit: { result: string; command: string; serial: number; planDigest: string }[];
}

describe('state history', () => {
  it('survives an apply killed half-way: every serial it wrote can be pulled, and the next apply carries on', async () => {
    let creates = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    releases.push(release);
    let held = false;
    const c = await startProxiedCloud({
      // The third user's creation waits until the test lets it go: the first two are written by then,
      // after the serial that says which creates the apply is about to send (`creating`).
      handle: async (request) => {
        if (request.method === 'POST' && request.path === '/acme/users' && ++creates === 3) {
          held = true;
          await released;
        }
        return undefined;
      },
    });
    clouds.push(c);
    c.writeApp('prod', (s) => {
      for (const login of ['alice', 'bob', 'carol']) new User(s, login, { login, email: `${login}@acme.example` });
    });
    const historyDir = join(c.cwd, '.triton-iac', 'history', 'prod');
    const killed = startCli(['apply', '--auto-approve', '--parallelism', '1', '--consistency-window-ms', '0'], {
      cwd: c.cwd,
      env: c.env,
    });
    await vi.waitFor(
      () => {
        expect(held).toBe(true);
        expect(existsSync(historyDir) ? readdirSync(historyDir).filter((n) => /^\d+\.json$/.test(n)) : []).toHaveLength(
          3,
        );
      },
      { timeout: 120_000, interval: 50 },
    );
    killed.child.kill('SIGKILL');
    await killed.done;
    release();

    const state = JSON.parse(readFileSync(join(c.cwd, '.triton-iac', 'prod.state.json'), 'utf8')) as {
      serial: number;
      resources: unknown[];
    };
    expect(state.resources).toHaveLength(2);
    const before = JSON.parse((await c.cli(['state', 'history', '--json'])).stdout) as History;
    expect(before.serials.map((s) => s.serial)).toEqual([1, 2, 3]);
    expect(before.serials[0]).toMatchObject({
      command: 'triton-iac apply',
      planDigest: expect.stringMatching(/^sha256:/),
    });
    // The killed apply never finished: it has no audit record.
    expect(before.audit).toEqual([]);
    const pulled = await c.cli(['state', 'pull', '--serial', String(state.serial)]);
    expect(pulled.code).toBe(0);
    expect(JSON.parse(pulled.stdout)).toEqual(state);
    const intent = JSON.parse((await c.cli(['state', 'pull', '--serial', '1'])).stdout) as {
      resources: unknown[];
      creating: string[];
    };
    expect(intent).toMatchObject({ resources: [], creating: ['prod/alice', 'prod/bob', 'prod/carol'] });
    expect(
      (JSON.parse((await c.cli(['state', 'pull', '--serial', '2'])).stdout) as { resources: unknown[] }).resources,
    ).toHaveLength(1);

    const next = await c.cli(['apply', '--auto-approve', '--consistency-window-ms', '0']);
    expect(next.code).toBe(0);
    const after = JSON.parse((await c.cli(['state', 'history', '--json'])).stdout) as History;
    const serials = after.serials.map((s) => s.serial);
    expect(serials.slice(0, 3)).toEqual([1, 2, 3]);
    expect(serials.at(-1)).toBe(
      (JSON.parse(readFileSync(join(c.cwd, '.triton-iac', 'prod.state.json'), 'utf8')) as { serial: number }).serial,
    );
    expect(after.audit).toMatchObject([{ result: 'ok', command: 'triton-iac apply', serial: serials.at(-1) }]);
    const text = await c.cli(['state', 'history']);
    expect(text.stdout).toMatch(/^SERIAL\s+WRITTEN AT\s+WHO\s+COMMAND\s+PLAN\n1\s/);
    expect(text.stdout).toContain('Applies (1, from ');
    const missing = await c.cli(['state', 'pull', '--serial', '999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `serial 999 of stack prod is not kept in ${historyDir} (kept: 1 to ${serials.at(-1)})`,
    );
  });

  it('keeps only as many serials as state.history.keep says, and refuses a bad setting', async () => {
    const c = await startProxiedCloud();
    clouds.push(c);
    writeFileSync(join(c.cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.json', state: { history: { keep: 2 } } }));
    for (const logins of [['alice'], ['alice', 'bob'], ['alice', 'bob', 'carol']]) {
      c.writeApp('prod', (s) => {
        for (const login of logins) new User(s, login, { login, email: `${login}@acme.example` });
      });
      expect((await c.cli(['apply', '--auto-approve', '--consistency-window-ms', '0'])).code).toBe(0);
    }
    const history = JSON.parse((await c.cli(['state', 'history', '--json'])).stdout) as History;
    expect(history.serials).toHaveLength(2);
    expect(history.audit).toHaveLength(3);
    writeFileSync(join(c.cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.json', state: { history: { keep: 0 } } }));
    const bad = await c.cli(['state', 'history']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('"state.history.keep" is 0; it must be a whole number from 1 to 100000');
    rmSync(join(c.cwd, '.triton-iac'), { recursive: true, force: true });
  });

  it('keeps each serial of a state in Manta as an immutable snaplink beside the state object', async () => {
    const cwd = projectDir();
    try {
      const write = (logins: string[]): void => {
        const app = new TritonApp();
        const stack = new TritonStack(app, 'team', {
          account: 'acme',
          state: { type: 'manta', path: '/acme/stor/triton-iac/team.state.json' },
        });
        for (const login of logins) new User(stack, login, { login, email: `${login}@acme.example` });
        writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
      };
      const cli = (...args: string[]) => runCli([...args, '--emulator', 'app.json'], { cwd });
      write(['alice']);
      expect((await cli('apply', '--auto-approve')).code).toBe(0);
      write(['alice', 'bob']);
      expect((await cli('apply', '--auto-approve')).code).toBe(0);
      const history = JSON.parse((await cli('state', 'history', '--json')).stdout) as History;
      expect(history.audit.map((a) => a.result)).toEqual(['ok', 'ok']);
      // The first apply's last serial (its first only said which creates it was about to send).
      const first = history.audit[0]!.serial;
      // The link still holds what that serial wrote, though the state object was written since.
      const old = JSON.parse((await cli('state', 'pull', '--serial', String(first))).stdout) as {
        serial: number;
        resources: unknown[];
      };
      expect(old.serial).toBe(first);
      expect(old.resources).toHaveLength(1);
      const now = JSON.parse((await cli('state', 'pull')).stdout) as { serial: number; resources: unknown[] };
      expect(now.resources).toHaveLength(2);
      expect(history.serials.at(-1)!.serial).toBe(now.serial);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
