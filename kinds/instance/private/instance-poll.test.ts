import { describe, expect, it } from 'vitest';
import { nextPollMs } from '../../../reconciler/poll-delay.js';
import { instanceHandler } from '../handler.js';

/**
 * When the engine's wait sees a job of `jobMs` done, with the instance's pauses: how late, and
 * after how many looks (the first look is the one right after the write).
 */
function seen(jobMs: number, first: number | undefined, max: number | undefined): { lateMs: number; looks: number } {
  let waited = 0;
  let looks = 1;
  while (waited < jobMs) {
    waited += nextPollMs(waited, first ?? 200, max ?? 10_000);
    looks += 1;
  }
  return { lateMs: waited - jobMs, looks };
}

describe("the looks of an instance's waits", () => {
  const readiness = instanceHandler.readiness!;
  const deletion = instanceHandler.deletion!;

  it('see a short job (a start, a stop, a destroy) done at most 100 ms late', () => {
    for (const jobMs of [250, 500, 800, 1000])
      for (const [first, max] of [
        [readiness.initialPollMs, readiness.maxPollMs],
        [deletion.initialPollMs, deletion.maxPollMs],
      ])
        expect(seen(jobMs, first, max).lateMs, `a ${jobMs} ms job`).toBeLessThanOrEqual(100);
  });

  it('still look a long job (a 45 s boot) over only a few dozen times, at most an eighth of it late', () => {
    const boot = seen(45_000, readiness.initialPollMs, readiness.maxPollMs);
    expect(boot.looks).toBeLessThanOrEqual(50);
    expect(boot.lateMs).toBeLessThanOrEqual(45_000 / 8);
  });
});
