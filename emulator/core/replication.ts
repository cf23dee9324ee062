import { EventEmitter } from 'node:events';
import type { SeededRandom } from './rng.js';

/**
 * How one reader of the account-wide directory (a datacenter's CloudAPI, or Manta's mahi) sees
 * it: its own writes at once, everyone else's when they have replicated to it.
 */
export interface ReplicaLink {
  /** The replica's name: a datacenter's, or `manta` for mahi. */
  readonly name: string;
  /** The emulator clock, ms. */
  now(): number;
  /**
   * When a write made through this replica `now` reaches every other replica (clock ms), noted
   * as pending replication.
   */
  arrival(now: number): number;
}

/** The share of the delay added as seeded jitter (0.2: a write arrives after 1 to 1.2 × the delay). */
const JITTER = 0.2;

/** How often (real ms) a pending replication looks at the clock again: an injected one moves when a test moves it. */
const POLL_MS = 50;

/**
 * UFDS replication between the datacenters of one cloud (`replicationDelayMs`): every write of
 * an account-wide object is given the time it reaches the other replicas, at least `delayMs`
 * after it was made plus a seeded jitter, and never before an earlier write (sdc-ufds' replicator
 * applies the master's changelog in order). Emits `replicated` (with the arrival time) once the
 * emulator clock passes each arrival, so tests wait on it instead of sleeping.
 */
export class Replication extends EventEmitter {
  private last = Number.NEGATIVE_INFINITY;
  private readonly pending: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param delayMs the replication delay (0: every replica sees a write at once)
   * @param random the seeded generator for the jitter
   * @param clock the emulator clock (ms)
   */
  constructor(
    readonly delayMs: number,
    private readonly random: SeededRandom,
    private readonly clock: () => number,
  ) {
    super();
  }

  /** The view of the replica `name` (a datacenter, or Manta). */
  link(name: string): ReplicaLink {
    return { name, now: this.clock, arrival: (now) => this.arrival(now) };
  }

  /** How many writes have not yet reached every replica. */
  pendingCount(): number {
    this.tick();
    return this.pending.length;
  }

  /** How long (emulator-clock ms) until every write made so far has reached every replica; 0 when none is pending. */
  msUntilReplicated(): number {
    this.tick();
    return this.pending.length === 0 ? 0 : Math.max(0, this.pending[this.pending.length - 1]! - this.clock());
  }

  /**
   * Resolves once every account-wide write made so far has reached every datacenter (and Manta);
   * at once when none is pending. With an injected clock, move it past the delay first.
   */
  replicated(): Promise<void> {
    if (this.pendingCount() === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.pending.length > 0 && !this.closed) return;
        this.off('replicated', check);
        this.off('closed', check);
        resolve();
      };
      this.on('replicated', check);
      // A wait does not outlive the emulator.
      this.once('closed', check);
      this.schedule();
    });
  }

  /** Notes the arrivals the clock has passed, emitting `replicated` for each. */
  tick(): void {
    const now = this.clock();
    while (this.pending.length > 0 && this.pending[0]! <= now) this.emit('replicated', this.pending.shift()!);
    if (this.pending.length === 0 && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** Stops the timer (the emulator closes): nothing replicates afterwards, and waits end. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.emit('closed');
  }

  private arrival(now: number): number {
    const at = now + this.delayMs + Math.floor(this.random.next() * this.delayMs * JITTER);
    this.last = Math.max(this.last, at);
    this.pending.push(this.last);
    this.schedule();
    return this.last;
  }

  private schedule(): void {
    if (this.closed || this.timer !== undefined || this.pending.length === 0) return;
    const wait = Math.max(0, Math.min(this.pending[0]! - this.clock(), POLL_MS));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.tick();
      this.schedule();
    }, wait);
    this.timer.unref();
  }
}
