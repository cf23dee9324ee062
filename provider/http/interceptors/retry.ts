/**
 * Retries throttled and transient failures with exponential backoff and full jitter (a first fault
 * of a request is tried again at once: see `faultBackoff`).
 *
 * Only idempotent requests are repeated after a response or a mid-flight failure: a POST may have
 * taken effect even if its answer was lost. The exceptions are a refused connection, where the
 * server provably received nothing, and a throttle answer: both servers throttle in front of their
 * handlers (restify's throttle, Muskie's request queue), so a throttled request did nothing. A plain
 * stream body cannot be replayed, so it is never retried; a reopenable one (a file, a range of one)
 * is opened afresh for each attempt.
 *
 * Throttling is the server saying "slow down", not a failure: throttle answers (marked by
 * `throttle-mark.ts`) do not use up the `maxAttempts` of faults. They have their own, generous,
 * budget (`maxThrottledAttempts` answers, `maxThrottledMs` since the first), so that a server that
 * throttles for ever still ends the run, with an error that says so. Their wait is the server's
 * `Retry-After`; without one it is the adaptive rate's (`adaptive-rate.ts`, inside this
 * interceptor: the retried request queues at the reduced rate), or a backoff when there is none.
 *
 * The error of a request that was retried carries `attempts`: a caller with its own retry loop (the
 * engine) then does not retry it again, so the two layers never multiply (4 transport attempts under
 * 6 engine attempts made 24 requests of one throttled call).
 */
import { Readable } from 'node:stream';
import { TUNABLE_DEFAULTS, type RetryPolicy } from '../../../common/tunables.js';
import { setTimeout as sleepTimer } from 'node:timers/promises';
import { TritonApiError } from '../../errors.js';
import { NETWORK_ERROR_CODES, THROTTLE_STATUSES, TRANSIENT_STATUSES } from '../../../common/contract/failure-facts.js';
import { transportCode } from '../core.js';
import {
  discardBody,
  headerValue,
  isIdempotent,
  type Interceptor,
  type TritonRequest,
  type TritonResponse,
} from '../types.js';

/**
 * Options of {@link retryInterceptor}: the one retry policy (`common/tunables.ts`, defaults there)
 * and the transport's own hooks. The engine-only fields (`consistencyWindowMs`, `settleMarginMs`)
 * are not read here.
 */
export interface RetryOptions extends RetryPolicy {
  /**
   * An adaptive rate inside this interceptor paces retries of throttled requests, so they need no
   * backoff of their own (a `Retry-After` is still waited for). @default false
   */
  readonly pacedThrottles?: boolean;
  /** The clock for the throttle budget, in ms. @default Date.now */
  readonly now?: () => number;
  /** Statuses worth another try. @default [420, 429, 500, 502, 503, 504] */
  readonly statuses?: readonly number[];
  /** Transport error codes worth another try (idempotent requests only). @default NETWORK_ERROR_CODES */
  readonly connectionErrorCodes?: readonly string[];
  /** Waits between attempts; injectable so tests can observe the chosen delays. @default a real timer */
  readonly sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** Source of jitter in [0, 1). @default Math.random */
  readonly random?: () => number;
  /** Told before each retry wait (logging). */
  readonly onRetry?: (event: RetryEvent) => void;
}

/** What {@link RetryOptions.onRetry} is told. */
export interface RetryEvent {
  readonly operation: string;
  /** The attempt that just failed (1-based). */
  readonly attempt: number;
  /** The status that failed, or 0 for a transport failure. */
  readonly status: number;
  /** Transport error code, when no response arrived. */
  readonly errorCode?: string;
  /** How long the client waits before the next attempt. */
  readonly delayMs: number;
  /** Whether the wait came from the server's Retry-After. */
  readonly fromRetryAfter: boolean;
  /** Whether the server throttled the attempt (which then does not count against `maxAttempts`). */
  readonly throttled?: boolean;
}

/**
 * Parses `Retry-After` (delta seconds or an HTTP date) into milliseconds.
 * @returns undefined when absent or unparseable
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

async function defaultSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleepTimer(ms, undefined, signal ? { signal } : undefined);
  } catch (err) {
    // Surface the caller's own abort reason, as undici does for an aborted request.
    throw signal?.aborted ? signal.reason : err;
  }
}

/** A body that can be sent again: anything but a plain stream (a reopenable one is opened again). */
function isReplayable(request: TritonRequest): boolean {
  return !(request.body instanceof Readable);
}

