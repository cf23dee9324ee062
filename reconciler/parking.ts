/**
 * Waiting out the consistency window without holding one of the parallel places, and without
 * probing the server over and over.
 *
 * A write the server refuses because what it references is not visible yet ("Invalid subuser" right
 * after CreateUser) is parked: it gives up its place in the apply graph's walk (so other actions
 * run meanwhile) and is released when the reference is likely visible. "Likely" is learned from the
 * refusals, per kind of write (a role's member check lags; a key's user does not):
 *
 * - until the first answer to a write of a kind that references something this run just wrote, the
 *   other such writes of that kind wait for it (one round trip): it is the scout, and a cloud
 *   without lag costs that one round trip, where sending them all at once cost a refusal each;
 * - every refusal says the lag is longer than the time from the reference's write to the refused
 *   request (`lo`); a write that went through says it is at most the time to its answer (`hi`).
 *   The answer, not the sending: on a busy machine a request waits in the event loop after it is
 *   "sent", so the server saw it later than the client thinks, and a lag learned from the sending
 *   was shorter than the server's; every write released by it was refused again (CI saw 30 extra
 *   role writes for 20 roles). A first write that went through without a refusal is such a bound
 *   too: a scout that happened to go late proves nothing about going early;
 * - while `hi` is unknown, one parked write of the kind (the prober) tries again at a growing
 *   interval and the others wait for what it finds, so the probes stay a handful per kind, not a
 *   handful per write;
 * - once `hi` is known, every parked write is released `hi` after its own reference's write, and a
 *   new write of that kind referencing a fresh object waits that long before its first attempt.
 *
 * None of this decides *whether* to retry: `decideRetry` (consistency.ts) does, and every wait here
 * ends by the window's end, where the last attempt is made as before.
 */
import type { WalkSlot } from './graph.js';

/**
 * Runs `wait` without holding `slot`'s place in the walk (when there is one). The slot is passed
 * along explicitly (in the retry context), not found through an AsyncLocalStorage: in Node 20 that
 * turns on promise hooks for the whole process, which made every await of an apply several times
 * costlier.
 */
export function waitAway<T>(slot: WalkSlot | undefined, wait: () => Promise<T>): Promise<T> {
  return slot ? slot.away(wait) : wait();
}

/** What one kind of write has shown about the lag. */
interface KindLag {
  /** The longest time from a reference's write to a request that was refused: the lag is longer. */
  lo: number;
  /** The shortest such time after which a refused write went through: the lag is at most this. */
  hi: number | undefined;
  /** The parked write currently probing, while `hi` is unknown. */
  prober: object | undefined;
  /** Whether any write of the kind was refused (else the kind may have no lag at all). */
  refusedOnce: boolean;
  /** The first write of the kind, before any answer: the others wait for its outcome. */
  scout: object | undefined;
  /** Resolves (and is replaced) whenever `lo`, `hi` or the prober change. */
  changed: { promise: Promise<void>; resolve: () => void };
}

/** Tuning of {@link VisibilityLag}. */
export interface VisibilityLagOptions {
  /** Smallest step between probes, ms. @default 50 */
  readonly minStepMs?: number;
  /** Each probe waits this many times longer than the last refused one. @default 1.5 */
  readonly growth?: number;
  /**
   * The consistency window the run was given: a server that keeps to it sees a reference by then,
   * so while the refusals are earlier than it, a probe is not scheduled later than one step past it
   * (the settle margin past it is for servers that do not). Without it, probes only grow.
   */
  readonly windowMs?: number;
  /** The clock. @default Date.now */
  readonly now?: () => number;
}

/** One write's place in the learning: pass the same ticket for all attempts of one write. */
export type ParkingTicket = object;

/** Learns, per kind of write, how long references take to become visible, and parks writes accordingly. */
export class VisibilityLag {
  private readonly kinds = new Map<string, KindLag>();
  private readonly minStep: number;
  private readonly growth: number;
  private readonly windowMs: number | undefined;
  private readonly now: () => number;

  constructor(options: VisibilityLagOptions = {}) {
    this.minStep = options.minStepMs ?? 50;
    this.growth = options.growth ?? 1.5;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
  }

  /** A new ticket for one write (all its attempts). */
  ticket(): ParkingTicket {
    return {};
  }

