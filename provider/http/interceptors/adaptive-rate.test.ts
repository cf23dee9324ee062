import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdaptiveRate, RateGate, type RateHold, type RateTicket } from './adaptive-rate.js';

/** A rate on a hand-driven clock (ms). */
function rateWith(options: { recoverMs?: number; minRate?: number } = {}): {
  rate: AdaptiveRate;
  clock: { t: number };
} {
  const clock = { t: 0 };
  return { rate: new AdaptiveRate({ ...options, now: () => clock.t }), clock };
}

/** Sends one request at the clock's time and answers it at once. */
function send(r: { rate: AdaptiveRate }, throttled: boolean, retryAfterMs?: number): RateTicket {
  const ticket = r.rate.take();
  r.rate.answered(
    ticket,
    throttled ? (retryAfterMs === undefined ? { throttled } : { throttled, retryAfterMs }) : { throttled },
  );
  return ticket;
}

/**
 * A server counting requests over fixed one-second windows, as the emulator does: a window starts
 * with the first request after the last one ended, and requests over `limit` in it are throttled.
 */
class FixedWindowServer {
  private start = Number.NEGATIVE_INFINITY;
  private count = 0;
  constructor(private readonly limit: number) {}
  throttles(now: number): boolean {
    if (now - this.start >= 1000) {
      this.start = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count > this.limit;
  }
}

describe('adaptive rate', () => {
  it('does not pace a server that has never throttled', () => {
    const r = rateWith();
    for (let i = 0; i < 100; i++) send(r, false);
    expect(r.rate.rate).toBe(Number.POSITIVE_INFINITY);
    expect(r.rate.earliest()).toBeLessThanOrEqual(r.clock.t);
  });

  it('cuts to 85 % of what the server accepted over the last second, and pauses until the oldest of those left its window', () => {
    const r = rateWith();
    for (let i = 0; i < 5; i++) {
      send(r, false);
      r.clock.t += 100;
    }
    // Five accepted at 0..400 ms; the sixth, at 500 ms, is throttled.
    send(r, true);
    expect(r.rate.rate).toBeCloseTo(5 * 0.85);
    expect(r.rate.pausedUntil).toBe(1050);
    expect(r.rate.earliest()).toBe(1050);
  });

  it('pauses for the Retry-After instead when the answer has one', () => {
    const r = rateWith();
    send(r, false);
    r.clock.t = 100;
    send(r, true, 3000);
    expect(r.rate.pausedUntil).toBe(3100);
  });

  it('does not pause for a Retry-After longer than it would wait for, only cuts the rate', () => {
    const r = rateWith();
    send(r, false);
    r.clock.t = 100;
    send(r, true, 3_600_000);
    expect(r.rate.rate).toBeCloseTo(0.85);
    // The guessed pause instead: until the request accepted at 0 ms has left its window.
    expect(r.rate.pausedUntil).toBe(1050);
  });

  it('cuts once for the answers to requests sent before the cut, and again for one sent after it', () => {
    const r = rateWith();
    for (let i = 0; i < 4; i++) send(r, false);
    const inFlight = [r.rate.take(), r.rate.take(), r.rate.take()];
    r.rate.answered(inFlight[0]!, { throttled: true });
    const afterFirst = r.rate.rate;
    r.rate.answered(inFlight[1]!, { throttled: true });
    r.rate.answered(inFlight[2]!, { throttled: true });
    expect(r.rate.rate).toBe(afterFirst);
    expect(r.rate.throttles).toBe(3);
    r.clock.t = 2000;
    send(r, true);
    expect(r.rate.rate).toBeLessThan(afterFirst);
  });

  it('grows back along a cubic: to the rate of the cut after recoverMs, beyond it after that', () => {
    const r = rateWith({ recoverMs: 4000 });
    for (let i = 0; i < 10; i++) send(r, false);
    send(r, true);
    expect(r.rate.rate).toBeCloseTo(8.5);
    r.clock.t += 2000;
    const half = r.rate.rate;
    expect(half).toBeGreaterThan(8.5);
    expect(half).toBeLessThan(10);
    r.clock.t += 2000;
    expect(r.rate.rate).toBeCloseTo(10);
    r.clock.t += 4000;
    expect(r.rate.rate).toBeCloseTo(11.5);
    r.clock.t += 4000;
    expect(r.rate.rate).toBeCloseTo(22);
  });

  it('never goes below the floor, even when the server accepted nothing', () => {
    const r = rateWith({ minRate: 0.5 });
    for (let i = 0; i < 6; i++) {
      send(r, true);
      r.clock.t += 5000;
      // Requests sent after the cut: each throttle is fresh.
      r.clock.t += 1;
    }
    expect(r.rate.rate).toBeGreaterThanOrEqual(0.5);
  });

  it('paces a busy client under a 5-a-second fixed-window server to most of its limit, with few throttles', () => {
    const r = rateWith();
    const server = new FixedWindowServer(5);
    let accepted = 0;
    let throttled = 0;
    // A client with always one more request to send, for a simulated minute; each answer takes 5 ms.
    while (r.clock.t < 60_000) {
      r.clock.t = Math.max(r.clock.t, Math.ceil(r.rate.earliest()));
      const ticket = r.rate.take();
      const refused = server.throttles(r.clock.t);
      r.clock.t += 5;
      r.rate.answered(ticket, { throttled: refused });
      if (refused) throttled += 1;
      else accepted += 1;
    }
    // The limit allows 300 in a minute; the first burst is throttled, then about one in thirty.
    expect(accepted).toBeGreaterThan(0.75 * 300);
    expect(throttled).toBeLessThan(0.1 * accepted);
  });
});

describe('rate gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets requests go at once until the server throttles, then one per interval, in order', async () => {
    vi.useFakeTimers();
    const now = (): number => Date.now();
    const gate = new RateGate(new AdaptiveRate({ now }), now);
    const first = await gate.acquire();
    gate.answered(first, { throttled: false });
    const second = await gate.acquire();
    // Throttled with Retry-After: 0: the rate is cut to 0.85 a second (one accepted), no pause.
    gate.answered(second, { throttled: true, retryAfterMs: 0 });
    expect(gate.pacing).toBe(true);
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => gate.acquire().then((t) => (order.push(n), t)));
    expect(gate.waiting).toBe(3);
    await vi.advanceTimersByTimeAsync(1200);
    expect(order).toEqual([1]);
    await vi.advanceTimersByTimeAsync(2400);
    expect(order).toEqual([1, 2, 3]);
    const tickets = await Promise.all(waiting);
    expect(tickets.map((t) => t.seq)).toEqual([3, 4, 5]);
  });

  it('drops a waiting request whose caller aborts, and lets the next one have its turn', async () => {
    vi.useFakeTimers();
    const now = (): number => Date.now();
    const gate = new RateGate(new AdaptiveRate({ now }), now);
    gate.answered(await gate.acquire(), { throttled: true, retryAfterMs: 5000 });
    const controller = new AbortController();
    const aborted = gate.acquire(controller.signal).catch((e: unknown) => e);
    const next = gate.acquire();
    controller.abort(new Error('cancelled'));
    expect(((await aborted) as Error).message).toBe('cancelled');
    expect(gate.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect((await next).seq).toBe(2);
  });

  it('tells when requests start being held back, with the rate and the pause asked for, and when the last has left', async () => {
    vi.useFakeTimers();
    const now = (): number => Date.now();
    const holds: RateHold[] = [];
    const gate = new RateGate(new AdaptiveRate({ now }), now, (h) => holds.push(h));
    gate.answered(await gate.acquire(), { throttled: false });
    // Nothing waited yet: an unthrottled request is not held.
    expect(holds).toEqual([]);
    gate.answered(await gate.acquire(), { throttled: true, retryAfterMs: 2000 });
    const waiting = [gate.acquire(), gate.acquire()];
    expect(holds).toEqual([{ phase: 'start', rate: 0.85, pausedMs: 2000 }]);
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(waiting);
    expect(holds).toHaveLength(2);
    expect(holds[1]).toMatchObject({ phase: 'end', requests: 2 });
    // At least the pause the server asked for.
    expect((holds[1] as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(2000);
  });
});
