/**
 * Faults over several seeds (extends test/reconciler/faults.test.ts, which runs one seed at a 10 %
 * rate): 15 % of requests fail with a 500, a 503 or a reset connection, half of the failed writes
 * after the write took effect; the server throttles and adds jittered latency. For every seed the
 * apply converges within a few runs, nothing exists twice, and a final plan shows no changes.
 */
import { describe, expect, it } from 'vitest';
import { planStack } from '../../reconciler/index.js';
import { buildStack, EXPECTED_COUNTS, liveCounts, SECRET_ENV, startWorld } from '../reconciler/support/world.js';
import { applyUntilOk, calm } from './support/converge.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const SEEDS = CHAOS ? [101, 102, 103, 104, 105, 106, 107, 108, 109, 110] : [101, 102, 103];

describe('applying under a 15 % fault rate, throttling and jittered latency', () => {
  for (const seed of SEEDS) {
    it(
      `converges with seed ${seed}, with no duplicate objects and a final plan without changes`,
      async () => {
        const world = await startWorld({
          consistencyWindowMs: 150,
          faultRate: 0.15,
          throttleRps: 80,
          latencyMs: 4,
          seed,
        });
        try {
          const stack = buildStack({ name: `faults-${seed}` });
          const opts = {
            clients: world.clients,
            handlers: defaultHandlers(),
            workDir: world.workDir,
            consistencyWindowMs: 250,
            env: SECRET_ENV,
          };
          const outcomes = await applyUntilOk(stack, opts, CHAOS ? 12 : 8);
          expect(outcomes.at(-1)?.ok, JSON.stringify(outcomes)).toBe(true);

          calm(world);
          expect(await liveCounts(world)).toEqual(EXPECTED_COUNTS);
          const after = await planStack(stack, opts);
          const left = after.changes.filter((c) => c.action !== 'no-op');
          expect(
            left.map((c) => `${c.action} ${c.address}`),
            JSON.stringify({
              left: left.map((c) => ({ address: c.address, action: c.action, patch: c.patch })),
              outcomes,
            }),
          ).toEqual([]);
        } finally {
          await world.close();
        }
      },
      CHAOS ? 300_000 : 90_000,
    );
  }
});
