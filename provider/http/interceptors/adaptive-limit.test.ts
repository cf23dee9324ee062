import { describe, expect, it } from 'vitest';
import type { TritonRequest, TritonResponse } from '../types.js';
import { AdaptiveLimit, adaptiveLimitInterceptor } from './adaptive-limit.js';

/** A limit on a hand-driven clock. */
function limitWith(max: number): { limit: AdaptiveLimit; clock: { t: number } } {
  const clock = { t: 0 };
  return { limit: new AdaptiveLimit({ max, now: () => clock.t }), clock };
}

/** Starts `n` requests (all must get a place at once) and answers them `latency` later with `status`. */
async function round(
  l: { limit: AdaptiveLimit; clock: { t: number } },
  n: number,
  status: number,
  latency: number,
): Promise<void> {
  const tickets = await Promise.all(Array.from({ length: n }, () => l.limit.acquire()));
  l.clock.t += latency;
  for (const t of tickets) l.limit.done(t, status);
}

describe('adaptive concurrency', () => {
  it('starts at the cap and never goes above it while the server keeps up', async () => {
    const l = limitWith(8);
    expect(l.limit.limit).toBe(8);
    for (let i = 0; i < 5; i++) await round(l, 8, 200, 20);
    expect(l.limit.limit).toBe(8);
  });

  it('halves once for a burst of throttled answers to one round, and grows back step by step, never by more than one a round, to the cap', async () => {
    const l = limitWith(16);
    await round(l, 16, 429, 20);
    expect(l.limit.limit).toBe(8);
    await round(l, 8, 503, 20);
    expect(l.limit.limit).toBe(4);
    const seen = [4];
    for (let i = 0; i < 40; i++) {
      await round(l, l.limit.limit, 200, 20);
      seen.push(l.limit.limit);
    }
    expect(seen.every((v, i) => i === 0 || v - seen[i - 1]! <= 1)).toBe(true);
    expect(seen.at(-1)).toBe(16);
  });

  it('backs off when latency rises well above its long-run average, not when it merely varies, and keeps one request going however throttled', async () => {
    const l = limitWith(10);
    // Latencies of 10 to 30 ms, as the benchmark's emulator answers: no cut.
    for (let i = 0; i < 30; i++) {
      const start = l.clock.t;
      const tickets = await Promise.all(Array.from({ length: l.limit.limit }, () => l.limit.acquire()));
      tickets.forEach((t, k) => {
        l.clock.t = start + (k % 2 === 0 ? 10 : 30);
        l.limit.done(t, 200);
      });
    }
    expect(l.limit.limit).toBe(10);
    for (let i = 0; i < 3; i++) await round(l, l.limit.limit, 200, 200);
    expect(l.limit.limit).toBeLessThan(10);
    for (let i = 0; i < 10; i++) await round(l, l.limit.limit, 420, 20);
    expect(l.limit.limit).toBe(1);
  });

  it('started below the cap, grows by one per fine answer in use (not per round) up to the cap, and by one a round after a cut', async () => {
    const clock = { t: 0 };
    const l = { limit: new AdaptiveLimit({ max: 32, initial: 2, now: () => clock.t }), clock };
    const seen = [l.limit.limit];
    for (let i = 0; i < 8; i++) {
      await round(l, l.limit.limit, 200, 20);
      seen.push(l.limit.limit);
    }
    // The answers to requests started while at least half the limit was in flight count.
    expect(seen).toEqual([2, 4, 7, 11, 17, 26, 32, 32, 32]);

    const cut = { limit: new AdaptiveLimit({ max: 32, initial: 4, now: () => clock.t }), clock };
    await round(cut, 4, 503, 20);
    expect(cut.limit.limit).toBe(2);
    await round(cut, 2, 200, 20);
    expect(cut.limit.limit).toBe(3);
  });

  it('queues requests over the limit and lets them go in order as places free up', async () => {
    const l = limitWith(2);
    const a = await l.limit.acquire();
    await l.limit.acquire();
    const order: string[] = [];
    const c = l.limit.acquire().then(() => order.push('c'));
    const d = l.limit.acquire().then(() => order.push('d'));
    expect(l.limit.active).toBe(2);
    l.limit.done(a, 200);
    await c;
    expect(order).toEqual(['c']);
    expect(l.limit.active).toBe(2);
    void d;
  });

  it('lets wide requests (first reads) out up to the cap whatever the limit, the others at the limit, and wide ones wait behind those queued', async () => {
    const limit = new AdaptiveLimit({ max: 32, initial: 2 });
    let wideNow = true;
    const held: (() => void)[] = [];
    const sent: string[] = [];
    const dispatch = adaptiveLimitInterceptor(limit, {
      wide: (request) => request.method === 'GET' && wideNow,
    })(
      (request) =>
        new Promise<TritonResponse>((resolve) => {
          sent.push(`${request.method} ${request.path}`);
          held.push(() => resolve({ status: 200 } as TritonResponse));
        }),
    );
    const call = (method: 'GET' | 'POST', path: string): Promise<TritonResponse> =>
      dispatch({ operation: 'op', method, path, headers: {} } as TritonRequest);
    const settle = async (): Promise<void> => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    // 40 reads at once: 32 (the cap) go out, not 2 (the limit).
    const reads = Array.from({ length: 40 }, (_, i) => call('GET', `/r${i}`));
    await settle();
    expect(sent.length).toBe(32);
    // Their answers grow the limit as a slow start does (one a fine answer in use).
    for (const answer of held.splice(0)) answer();
    await Promise.all(reads.slice(0, 32));
    await settle();
    expect(sent.length).toBe(40);
    for (const answer of held.splice(0)) answer();
    await Promise.all(reads);
    expect(limit.limit).toBe(32);

    // Once the server has throttled (wide no more), reads keep to the limit like writes.
    const narrow = new AdaptiveLimit({ max: 32, initial: 2 });
    wideNow = false;
    sent.length = 0;
    const paced = adaptiveLimitInterceptor(narrow, { wide: (request) => request.method === 'GET' && wideNow })(
      (request) =>
        new Promise<TritonResponse>((resolve) => {
          sent.push(request.path);
          held.push(() => resolve({ status: 200 } as TritonResponse));
        }),
    );
    void Promise.all(
      Array.from({ length: 5 }, (_, i) => paced({ operation: 'op', method: 'GET', path: `/p${i}`, headers: {} })),
    );
    await settle();
    expect(sent.length).toBe(2);
    // A wide request finds others queued: it queues behind them (no overtaking).
    wideNow = true;
    void paced({ operation: 'op', method: 'GET', path: '/late', headers: {} });
    await settle();
    expect(sent).toEqual(['/p0', '/p1']);
    for (const answer of held.splice(0)) answer();
  });
});