/** Creates the retry interceptor. */
export function retryInterceptor(options: RetryOptions = {}): Interceptor {
  const maxAttempts = Math.max(1, options.maxAttempts ?? TUNABLE_DEFAULTS.transientAttempts);
  const base = options.baseDelayMs ?? TUNABLE_DEFAULTS.clientRetryBaseDelayMs;
  const cap = options.maxDelayMs ?? TUNABLE_DEFAULTS.clientMaxRetryDelayMs;
  const maxRetryAfter = options.maxRetryAfterMs ?? TUNABLE_DEFAULTS.maxRetryAfterMs;
  const maxThrottled = Math.max(1, options.maxThrottledAttempts ?? TUNABLE_DEFAULTS.maxThrottledAnswers);
  const maxThrottledMs = options.maxThrottledMs ?? TUNABLE_DEFAULTS.maxThrottledMs;
  const statuses = options.statuses ? new Set(options.statuses) : TRANSIENT_STATUSES;
  const connectionCodes = options.connectionErrorCodes ? new Set(options.connectionErrorCodes) : NETWORK_ERROR_CODES;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  const backoff = (attempt: number): number => Math.floor(random() * Math.min(cap, base * 2 ** (attempt - 1)));
  // A fault (a 500, a 503 that is no throttle, a reset connection) is most often one request's bad
  // luck, not the server asking for less: the first is tried again at once, and only a second in a
  // row backs off. Waiting 0-200 ms on the first put that pause on the serial chain of every short
  // command a fault hit (a plan's reads before its one write, the look after a job ended).
  const faultBackoff = (faults: number): number => (faults <= 1 ? 0 : backoff(faults - 1));

  return (next) => async (request) => {
    const idempotent = isIdempotent(request) && isReplayable(request);
    // `counted` are the attempts that count against `maxAttempts`: all but the throttled ones.
    let counted = 0;
    let throttles = 0;
    let firstThrottleAt = 0;
    for (let attempt = 1; ; attempt += 1) {
      request.signal?.throwIfAborted();
      let response: TritonResponse;
      try {
        response = await next(request);
      } catch (err) {
        counted += 1;
        const code = transportCode(err);
        // A refused connection means nothing was sent, so even a POST is safe to repeat.
        const safe = code === 'ECONNREFUSED' ? isReplayable(request) : idempotent;
        if (code === undefined || !connectionCodes.has(code) || !safe || counted >= maxAttempts) {
          throw withAttempts(err, counted);
        }
        const delayMs = faultBackoff(counted);
        options.onRetry?.({
          operation: request.operation,
          attempt,
          status: 0,
          errorCode: code,
          delayMs,
          fromRetryAfter: false,
        });
        if (delayMs > 0) await sleep(delayMs, request.signal);
        continue;
      }
      const throttled = response.throttled === true || THROTTLE_STATUSES.has(response.status);
      if (throttled) {
        throttles += 1;
        if (throttles === 1) firstThrottleAt = now();
      } else counted += 1;
      const retryable = throttled
        ? isReplayable(request) && throttles < maxThrottled && now() - firstThrottleAt < maxThrottledMs
        : statuses.has(response.status) && idempotent && counted < maxAttempts;
      // The attempts a caller learns are those of this answer's kind: throttled attempts did
      // nothing, so a fault after two of them was tried once, and the engine may still retry it
      // (a POST the transport does not repeat); a request throttled to the end was tried every time.
      const tried = throttled ? attempt : counted;
      if (!retryable) {
        return tried === 1 ? response : { ...response, attempts: tried };
      }
      const retryAfter = parseRetryAfter(headerValue(response.headers, 'retry-after'));
      if (retryAfter !== undefined && retryAfter > maxRetryAfter) {
        return tried === 1 ? response : { ...response, attempts: tried };
      }
      // Drain the failed answer so its connection returns to the pool.
      discardBody(response);
      const delayMs =
        retryAfter ?? (throttled ? (options.pacedThrottles === true ? 0 : backoff(throttles)) : faultBackoff(counted));
      options.onRetry?.({
        operation: request.operation,
        attempt,
        status: response.status,
        delayMs,
        fromRetryAfter: retryAfter !== undefined,
        throttled,
      });
      if (delayMs > 0) await sleep(delayMs, request.signal);
    }
  };
}

function withAttempts(err: unknown, attempts: number): unknown {
  if (!(err instanceof TritonApiError) || attempts === 1) return err;
  return new TritonApiError({
    status: err.status,
    apiCode: err.apiCode,
    message: err.serverMessage,
    requestId: err.requestId,
    method: err.method,
    path: err.path,
    operation: err.operation,
    attempts,
    ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
    cause: err.cause,
  });
}
