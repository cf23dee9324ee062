/**
 * The first reads go out together (issue 30): until a server first throttles, reads are not held
 * to the concurrency limit's slow start (2, doubling a round trip), only to the cap. Against a
 * server that throttles, the requests sent before its first throttle answer arrives are what
 * finding its limit costs: at most the cap in flight, plus those the accepted answers let go, of
 * which the server accepts its rate; so the throttled answers stay within the cap (and a few more,
 * one each time the learned rate grows back over the limit), every read is answered, and every
 * request is sent once plus one retry per throttled answer.
 *
 * Verdicts are counts with room for the machine's speed (a slower machine is throttled less, never
 * more), never times.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TUNABLE_DEFAULTS } from '../../common/tunables.js';
import { startWorld, type World } from '../reconciler/support/world.js';

const READS = 40;
const WRITES = 10;
/** Throttled answers after the first burst: one each time the rate grows back over the limit. */
const LATER_THROTTLES = 4;

const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});

/** Reads all at once, then writes all at once, on a fresh emulator throttling at `rps`. */
async function burst(rps: number): Promise<{ total: number; throttled: number }> {
  const world = await startWorld({ throttleRps: rps, seed: rps });
  worlds.push(world);
  const api = world.clients.cloudapi;
  const lists = await Promise.all(Array.from({ length: READS }, () => api.listUsers()));
  expect(lists.every((l) => Array.isArray(l))).toBe(true);
  await Promise.all(
    Array.from({ length: WRITES }, (_, i) =>
      api.createUser({ login: `first${i}`, email: `first${i}@acme.example`, password: 'Secret-123456' }),
    ),
  );
  expect((await api.listUsers()).filter((u) => u.login.startsWith('first')).length).toBe(WRITES);
  const stats = (await world.stats()) as unknown as { total: number; throttled: Record<string, number> };
  return { total: stats.total, throttled: Object.values(stats.throttled).reduce((a, b) => a + b, 0) };
}

describe('the first reads against a server that throttles', () => {
  it.each([5, 20])(
    'at %i requests a second: one burst of at most the cap minus the rate, then paced',
    async (rps) => {
      const { total, throttled } = await burst(rps);
      const facts = JSON.stringify({ rps, total, throttled });
      expect(throttled, facts).toBeLessThanOrEqual(TUNABLE_DEFAULTS.maxRequests + LATER_THROTTLES);
      // Every request is answered once, plus one retry per throttled answer: nothing hammers.
      expect(total, facts).toBe(READS + WRITES + 1 + throttled);
    },
    120_000,
  );
});
