import type { SeededRandom } from './rng.js';

/**
 * How one request reads versioned data: `cutoff` undefined means current; otherwise the read sees,
 * for each object, the newest version written at or before `cutoff` (clock ms).
 */
export interface ReadView {
  readonly cutoff: number | undefined;
}

/** The current view: what every write, and every read outside a window, sees. */
export const CURRENT_VIEW: ReadView = { cutoff: undefined };

/**
 * The simulated eventual consistency (`--consistency-window-ms`). Each read request asks for one
 * view; with the seeded generator deciding, it is either current or `window` ms in the past, so a
 * just-written object may be missing or old. Writes always see the current state.
 */
export class ConsistencyModel {
  /** When the last write request was handled (clock ms); the start time before any. */
  private lastWriteAt: number;

  /**
   * @param windowMs the window W; 0 makes the emulator strongly consistent
   * @param staleReadRate the share of reads inside the window that see the past (1 = always)
   * @param random the seeded generator that decides per read
   * @param clock the emulator clock (ms)
   */
  constructor(
    readonly windowMs: number,
    readonly staleReadRate: number,
    private readonly random: SeededRandom,
    private readonly clock: () => number,
  ) {
    // What the emulator loaded from its data directory may have been written just before a restart.
    this.lastWriteAt = clock();
  }

  /** Notes that a write request has been handled, for {@link msUntilSettled}. */
  noteWrite(): void {
    this.lastWriteAt = this.clock();
  }

  /**
   * How long until every write handled so far is older than the window, so that every read sees
   * it and no cache lags it: 0 when that is already so, and always 0 without a window.
   */
  msUntilSettled(): number {
    if (this.windowMs <= 0) return 0;
    return Math.max(0, this.lastWriteAt + this.windowMs - this.clock());
  }

  /** The view for one read request. */
  readView(): ReadView {
    if (this.windowMs <= 0) return CURRENT_VIEW;
    if (!this.random.chance(this.staleReadRate)) return CURRENT_VIEW;
    return { cutoff: this.clock() - this.windowMs };
  }

  /**
   * True when an object created at `createdAt` is not yet visible to the directory and
   * authorization caches (role member and policy checks, role-tag role names, new keys). This part
   * is not random: the real caches lag every time.
   */
  isTooNew(createdAt: number | undefined): boolean {
    return createdAt !== undefined && this.windowMs > 0 && this.clock() - createdAt < this.windowMs;
  }
}
