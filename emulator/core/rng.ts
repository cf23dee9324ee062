/**
 * A small seeded pseudo-random generator (mulberry32). The emulator never uses `Math.random` for
 * behaviour a test can observe, so that `--seed N` replays the same faults and stale reads.
 */
export class SeededRandom {
  private state: number;

  /** @param seed any integer; equal seeds give equal sequences */
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return p > 0 && this.next() < p;
  }
}
