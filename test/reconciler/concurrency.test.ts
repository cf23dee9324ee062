/**
 * Two applies of one stack at the same time: the lock lets one through; the other fails at once
 * naming the holder, or waits for it when given a lock timeout. Nothing either did is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStack, openStateBackend, planStack, ReconcilerError } from '../../reconciler/index.js';
import { buildStack, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 100, seed: 5 });
});
afterAll(async () => world?.close());

describe('two concurrent applies of one stack', () => {
  it('fails the second at once with an error naming the holder when no lock timeout is given', async () => {
    const stack = buildStack({ name: 'race-fail', manta: false });
    const opts = {
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 200,
      env: SECRET_ENV,
    };
    const [a, b] = await Promise.allSettled([applyStack(stack, opts), applyStack(stack, opts)]);
    const rejected = [a, b].filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    const fulfilled = [a, b].filter((r) => r.status === 'fulfilled');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toBeInstanceOf(ReconcilerError);
    expect((rejected[0]!.reason as ReconcilerError).code).toBe('STATE_LOCKED');
    expect((rejected[0]!.reason as Error).message).toContain(`pid ${process.pid}`);
    expect((rejected[0]!.reason as Error).message).toContain('triton-iac apply');
  });

  it('lets the second wait for the first with a lock timeout, and both runs leave every resource in state', async () => {
    const stack = buildStack({ name: 'race-wait', manta: false });
    const told: string[] = [];
    const opts = {
      onLockWait: (m: string) => void told.push(m),
      clients: world.clients,
      handlers: defaultHandlers(),
      workDir: world.workDir,
      consistencyWindowMs: 200,
      env: SECRET_ENV,
      lockTimeoutMs: 120_000,
      // The test before made the same users and policies in stack `race`: taking them over needs consent.
      adopt: true,
    };
    const [a, b] = await Promise.all([applyStack(stack, opts), applyStack(stack, opts)]);
    expect(a.result.ok && b.result.ok).toBe(true);
    // The wait says what it waits for and for how long at most, and its total once over.
    expect(told[0]).toMatch(/is locked by .*; waiting up to .* for it to be released/);
    expect(told[told.length - 1]).toMatch(/^took the state lock of stack race-wait after waiting \d+s$/);
    // One of them did the work; the other found nothing left to do.
    expect([a.plan.summary.add, b.plan.summary.add].sort((x, y) => x - y)[0]).toBe(0);
    const state = await openStateBackend(stack, { workDir: world.workDir }).read();
    const managed = stack.resources.map((r) => r.address).sort();
    expect(state!.doc.resources.map((r) => r.address).sort()).toEqual(managed);
    const plan = await planStack(stack, opts);
    expect(plan.changes.filter((c) => c.action !== 'no-op').map((c) => c.address)).toEqual([]);
  });
});
