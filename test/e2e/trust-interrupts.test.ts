/**
 * A signal never leaves the state lock behind (issue 25), through the real binary against the
 * emulator: Ctrl-C (SIGINT) or SIGTERM while apply plans under the lock, or a Ctrl-C at its
 * confirmation prompt, exits 128 + the signal number and releases the lock, with the state in a
 * local file and in Manta; and a lock that a killed run did leave on this host is taken over with a
 * line saying so, never silently.
 *
 * "Planning under the lock" is an event, not a delay: the proxy holds the first CloudAPI request
 * sent once the lock exists (the local lock file is on disk, or the binary has sent the PUT of the
 * Manta lock object), so the signal arrives while the binary is waiting for a planning read.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, TestRunner } from 'vitest';
import { TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, REPO, startCli, stopClis } from './support/cli.js';
import { startProxiedCloud, type ProxiedCloud } from './support/proxied-cloud.js';
import { startWireProxy, type WireProxy } from './support/wire-proxy.js';

const dirs: string[] = [];
const clouds: ProxiedCloud[] = [];
const proxies: WireProxy[] = [];
/** Lets every held request go, so that nothing outlives its test. */
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await stopClis();
  for (const p of proxies.splice(0)) await p.close();
  for (const c of clouds.splice(0)) await c.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const W0 = ['--consistency-window-ms', '0'];

/** A request hold: `held` resolves once the first request `when` accepts is being held. */
function holdFirst(when: () => boolean): {
  handle: () => Promise<undefined>;
  held: Promise<void>;
} {
  let holding = false;
  let onHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (onHeld = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  releases.push(release);
  return {
    held,
    handle: async () => {
      if (!holding && when()) {
        holding = true;
        onHeld();
        await released;
      }
      return undefined;
    },
  };
}

/** The app of stack `prod` (account `acme`) with one user, its state where `state` says. */
function writeApp(cwd: string, state?: { type: 'manta'; path: string }): void {
  const app = new TritonApp({ generator: 'triton-iac e2e test' });
  const stack = new TritonStack(app, 'prod', { account: 'acme', ...(state ? { state } : {}) });
  new User(stack, 'alice', { login: 'alice', email: 'alice@acme.example' });
  writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
}

/**
 * A cloud with the app of stack `prod` and its state in a local file, whose proxy holds the first
 * CloudAPI request sent once the lock file exists: an apply is then planning under the lock.
 */
async function cloudHoldingLocalPlanning(): Promise<{
  c: ProxiedCloud;
  hold: ReturnType<typeof holdFirst>;
  lockFile: string;
}> {
  let lockFile = '';
  const hold = holdFirst(() => lockFile !== '' && existsSync(lockFile));
  const c = await startProxiedCloud({ handle: () => hold.handle() });
  clouds.push(c);
  writeApp(c.cwd);
  lockFile = join(c.cwd, '.triton-iac', 'prod.state.json.lock');
  return { c, hold, lockFile };
}

describe('a signal while apply holds the state lock', () => {
  it('exits 130 on Ctrl-C while planning and leaves no lock file, and the next run takes the lock at once', async () => {
    const { c, hold, lockFile } = await cloudHoldingLocalPlanning();

    const apply = startCli(['apply', '--auto-approve', ...W0], { cwd: c.cwd, env: c.env });
    await hold.held;
    expect(apply.stdout()).not.toContain('Plan:'); // still planning: no plan printed yet
    apply.child.kill('SIGINT');
    const result = await apply.done;

    expect(result.code).toBe(130);
    expect(result.stderr).toContain('Interrupted (SIGINT): releasing the lock on state ');
    expect(existsSync(lockFile)).toBe(false);
    const again = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('Taking over');
  });

  it('exits 143 on SIGTERM while planning with the state in Manta, and leaves the lock object released', async () => {
    // The binary's Manta requests go through a proxy of their own, which sees it take the lock.
    let lockTaken = false;
    const hold = holdFirst(() => lockTaken);
    const c = await startProxiedCloud({ handle: () => hold.handle() });
    clouds.push(c);
    const mantaProxy = await startWireProxy(c.world.emulator.mantaUrl, (r) => {
      if (r.method === 'PUT' && r.path.endsWith('/prod.state.json.lock')) lockTaken = true;
      return undefined;
    });
    proxies.push(mantaProxy);
    writeApp(c.cwd, { type: 'manta', path: '~~/stor/triton-iac/prod.state.json' });
    const env = { ...c.env, MANTA_URL: mantaProxy.url };

    const apply = startCli(['apply', '--auto-approve', ...W0], { cwd: c.cwd, env });
    await hold.held;
    apply.child.kill('SIGTERM');
    const result = await apply.done;

    expect(result.code).toBe(143);
    expect(result.stderr).toContain('Interrupted (SIGTERM): releasing the lock on state ');
    const lock = JSON.parse(
      (await c.world.clients.manta.getObjectBuffer('/acme/stor/triton-iac/prod.state.json.lock'))!.data.toString(),
    ) as { released?: boolean };
    expect(lock.released).toBe(true);
    const again = startCli(['apply', '--auto-approve', ...W0], { cwd: c.cwd, env });
    const done = await again.done;
    expect(done.code).toBe(0);
    expect(done.stderr).not.toContain('Taking over');
  });

  it('exits 130 on Ctrl-C at the confirmation prompt and leaves no lock file', async () => {
    // The prompt needs a terminal: `script` gives the binary one, and a Ctrl-C typed into it
    // becomes a SIGINT from the terminal, as at a keyboard.
    const cwd = projectDir();
    dirs.push(cwd);
    writeApp(cwd);
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, 'bin', 'triton-iac.js'))} apply --emulator app.json`;
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: cwd, TERM: 'dumb' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const kill = (): void => void child.kill('SIGKILL');
    const signal = TestRunner.getCurrentTest()?.context.signal;
    signal?.addEventListener('abort', kill);
    let output = '';
    const asked = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Enter a value:')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await Promise.race([asked, exited]);
    expect(output).toContain('Enter a value:');
    expect(existsSync(join(cwd, '.triton-iac', 'prod.state.json.lock'))).toBe(true);
    child.stdin.write('\u0003'); // Ctrl-C; standard input stays open, as a terminal's does
    const code = await exited;
    signal?.removeEventListener('abort', kill);

    expect(code).toBe(130);
    expect(output).toContain('Interrupted (SIGINT): releasing the lock on state ');
    expect(existsSync(join(cwd, '.triton-iac', 'prod.state.json.lock'))).toBe(false);
  });

  it('says so when it takes over a lock that a killed run left on this host', async () => {
    const { c, hold, lockFile } = await cloudHoldingLocalPlanning();

    // SIGKILL cannot be caught: the lock stays, recording a pid that no longer runs.
    const killed = startCli(['apply', '--auto-approve', ...W0], { cwd: c.cwd, env: c.env });
    await hold.held;
    killed.child.kill('SIGKILL');
    await killed.done;
    expect(existsSync(lockFile)).toBe(true);
    const pid = killed.child.pid!;

    const next = await c.cli(['apply', '--auto-approve', ...W0]);
    expect(next.code).toBe(0);
    expect(next.stderr).toMatch(
      new RegExp(
        `Taking over the lock on state \\S+prod\\.state\\.json left by pid ${pid} \\("triton-iac apply"\\), which is no longer running, from \\d{4}-\\d\\d-\\d\\dT`,
      ),
    );
    expect(existsSync(lockFile)).toBe(false);
  });
});
