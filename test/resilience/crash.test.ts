/**
 * Crash safety, the one crash suite: applies in child processes (the reconciler tests'
 * `apply-child.ts`) are killed with SIGKILL at seeded random points spread over the whole apply (30
 * kills under TRITON_IAC_CHAOS). After each kill the state file is whole, valid JSON (or absent), and
 * a run that was not killed said it succeeded; after a final run nothing exists twice (the job, which
 * the API would happily run twice, included), the job was submitted to the API no more than once per
 * kill plus one, and a plan shows no changes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../emulator/core/index.js';
import { parseStateDocument, planStack } from '../../reconciler/index.js';
import {
  buildStack,
  childApplyEnv,
  EXPECTED_COUNTS,
  liveCounts,
  SECRET_ENV,
  startWorld,
  type World,
} from '../reconciler/support/world.js';
import { applyUntilOk, pending } from './support/converge.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const KILLS = CHAOS ? 30 : 4;
const WINDOW = 150;
const child = fileURLToPath(new URL('../reconciler/support/apply-child.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: WINDOW, latencyMs: 3, seed: 31 });
});
afterAll(async () => world?.close());

/** Runs the child apply and kills it `delayMs` after it says it is applying; resolves when it is gone. */
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

describe('applies killed with SIGKILL many times', () => {
  it(
    'leave whole state files, and the re-runs converge with nothing created twice',
    async () => {
      const stack = buildStack({ name: 'kill' });
      const env = childApplyEnv(world, stack, WINDOW + 100);
      const statePath = join(world.workDir, '.triton-iac', 'kill.state.json');
      let kills = 0;
      const random = new SeededRandom(7);
      for (let i = 0; i < KILLS; i++) {
        // Spread the kills from the first request to past the end of a typical apply.
        const { killed, output } = await applyAndKill(env, Math.floor(((i + random.next()) / KILLS) * 900));
        if (killed) kills++;
        else expect(output).toContain('"ok"');
        if (existsSync(statePath))
          expect(() => parseStateDocument(readFileSync(statePath, 'utf8'), statePath)).not.toThrow();
      }
      expect(kills).toBeGreaterThan(0);
      const opts = {
        clients: world.clients,
        handlers: defaultHandlers(),
        workDir: world.workDir,
        consistencyWindowMs: WINDOW + 100,
        env: SECRET_ENV,
        lockTimeoutMs: 5000,
      };
      const outcomes = await applyUntilOk(stack, opts, 3);
      expect(outcomes.at(-1)?.ok, JSON.stringify(outcomes)).toBe(true);
      // A job is the one object the API would accept twice; each run may submit it at most once.
      expect((await world.stats()).manta['CreateJob'] ?? 0).toBeLessThanOrEqual(KILLS + 1);
      expect(await liveCounts(world)).toEqual(EXPECTED_COUNTS);
      expect(pending(await planStack(stack, opts))).toEqual([]);
    },
    CHAOS ? 900_000 : 90_000,
  );
});
