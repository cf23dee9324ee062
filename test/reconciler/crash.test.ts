/**
 * Crash safety: an apply running in a child process is killed with SIGKILL at random moments. Each
 * time, the state file is whole, valid JSON (or absent); a final run converges with nothing created
 * twice and a plan with no changes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStack, parseStateDocument, planStack } from '../../reconciler/index.js';
import { buildStack, childApplyEnv, EXPECTED_COUNTS, liveCounts, SECRET_ENV, startWorld, type World } from './support/world.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const KILLS = CHAOS ? 12 : 3;
const WINDOW = 150;
const child = fileURLToPath(new URL('./support/apply-child.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: WINDOW, seed: 3 });
});
afterAll(async () => world?.close());

/** Starts the child apply and kills it `delayMs` after it starts applying; resolves when it is gone. */
function applyAndKill(env: NodeJS.ProcessEnv, delayMs: number): Promise<{ killed: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tsx, [child], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timer: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => proc.kill('SIGKILL'), 30_000);
    proc.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (timer === undefined && output.includes('applying')) timer = setTimeout(() => proc.kill('SIGKILL'), delayMs);
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('exit', (_code, signal) => {
      clearTimeout(guard);
      if (timer) clearTimeout(timer);
      resolve({ killed: signal === 'SIGKILL', output });
    });
  });
}

describe('an apply killed at random points', () => {
  it('always leaves a valid state file, and a re-run converges with no duplicates', async () => {
    const stack = buildStack({ name: 'crash' });
    const env = childApplyEnv(world, stack, WINDOW + 100);
    const statePath = join(world.workDir, '.triton-iac', 'crash.state.json');
    let kills = 0;
    for (let i = 0; i < KILLS; i++) {
      const { killed, output } = await applyAndKill(env, Math.floor(Math.random() * 600));
      if (killed) kills++;
      else expect(output).toContain('"ok"');
      if (existsSync(statePath)) expect(() => parseStateDocument(readFileSync(statePath, 'utf8'), statePath)).not.toThrow();
    }
    expect(kills).toBeGreaterThan(0);

    const opts = { clients: world.clients, workDir: world.workDir, consistencyWindowMs: WINDOW + 100, env: SECRET_ENV, lockTimeoutMs: 5000 };
    const { result } = await applyStack(stack, opts);
    expect(result.failed).toEqual([]);
    expect(await liveCounts(world)).toEqual(EXPECTED_COUNTS);
    const plan = await planStack(stack, opts);
    expect(plan.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`)).toEqual([]);
  }, CHAOS ? 600_000 : 60_000);
});
