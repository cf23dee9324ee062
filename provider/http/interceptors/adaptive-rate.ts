/**
 * An adaptive request rate for one service (AIMD, as TCP's congestion control, over requests per
 * second instead of bytes in flight).
 *
 * Servers throttle by rate, not by concurrency: CloudAPI (restify's throttle) and the emulator count
 * requests per second, so on loopback even one request at a time is far over a limit of 5 a second,
 * and the concurrency limit (`adaptive-limit.ts`) alone cannot stop the throttling. So:
 * - the rate starts unlimited: a server that never throttles is never paced;
 * - on a throttle answer, the rate becomes `decrease` times what the server accepted over the last
 *   `windowMs` (what it counts over; a second for every server we know), and sending pauses for
 *   the answer's `Retry-After`, or without one until the oldest of those accepted requests has left
 *   the server's window. Without that pause a server counting over a fixed window would throttle
 *   every request up to the window's end, and each would cut the rate again. One cut per round:
 *   answers to requests sent before the last cut say nothing new;
 * - then it grows back along a cubic in the time since the cut (after TCP CUBIC): quickly at
 *   first, flat around the rate of the cut (reached after `recoverMs`: about the server's limit, so
 *   the client stays near it for a while instead of going over it again at once), then faster and
 *   faster beyond it, so that a limit that rose, or a share another client no longer uses, is found
 *   again within a few `recoverMs`;
 * - requests leave evenly spaced at the rate (no bursts): `windowMs` worth of requests never exceeds
 *   the rate's share of the window, whatever the server's window alignment.
 * The rate never goes below `minRate`, so a throttled service is still worked on.
 *
 * {@link AdaptiveRate} is the bookkeeping (pure, apart from an injectable clock), {@link RateGate}
 * the queue and its timer, {@link adaptiveRateInterceptor} the interceptor. It sits inside the retry
 * interceptor, so a retried request waits for its turn like any other, and inside the concurrency
 * limit (`service.ts` says why).
 */
import type { Interceptor } from '../types.js';
import { headerValue } from '../types.js';
import { parseRetryAfter } from './retry.js';

/** Options of {@link AdaptiveRate}. */
export interface AdaptiveRateOptions {
  /** The floor, in requests per second. @default 0.5 */
  readonly minRate?: number;
  /** The span a server counts requests over, in ms. @default 1000 */
  readonly windowMs?: number;
  /** On a throttle, the rate becomes this share of what the server accepted over the last window. @default 0.85 */
  readonly decrease?: number;
  /** How long after a cut the rate is back at the rate of the cut, in ms. @default 4000 */
  readonly recoverMs?: number;
  /**
   * The longest `Retry-After` paused for; the retry interceptor does not wait for a longer one
   * either (its `maxRetryAfterMs`), and the request fails: a longer one only cuts the rate.
   * @default 60000
   */
  readonly maxPauseMs?: number;
  /** The clock, in ms. @default performance.now */
  readonly now?: () => number;
}

/** One request's departure: its number and when it left. */
export interface RateTicket {
  readonly seq: number;
  readonly sentAt: number;
}

/** What a request's answer teaches: `undefined` when none came (a network failure teaches nothing). */
export type RateOutcome = { readonly throttled: false } | { readonly throttled: true; readonly retryAfterMs?: number };

/** Margin added to the end of the server's window: its clock and ours, and the time on the wire. */
const WINDOW_MARGIN = 0.05;

/** The rate's bookkeeping. One per service. */
export class AdaptiveRate {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private pausedUntilValue = Number.NEGATIVE_INFINITY;
  /** Requests are numbered as they leave; a cut applies to answers of requests after `cutAt`. */
  private sent = 0;
  private cutAt = 0;
  /** The rate the last cut started from (about the server's limit), or undefined before any cut. */
  private ceiling: number | undefined;
  private cutTime = 0;
  /** When the requests the server accepted left (answers come out of order: not sorted). */
  private accepted: number[] = [];
  private readonly minRate: number;
  private readonly windowMs: number;
  private readonly decrease: number;
  private readonly recoverMs: number;
  private readonly maxPauseMs: number;
  private readonly now: () => number;
  /** Throttle answers seen (all, fresh or not). */
  throttles = 0;

