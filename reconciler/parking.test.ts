import { describe, expect, it } from 'vitest';
import { VisibilityLag } from './parking.js';

describe('learning how long a write waits for its references', () => {
  it('sends the first write of a kind at once and holds the others until its answer; then each goes no sooner after its reference than the scout was answered', () => {
    const lag = new VisibilityLag();
    const scout = lag.ticket();
    const other = lag.ticket();
    expect(lag.releaseAfter('role', scout)).toBe(0);
    expect(lag.releaseAfter('role', other)).toBeUndefined();
    lag.visible('role', scout, 1000, 1010);
    expect(lag.releaseAfter('role', other)).toBe(10);
    expect(lag.releaseAfter('role', lag.ticket())).toBe(10);
  });

  it('learns from a scout that went late only that the lag is at most that long, so an early write still waits', () => {
    // On a busy machine the first role went 284 ms after its users: that proves nothing about 5 ms.
    const lag = new VisibilityLag();
    const scout = lag.ticket();
    lag.releaseAfter('role', scout);
    lag.visible('role', scout, 0, 284);
    expect(lag.releaseAfter('role', lag.ticket())).toBe(284);
  });

  it('lets the next write scout when the scout gives up without an answer about visibility', () => {
    const lag = new VisibilityLag();
    const scout = lag.ticket();
    const other = lag.ticket();
    expect(lag.releaseAfter('role', scout)).toBe(0);
    lag.release('role', scout);
    expect(lag.releaseAfter('role', other)).toBe(0);
  });

  it('lets one refused write probe at a growing interval and makes the others wait for what it finds', () => {
    const lag = new VisibilityLag({ minStepMs: 10, growth: 1.5 });
    const prober = lag.ticket();
    const other = lag.ticket();
    lag.refused('role', prober, 1000, 1040);
    lag.refused('role', other, 1000, 1045);
    expect(lag.releaseAfter('role', prober)).toBe(67.5);
    expect(lag.releaseAfter('role', other)).toBeUndefined();
    lag.refused('role', prober, 1000, 1100);
    expect(lag.releaseAfter('role', prober)).toBe(150);
    // Seen through 180 ms after its reference's write: every parked write of the kind goes 180 ms after its own.
    lag.visible('role', prober, 1000, 1180);
    expect(lag.releaseAfter('role', other)).toBe(180);
    expect(lag.releaseAfter('user-key', other)).toBe(0);
  });

  it('never schedules a probe more than a step past the declared window while the refusals came earlier', () => {
    const lag = new VisibilityLag({ minStepMs: 10, growth: 1.5, windowMs: 3000 });
    const prober = lag.ticket();
    lag.refused('role', prober, 0, 2500);
    // 1.5 times the longest refusal would be 3750 ms: the probe one step past 3000 ms tells whether the server keeps to its window.
    expect(lag.releaseAfter('role', prober)).toBe(3010);
    // Refused even at the window: the server is slower than it said; probes grow again (up to the window's end, by park).
    lag.refused('role', prober, 0, 3000);
    expect(lag.releaseAfter('role', prober)).toBe(4500);
  });

  it('learns again when a write is refused past the estimate', () => {
    const lag = new VisibilityLag({ minStepMs: 10, growth: 2 });
    const a = lag.ticket();
    const b = lag.ticket();
    lag.refused('role', a, 0, 50);
    lag.visible('role', a, 0, 100);
    expect(lag.releaseAfter('role', b)).toBe(100);
    lag.refused('role', b, 0, 120);
    // b is the prober now: twice the longest refusal.
    expect(lag.releaseAfter('role', b)).toBe(240);
    expect(lag.releaseAfter('role', a)).toBeUndefined();
    lag.release('role', b);
    expect(lag.releaseAfter('role', a)).toBe(240);
  });
});