  /** The request of `kind` sent at `sentAt` was refused: its reference, written at `writtenAt`, is not visible yet. */
  refused(kind: string, ticket: ParkingTicket, writtenAt: number, sentAt: number): void {
    const k = this.kindLag(kind);
    const elapsed = sentAt - writtenAt;
    k.refusedOnce = true;
    if (k.scout === ticket) k.scout = undefined;
    k.lo = Math.max(k.lo, elapsed);
    // Refused past the estimate: the estimate was wrong; learn again from here.
    if (k.hi !== undefined && k.hi <= k.lo) k.hi = undefined;
    if (k.hi === undefined && k.prober === undefined) k.prober = ticket;
    this.signal(k);
  }

  /** A request of `kind` was answered (went through) `answeredAt - writtenAt` after its reference's write. */
  visible(kind: string, ticket: ParkingTicket, writtenAt: number, answeredAt: number): void {
    const k = this.kinds.get(kind);
    if (k === undefined) return;
    const elapsed = answeredAt - writtenAt;
    if (elapsed > k.lo) k.hi = Math.min(k.hi ?? Infinity, Math.max(0, elapsed));
    if (k.prober === ticket) k.prober = undefined;
    if (k.scout === ticket) k.scout = undefined;
    this.signal(k);
  }

  /** The write holding `ticket` is over (done or given up): another may scout or probe. */
  release(kind: string, ticket: ParkingTicket): void {
    const k = this.kinds.get(kind);
    if (k === undefined || (k.prober !== ticket && k.scout !== ticket)) return;
    if (k.prober === ticket) k.prober = undefined;
    if (k.scout === ticket) k.scout = undefined;
    this.signal(k);
  }

  /**
   * How long after its reference's write a write of `kind` should be (re)tried, or `undefined` when
   * it should wait for the prober. Pure with respect to the learned state.
   */
  releaseAfter(kind: string, ticket: ParkingTicket): number | undefined {
    const k = this.kindLag(kind);
    if (k.hi !== undefined) return k.hi;
    if (!k.refusedOnce) {
      k.scout ??= ticket;
      return k.scout === ticket ? 0 : undefined;
    }
    if (k.prober === undefined) k.prober = ticket;
    if (k.prober !== ticket) return undefined;
    const next = Math.max(k.lo * this.growth, k.lo + this.minStep);
    // Growing past the window would learn a lag longer than the server's (every parked write then
    // waits that much longer): the probe just past the window (one step, for a timer that fires a
    // millisecond early and a server that counts from a moment later) is the one that tells.
    return this.windowMs !== undefined && k.lo < this.windowMs ? Math.min(next, this.windowMs + this.minStep) : next;
  }

  /**
   * Parks a write of `kind` whose latest reference was written at `writtenAt` until it is likely
   * visible, at most until `endAt` (the window's end, where `decideRetry` makes the last attempt).
   * A write that may go now returns at once, keeping its place; one that waits gives up `slot`'s
   * place meanwhile.
   */
  async park(
    kind: string,
    ticket: ParkingTicket,
    writtenAt: number,
    endAt: number,
    slot: WalkSlot | undefined,
  ): Promise<void> {
    const now = this.now();
    if (now >= endAt) return;
    const after = this.releaseAfter(kind, ticket);
    if (after !== undefined && writtenAt + after <= now) return;
    await waitAway(slot, async () => {
      for (;;) {
        const now = this.now();
        if (now >= endAt) return;
        const after = this.releaseAfter(kind, ticket);
        if (after !== undefined) {
          await sleep(Math.min(writtenAt + after, endAt) - now);
          return;
        }
        // Wait for the prober's news, or the window's end.
        await sleep(endAt - now, this.kinds.get(kind)!.changed.promise);
      }
    });
  }

  private kindLag(kind: string): KindLag {
    let k = this.kinds.get(kind);
    if (k === undefined) {
      k = {
        lo: 0,
        hi: undefined,
        prober: undefined,
        refusedOnce: false,
        scout: undefined,
        changed: deferred(),
      };
      this.kinds.set(kind, k);
    }
    return k;
  }

  private signal(k: KindLag): void {
    const old = k.changed;
    k.changed = deferred();
    old.resolve();
  }
}

/** Waits `ms`, or until `until` settles; never keeps the process alive after it returns. An action in flight finishes even when the run is cancelled. */
async function sleep(ms: number, until?: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))));
  try {
    await (until ? Promise.race([elapsed, until]) : elapsed);
  } finally {
    clearTimeout(timer);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