  constructor(options: AdaptiveRateOptions = {}) {
    this.minRate = options.minRate ?? 0.5;
    this.windowMs = options.windowMs ?? 1000;
    this.decrease = options.decrease ?? 0.85;
    this.recoverMs = options.recoverMs ?? 4000;
    this.maxPauseMs = options.maxPauseMs ?? 60_000;
    this.now = options.now ?? (() => performance.now());
    if (!(this.minRate > 0)) throw new RangeError(`the least rate must be positive, got ${String(this.minRate)}`);
    if (!(this.windowMs > 0)) throw new RangeError(`the window must be positive, got ${String(this.windowMs)}`);
    if (!(this.recoverMs > 0))
      throw new RangeError(`the recovery time must be positive, got ${String(this.recoverMs)}`);
    if (!(this.decrease > 0 && this.decrease < 1))
      throw new RangeError(`the decrease must be between 0 and 1, got ${String(this.decrease)}`);
  }

  /** The current rate in requests per second (`Infinity` until the server first throttles). */
  get rate(): number {
    if (this.ceiling === undefined) return Number.POSITIVE_INFINITY;
    // ceiling · (1 − (1 − decrease) · (1 − t/recover)³): the cut rate at t = 0, the ceiling at
    // t = recover, then ever faster beyond it.
    const x = (this.now() - this.cutTime) / this.recoverMs - 1;
    return Math.max(this.minRate, this.ceiling * (1 + (1 - this.decrease) * x * x * x));
  }

  /** Until when sending is paused (after a throttle), on the clock. */
  get pausedUntil(): number {
    return this.pausedUntilValue;
  }

  /** When the next request may leave, on the clock: a pacing interval after the last, and not in a pause. */
  earliest(): number {
    return Math.max(this.lastSentAt + 1000 / this.rate, this.pausedUntilValue);
  }

  /** A request leaves now. */
  take(): RateTicket {
    const now = this.now();
    // From when it actually left: a late timer shifts the schedule instead of bunching requests.
    this.lastSentAt = now;
    return { seq: ++this.sent, sentAt: now };
  }

  /** Learns from the answer to the request of `ticket`. */
  answered(ticket: RateTicket, outcome: RateOutcome | undefined): void {
    if (outcome === undefined) return;
    if (outcome.throttled) this.throttled(ticket, outcome.retryAfterMs);
    else this.acceptedAnswer(ticket);
  }

  private throttled(ticket: RateTicket, retryAfterMs: number | undefined): void {
    const now = this.now();
    this.throttles += 1;
    const pause = retryAfterMs !== undefined && retryAfterMs <= this.maxPauseMs ? retryAfterMs : undefined;
    if (pause !== undefined) this.pausedUntilValue = Math.max(this.pausedUntilValue, now + pause);
    if (ticket.seq <= this.cutAt) return;
    this.cut(ticket, now, pause === undefined);
  }

  /**
   * Cuts the rate after a fresh throttle answer to the request of `ticket`.
   * @param guessPause no `Retry-After` came: pause until the server's window has likely moved on
   */
  private cut(ticket: RateTicket, now: number, guessPause: boolean): void {
    const from = ticket.sentAt - this.windowMs;
    const inWindow = this.accepted.filter((t) => t > from && t <= ticket.sentAt);
    const observed = (inWindow.length * 1000) / this.windowMs;
    const current = this.rate;
    // Nothing accepted lately (another client used the allowance): cut from the rate in force.
    const base = observed > 0 ? Math.min(current, observed) : Number.isFinite(current) ? current : 2 * this.minRate;
    this.ceiling = Math.max(this.minRate, base);
    this.cutTime = now;
    this.cutAt = this.sent;
    if (!guessPause) return;
    const oldest = inWindow.length > 0 ? Math.min(...inWindow) : now;
    const windowEnd = oldest + this.windowMs * (1 + WINDOW_MARGIN);
    this.pausedUntilValue = Math.max(this.pausedUntilValue, Math.min(windowEnd, now + this.windowMs));
  }

