/**
 * Adaptive concurrency (after TCP's AIMD congestion control): how many requests one service has in
 * flight. It starts at the cap (the user's `--parallelism`) and
 * - halves on a throttle or an overload answer (420, 429, 503), at most once per round of requests
 *   (the answers to requests sent before the last cut say nothing new); a throttle answer not when
 *   an adaptive rate (`adaptive-rate.ts`) answers throttling instead (`throttlesPaced`);
 * - shrinks by a fifth when latency rises: the average latency of the last ten or so answers is
 *   more than `latencyTolerance` times the long-run average (of the last hundred or so), while the
 *   limit is in use (the server, or a queue in front of it, is falling behind; after Netflix's
 *   gradient limiter, since latencies that merely vary, one request slower than the next, keep the
 *   two averages together where a minimum would not);
 * - grows by one per round of answers that came back fine while the limit was in use, back up to
 *   the cap; started below the cap (`initial`), it first grows by one per such answer, doubling
 *   each round as TCP's slow start does, until the cap or the first cut.
 * Requests over the limit wait in order; a request marked wide (the interceptor's `wide`) may go
 * out up to the cap whatever the limit. The limit never goes below `min` (1), so a throttled
 * service is still worked on, one request at a time. It sits inside the retry interceptor: a
 * request waiting to be retried holds no place.
 */
import { isStreamedBody, type Interceptor, type TritonRequest } from '../types.js';

/** Options of {@link AdaptiveLimit}. */
export interface AdaptiveLimitOptions {
  /** The cap: never more in flight than this. */
  readonly max: number;
  /** The floor. @default 1 */
  readonly min?: number;
  /** Starting limit; below `max`, the limit doubles each round of fine answers up to `max`. @default max */
  readonly initial?: number;
  /** A short-run latency this many times the long-run one counts as rising. @default 2 */
  readonly latencyTolerance?: number;
  /** The clock. @default performance.now */
  readonly now?: () => number;
}

/** One request's place: its number, when it started, and whether the limit was in use then. */
export interface LimitTicket {
  readonly seq: number;
  readonly startedAt: number;
  readonly inUse: boolean;
}

/** Statuses that mean "send less": throttled (420, 429) or overloaded (503). */
const BACK_OFF_STATUSES = new Set([420, 429, 503]);
/** Weight of one answer in the short-run latency average (about the last ten answers). */
const SHORT_RUN = 0.1;
/** Weight of one answer in the long-run average (about the last hundred): a server that became slower for good becomes the norm. */
const LONG_RUN = 0.01;

/** The limit and its queue. One per service; pure bookkeeping apart from the clock. */
export class AdaptiveLimit {
  private limitValue: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly max: number;
  private readonly min: number;
  private readonly tolerance: number;
  private readonly now: () => number;
  /** Requests are numbered as they start; a cut applies to answers of requests after `cutAt`. */
  private sent = 0;
  private cutAt = 0;
  private shortRun: number | undefined;
  private longRun: number | undefined;
  /** Answers in the current round while the limit was in use (growth happens per full round). */
  private fineInRound = 0;
  /** Started below the cap and not cut yet: grows by one per fine answer. */
  private slowStart: boolean;

  constructor(options: AdaptiveLimitOptions) {
    if (!Number.isInteger(options.max) || options.max < 1)
      throw new RangeError(`the concurrency cap must be a positive integer, got ${String(options.max)}`);
    this.max = options.max;
    this.min = Math.min(options.max, Math.max(1, options.min ?? 1));
    this.limitValue = Math.min(this.max, Math.max(this.min, options.initial ?? options.max));
    this.slowStart = this.limitValue < this.max;
    this.tolerance = options.latencyTolerance ?? 2;
    this.now = options.now ?? (() => performance.now());
  }

  /** The current limit (whole requests). */
  get limit(): number {
    return Math.floor(this.limitValue);
  }

  /** Requests in flight now. */
  get active(): number {
    return this.inFlight;
  }

