/**
 * Two applies of one stack at once, beyond test/reconciler/concurrency.test.ts (two applies in one
 * process with local state): with the state in Manta, where the lock is an object written with
 * If-None-Match, and with local state across two processes. The lock lets one through at a time;
 * nothing either run did is missing from the state, and nothing exists twice.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackManifest } from '../../common/manifest.js';
import {
  applyStack,
  openStateBackend,
  planStack,
  ReconcilerError,
  type StateSnapshot,
} from '../../reconciler/index.js';
import {
  buildStack,
  childApplyEnv,
  EXPECTED_COUNTS,
  liveCounts,
  SECRET_ENV,
  startWorld,
  type World,
} from '../reconciler/support/world.js';
import { pending } from './support/converge.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const child = fileURLToPath(new URL('../reconciler/support/apply-child.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 100, latencyMs: 2, seed: 51 });
});
afterAll(async () => world?.close());

function inManta(stack: StackManifest): StackManifest {
  return { ...stack, state: { type: 'manta', path: `/acme/stor/triton-iac/${stack.name}.state.json` } };
}

/**
 * The state as the last run left it: read under the lock, as a run would, since a plain read inside
 * Manta's consistency window may be served the previous document.
 */
async function readUnderLock(stack: StackManifest): Promise<StateSnapshot | undefined> {
  const backend = openStateBackend(stack, { workDir: world.workDir, clients: world.clients, consistencyWindowMs: 200 });
  await backend.lock({ command: 'check', lockTimeoutMs: 5000 });
  try {
    return await backend.read();
  } finally {
    await backend.unlock();
  }
}

describe('two concurrent applies of one stack with its state in Manta', () => {
  it("fails the second at once with STATE_LOCKED when no lock timeout is given, and keeps the first one's work", async () => {
    const stack = inManta(buildStack({ name: 'manta-race-fail', manta: false }));
    const opts = {
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 200,
      env: SECRET_ENV,
    };
    const settled = await Promise.allSettled([applyStack(stack, opts), applyStack(stack, opts)]);
    const rejected = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(ReconcilerError);
    expect((rejected[0]!.reason as ReconcilerError).code).toBe('STATE_LOCKED');
    // Everything the first run did is in the state: each resource it did not report as failed or skipped.
    const winner = settled.find((r) => r.status === 'fulfilled')!.value.result;
    const notDone = new Set([...winner.failed.map((f) => f.address), ...winner.skipped.map((s) => s.address)]);
    const state = await readUnderLock(stack);
    expect(state!.doc.resources.map((r) => r.address).sort()).toEqual(
      stack.resources
        .map((r) => r.address)
        .filter((a) => !notDone.has(a))
        .sort(),
    );
  });

  for (let round = 0; round < (CHAOS ? 5 : 1); round++) {
    it(`lets the second wait with a lock timeout, and nothing either run did is lost (round ${round + 1})`, async () => {
      const stack = inManta(buildStack({ name: `manta-race-wait-${round}` }));
      const opts = {
        clients: world.clients,
        handlers: defaultHandlers(),
        workDir: world.workDir,
        consistencyWindowMs: 200,
        env: SECRET_ENV,
        lockTimeoutMs: 120_000,
        // The tests before made the same users and policies in other stacks: taking them over needs consent.
        adopt: true,
      };
      const [a, b] = await Promise.all([applyStack(stack, opts), applyStack(stack, opts)]);
      // The waiter takes the lock the moment the first run releases it, inside Manta's consistency
      // window: the lock hands over the state the first run left, so the waiter never works from a
      // stale read of it.
      expect([...a.result.failed, ...b.result.failed]).toEqual([]);
      expect([a.result.ok, b.result.ok]).toEqual([true, true]);
      const state = await readUnderLock(stack);
      expect(state!.doc.resources.map((r) => r.address).sort()).toEqual(stack.resources.map((r) => r.address).sort());
      // Every round's job has the same name, so later rounds adopt the first one's job.
      expect(await liveCounts(world)).toEqual(EXPECTED_COUNTS);
      expect(pending(await planStack(stack, opts))).toEqual([]);
    });
  }
});

/** Runs one apply in a child process (it waits for the lock as long as the other apply takes); resolves with its exit code and output. */
function applyInChild(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tsx, [child], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const guard = setTimeout(() => proc.kill('SIGKILL'), 150_000);
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output });
    });
  });
}

describe('two applies of one stack in two processes with local state', () => {
  it('both succeed one after the other through the lock file, and the state holds every resource', async () => {
    // An account of its own: the Manta tests above already manage these users.
    const world = await startWorld({ consistencyWindowMs: 100, latencyMs: 2, seed: 52 });
    try {
      const stack = buildStack({ name: 'process-race', manta: false });
      const env = childApplyEnv(world, stack, 200);
      const runs = await Promise.all([applyInChild(env), applyInChild(env)]);
      expect(
        runs.map((r) => r.code),
        runs.map((r) => r.output).join('\n'),
      ).toEqual([0, 0]);
      const state = await openStateBackend(stack, { workDir: world.workDir }).read();
      expect(state!.doc.resources.map((r) => r.address).sort()).toEqual(stack.resources.map((r) => r.address).sort());
      const opts = {
        clients: world.clients,
        handlers: defaultHandlers(),
        workDir: world.workDir,
        consistencyWindowMs: 200,
        env: SECRET_ENV,
      };
      expect(pending(await planStack(stack, opts))).toEqual([]);
      expect(await liveCounts(world)).toEqual({ ...EXPECTED_COUNTS, jobs: 0 });
    } finally {
      await world.close();
    }
  });
});