  private acceptedAnswer(ticket: RateTicket): void {
    const horizon = this.now() - 2 * this.windowMs;
    if (this.accepted.length > 0 && this.accepted.length % 64 === 0)
      this.accepted = this.accepted.filter((t) => t > horizon);
    this.accepted.push(ticket.sentAt);
  }
}

interface Waiter {
  readonly resolve: (ticket: RateTicket) => void;
  readonly reject: (reason: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * What a {@link RateGate} tells about requests held back by the rate: `start` when one has to wait
 * (none was waiting), `end` when the last waiting one has left, so that a caller can say the run is
 * waiting on the server's rate limit, and for how long.
 */
export type RateHold =
  | {
      readonly phase: 'start';
      /** The rate requests leave at now, in requests per second. */
      readonly rate: number;
      /** How much of a pause the server asked for (`Retry-After`, or the end of its window) is left, in ms. */
      readonly pausedMs: number;
    }
  | {
      readonly phase: 'end';
      readonly durationMs: number;
      /** How many requests waited during the hold. */
      readonly requests: number;
    };

/** Requests waiting for the rate, in order, and the one timer that lets the first go. */
export class RateGate {
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** When the current hold began (requests waiting since), and how many have waited in it. */
  private holdStart: number | undefined;
  private held = 0;

  /**
   * @param rate the bookkeeping
   * @param now the clock `rate` uses
   * @param onHold told when requests start being held back and when the last has left
   */
  constructor(
    readonly rate: AdaptiveRate,
    private readonly now: () => number = () => performance.now(),
    private readonly onHold?: (hold: RateHold) => void,
  ) {}

  /** True once the server has throttled: requests are then paced at {@link AdaptiveRate.rate}. */
  get pacing(): boolean {
    return Number.isFinite(this.rate.rate);
  }

  /** Requests waiting now. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Waits for the request's turn; rejects with the signal's reason when it is aborted first. */
  acquire(signal?: AbortSignal): Promise<RateTicket> {
    signal?.throwIfAborted();
    if (this.queue.length === 0 && this.rate.earliest() <= this.now()) return Promise.resolve(this.rate.take());
    return new Promise<RateTicket>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          reject(signal?.reason);
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.held += 1;
      if (this.holdStart === undefined) {
        this.holdStart = this.now();
        this.onHold?.({
          phase: 'start',
          rate: this.rate.rate,
          pausedMs: Math.max(0, this.rate.pausedUntil - this.holdStart),
        });
      }
      this.pump();
    });
  }

  /** Learns from an answer; the pause or pace may have changed, so the timer is set again. */
  answered(ticket: RateTicket, outcome: RateOutcome | undefined): void {
    this.rate.answered(ticket, outcome);
    this.pump();
  }

  private pump(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length > 0) {
      const wait = this.rate.earliest() - this.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, Math.ceil(wait));
        return;
      }
      const waiter = this.queue.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.rate.take());
    }
    this.endHold();
  }

  /** Ends the hold once nothing waits (the queue drained, or its last waiter was aborted). */
  private endHold(): void {
    if (this.holdStart === undefined || this.queue.length > 0) return;
    const durationMs = this.now() - this.holdStart;
    const requests = this.held;
    this.holdStart = undefined;
    this.held = 0;
    this.onHold?.({ phase: 'end', durationMs, requests });
  }
}

/**
 * The interceptor: each request waits for its turn at `gate`'s rate, and its answer (marked by
 * `throttle-mark.ts` as a throttle or not) teaches the rate.
 */
export function adaptiveRateInterceptor(gate: RateGate): Interceptor {
  return (next) => async (request) => {
    const ticket = await gate.acquire(request.signal);
    let outcome: RateOutcome | undefined;
    try {
      const response = await next(request);
      if (response.throttled === true) {
        const retryAfterMs = parseRetryAfter(headerValue(response.headers, 'retry-after'));
        outcome = retryAfterMs === undefined ? { throttled: true } : { throttled: true, retryAfterMs };
      } else outcome = { throttled: false };
      return response;
    } finally {
      gate.answered(ticket, outcome);
    }
  };
}