  /**
   * Waits for a place; returns the request's ticket, to pass to {@link done}.
   * @param wide the request may take a place up to the cap, whatever the limit (when none waits)
   */
  async acquire(wide = false): Promise<LimitTicket> {
    const limit = wide && this.waiting.length === 0 ? this.max : this.limit;
    if (this.inFlight >= limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    // The limit is in use when at least half of it is: only then do answers say it could be higher.
    return { seq: ++this.sent, startedAt: this.now(), inUse: this.inFlight * 2 >= this.limit };
  }

  /**
   * Gives the place back and learns from the answer.
   * @param status the answer's status, or 0 when none came (a network failure teaches nothing)
   * @param timed whether the request's latency is comparable with others' (not an upload of a stream)
   */
  done(ticket: LimitTicket, status: number, timed = true): void {
    this.inFlight--;
    if (status !== 0) this.learn(ticket, status, timed);
    this.wake();
  }

  private learn(ticket: LimitTicket, status: number, timed: boolean): void {
    const fresh = ticket.seq > this.cutAt;
    if (BACK_OFF_STATUSES.has(status)) {
      if (fresh) this.cut(0.5);
      return;
    }
    if (!timed) return;
    const latency = this.now() - ticket.startedAt;
    this.longRun = this.longRun === undefined ? latency : this.longRun + LONG_RUN * (latency - this.longRun);
    this.shortRun = this.shortRun === undefined ? latency : this.shortRun + SHORT_RUN * (latency - this.shortRun);
    if (!ticket.inUse) return;
    if (fresh && this.shortRun > this.tolerance * Math.max(this.longRun, 1)) {
      this.cut(0.8);
      return;
    }
    if (this.slowStart) {
      this.limitValue = Math.min(this.max, this.limitValue + 1);
      this.slowStart = this.limitValue < this.max;
      return;
    }
    if (++this.fineInRound >= this.limit) {
      this.fineInRound = 0;
      this.limitValue = Math.min(this.max, this.limitValue + 1);
    }
  }

  private cut(factor: number): void {
    this.limitValue = Math.max(this.min, this.limitValue * factor);
    this.slowStart = false;
    this.cutAt = this.sent;
    this.fineInRound = 0;
    // The short-run average restarts from the next answers: the old one caused this cut.
    this.shortRun = undefined;
  }

  private wake(): void {
    while (this.waiting.length > 0 && this.inFlight < this.limit) {
      this.inFlight++;
      this.waiting.shift()!();
    }
  }
}

/** Options of {@link adaptiveLimitInterceptor}. */
export interface AdaptiveLimitInterceptorOptions {
  /**
   * An adaptive rate (`adaptive-rate.ts`) answers throttling: a throttle answer then teaches the
   * concurrency nothing (a rate limit is not a sign of too many requests in flight, and halving
   * both would slow the client twice for one cause). @default false
   */
  readonly throttlesPaced?: boolean;
  /**
   * True while an adaptive rate inside this limit paces requests: their latency then includes the
   * wait for their turn, which says nothing about the server, so it neither cuts nor grows the
   * limit. @default - never
   */
  readonly paced?: () => boolean;
  /**
   * Requests that go out up to the cap whatever the limit (its answers still teach it): reads,
   * before any throttle answer, when an adaptive rate learns the server's limit from that answer.
   * A read repeats safely and a throttled one costs only its retry; holding the first reads to a
   * limit that doubles per round trip cost every command two or three round trips (issue 30).
   * @default - none
   */
  readonly wide?: (request: TritonRequest) => boolean;
}

/**
 * The interceptor: each request waits for a place under `limit`. The place is held until the answer's
 * headers arrive (its body then streams on its own connection).
 */
export function adaptiveLimitInterceptor(
  limit: AdaptiveLimit,
  options: AdaptiveLimitInterceptorOptions = {},
): Interceptor {
  return (next) => async (request) => {
    const ticket = await limit.acquire(options.wide?.(request) === true);
    let status = 0;
    try {
      const response = await next(request);
      status = response.throttled === true && options.throttlesPaced === true ? 0 : response.status;
      return response;
    } finally {
      // An upload's time is its size over the link, not the server's state; a paced request's
      // includes its wait for the rate.
      limit.done(ticket, status, !isStreamedBody(request.body) && options.paced?.() !== true);
    }
  };
}
