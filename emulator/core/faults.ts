import type { SeededRandom } from './rng.js';

/** One injected failure for one request. */
export interface Fault {
  readonly kind: 'internal' | 'unavailable' | 'reset';
  /** True when the write is applied first and the failure is reported after it. */
  readonly afterWrite: boolean;
}

/** The knobs of {@link FaultInjector}, mirroring `--latency-ms`, `--fault-rate`, `--throttle-rps`. */
export interface FaultOptions {
  /** Mean added latency in ms; each request waits 50–150 % of it. @default 0 */
  readonly latencyMs?: number;
  /** The share of requests that fail, 0–1. @default 0 */
  readonly faultRate?: number;
  /** Requests per second above which requests get 420/503 throttled. @default unlimited */
  readonly throttleRps?: number;
  /**
   * Operations (`CreateMachineSnapshot`, `PutDirectory`, ...) whose first successful answer on each
   * path is lost: the write takes effect and the connection is reset before the answer is sent,
   * once per operation and path, so every create of a stack meets a lost answer exactly once and a
   * run replays without a seed. @default none
   */
  readonly loseAnswers?: readonly string[];
}

/**
 * Seeded latency, faults and throttling. Every decision comes from the seeded generator so that
 * `--seed` replays the same run; the stats and ping endpoints never go through it.
 */
export class FaultInjector {
  private windowStart = 0;
  private windowCount = 0;
  /** The `operation path` pairs whose answer was already lost once. */
  private readonly lost = new Set<string>();

  /**
   * @param options the knobs
   * @param random the generator deciding each request
   * @param clock the emulator clock (ms)
   */
  constructor(
    readonly options: FaultOptions,
    private readonly random: SeededRandom,
    private readonly clock: () => number,
  ) {}

  /** The latency to add to one request, in ms (0 when none is configured). */
  latency(): number {
    const mean = this.options.latencyMs ?? 0;
    return mean <= 0 ? 0 : Math.round(mean * (0.5 + this.random.next()));
  }

  /** True when this request exceeds the throttle rate (a fixed one-second window). */
  throttled(): boolean {
    const rps = this.options.throttleRps;
    if (rps === undefined || rps <= 0) return false;
    const now = this.clock();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    return this.windowCount > rps;
  }

  /**
   * The `Retry-After` of a throttle answer, in whole seconds: until the current window ends (at
   * least 1, the header's smallest step), as a server counting over windows can tell. HEAD answers
   * have no body to carry a throttle code, and Manta throttles with a 503 like a fault's, so this
   * header is what tells a client a HEAD was throttled, not failed.
   */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.windowStart + 1000 - this.clock()) / 1000));
  }

  /**
   * Decides whether this request fails and how. Half of the faults on writes happen after the
   * write was applied, so a client that retries blindly meets the object it already created.
   */
  decide(isWrite: boolean): Fault | undefined {
    const rate = this.options.faultRate ?? 0;
    if (!this.random.chance(rate)) return undefined;
    const roll = this.random.next();
    const kind = roll < 0.4 ? 'internal' : roll < 0.8 ? 'unavailable' : 'reset';
    return { kind, afterWrite: isWrite && this.random.chance(0.5) };
  }

  /**
   * True when the answer of this successful write is to be lost (`loseAnswers`): the first time the
   * operation succeeds on this path. The caller resets the connection instead of answering.
   */
  loseAnswer(operation: string, path: string): boolean {
    if (this.options.loseAnswers?.includes(operation) !== true) return false;
    const key = `${operation} ${path}`;
    if (this.lost.has(key)) return false;
    this.lost.add(key);
    return true;
  }
}
