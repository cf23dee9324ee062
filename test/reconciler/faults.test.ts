/**
 * Faults and throttling: one request in ten fails (500, 503 or a reset connection, half of the write
 * faults after the write took effect) and the server throttles. Apply must converge within a few
 * runs, never create anything twice, and leave a stack that plans as unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStack, planStack, type ApplyResult } from '../../reconciler/index.js';
import { buildStack, EXPECTED_COUNTS, liveCounts, SECRET_ENV, startWorld, type World } from './support/world.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 200, faultRate: 0.1, throttleRps: 60, seed: 11 });
});
afterAll(async () => world?.close());

/** Turns the emulator's faults off, to count what exists without being disturbed. */
function faultsOff(): void {
  (world.emulator.context.faults.options as { faultRate?: number; throttleRps?: number }).faultRate = 0;
  (world.emulator.context.faults.options as { faultRate?: number; throttleRps?: number }).throttleRps = 0;
}

describe('applying under faults and throttling', () => {
  it(
    'converges within a few runs, with no duplicate objects, and a final plan shows no changes',
    async () => {
      const stack = buildStack();
      const opts = {
        clients: world.clients,
        handlers: defaultHandlers(),
        workDir: world.workDir,
        consistencyWindowMs: 300,
        env: SECRET_ENV,
      };
      const results: ApplyResult[] = [];
      for (let run = 0; run < (CHAOS ? 8 : 4); run++) {
        try {
          const { result } = await applyStack(stack, opts);
          results.push(result);
          if (result.ok) break;
        } catch (error) {
          // A read that failed through every retry aborts the run before anything is applied: run again.
          results.push({
            ok: false,
            counts: {},
            failed: [{ address: '(read)', message: (error as Error).message }],
            skipped: [],
            cancelled: false,
            durationMs: 0,
          });
        }
      }
      expect(results.at(-1)?.ok, JSON.stringify(results.map((r) => r.failed))).toBe(true);

      faultsOff();
      expect(await liveCounts(world)).toEqual(EXPECTED_COUNTS);
      const plan = await planStack(stack, opts);
      expect(plan.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`)).toEqual([]);
    },
    CHAOS ? 300_000 : 60_000,
  );
});
