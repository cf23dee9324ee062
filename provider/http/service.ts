/**
 * Assembles one service's dispatch chain, outermost first: retry, adaptive concurrency, adaptive
 * rate, throttle marking, default headers, signing, logging, and the core (undici pool): the order
 * that makes each attempt paced, freshly signed and individually logged.
 */
import { TUNABLE_DEFAULTS } from '../../common/tunables.js';
import { buildKeyId, type KeyIdStyle } from '../auth/key-id.js';
import type { Signer } from '../auth/signer.js';
import { ApiCaller } from './api-caller.js';
import { createCoreDispatch, type CoreOptions } from './core.js';
import { AdaptiveLimit, adaptiveLimitInterceptor } from './interceptors/adaptive-limit.js';
import {
  AdaptiveRate,
  adaptiveRateInterceptor,
  RateGate,
  type AdaptiveRateOptions,
  type RateHold,
} from './interceptors/adaptive-rate.js';
import { logInterceptor, type RequestLogger } from './interceptors/log.js';
import { retryInterceptor, type RetryOptions } from './interceptors/retry.js';
import { signInterceptor } from './interceptors/sign.js';
import { throttleMarkInterceptor } from './interceptors/throttle-mark.js';
import { compose, type Interceptor } from './types.js';

/** Requests in flight at first, when the rate adapts (see {@link createService}). */
const INITIAL_CONCURRENCY = 2;

/** Transport settings shared by both clients. */
export interface TransportOptions extends Omit<CoreOptions, 'url' | 'insecure'> {
  /** Retry settings, or `false` to never retry. @default the retry policy of `common/tunables.ts` (TUNABLE_DEFAULTS: transientAttempts, clientRetryBaseDelayMs, clientMaxRetryDelayMs) */
  readonly retry?: RetryOptions | false;
  /** Receives one redacted entry per attempt. @default - no logging */
  readonly logger?: RequestLogger;
  /** Extra interceptors, outermost first, placed outside retry (metrics, tracing). */
  readonly interceptors?: readonly Interceptor[];
  /** The User-Agent header. @default 'triton-iac' */
  readonly userAgent?: string;
  /**
   * Adapt the requests in flight to the server (`interceptors/adaptive-limit.ts`), starting at and
   * never above `maxConcurrent`; `false` keeps `maxConcurrent` fixed. @default true
   */
  readonly adaptiveConcurrency?: boolean;
  /**
   * Pace requests at a rate learned from the server's throttle answers
   * (`interceptors/adaptive-rate.ts`): unlimited until the first, then about the server's limit;
   * `false` never paces (throttled retries then back off instead). @default true
   */
  readonly adaptiveRate?: boolean | AdaptiveRateOptions;
  /**
   * Told when requests start being held back by the adaptive rate (after the server throttled) and
   * when the last has left, for a progress display. @default - not told
   */
  readonly onRateHold?: (hold: RateHold) => void;
}

/** What a service needs to sign and reach its server. */
export interface ServiceOptions extends TransportOptions {
  readonly url: string;
  readonly insecure?: boolean;
  readonly account: string;
  readonly user?: string;
  readonly signer: Signer;
  readonly keyIdStyle: KeyIdStyle;
  /** Headers sent on every request. */
  readonly defaultHeaders: Readonly<Record<string, string>>;
  /** Query parameters added to every request (CloudAPI's `as-role`). */
  readonly defaultQuery?: Readonly<Record<string, string>>;
}

/** A ready service: a caller for typed operations and a way to close its pool. */
export interface Service {
  readonly caller: ApiCaller;
  readonly keyId: string;
  close(): Promise<void>;
}

/** Builds a service's chain. */
export function createService(options: ServiceOptions): Service {
  const core = createCoreDispatch({ ...options, url: options.url, insecure: options.insecure ?? false });
  const keyId = buildKeyId(options.keyIdStyle, options.account, options.signer.fingerprint, options.user);
  const defaults: Interceptor = (next) => (request) =>
    next({
      ...request,
      headers: { 'user-agent': options.userAgent ?? 'triton-iac', ...options.defaultHeaders, ...request.headers },
      ...(options.defaultQuery ? { query: { ...options.defaultQuery, ...request.query } } : {}),
    });
  const rateOptions = typeof options.adaptiveRate === 'object' ? options.adaptiveRate : {};
  const gate =
    options.adaptiveRate === false
      ? undefined
      : new RateGate(new AdaptiveRate(rateOptions), rateOptions.now, options.onRateHold);
  const chain: Interceptor[] = [...(options.interceptors ?? [])];
  if (options.retry !== false) chain.push(retryInterceptor({ ...options.retry, pacedThrottles: gate !== undefined }));
  // Inside retry, so that a request waiting to be retried holds no place; outside signing, so
  // that a request is signed when it leaves, not when it starts waiting.
  if (options.adaptiveConcurrency !== false) {
    const max = options.maxConcurrent ?? TUNABLE_DEFAULTS.maxRequests;
    // Starting low when pacing: requests already in flight when the first throttle answer arrives
    // are throttled too, so the first burst is what finding a rate limit costs. The limit grows by
    // one a round of answers, to the cap within a few round trips from a server that does not throttle.
    // Reads go out up to the cap until the server first throttles: a throttled read is only retried
    // (it changed nothing), and a plan's reads come first, so the writes start at the width the
    // reads' answers grew the limit to.
    const initial = gate ? Math.min(max, INITIAL_CONCURRENCY) : max;
    const limit = new AdaptiveLimit({ max, initial });
    chain.push(
      adaptiveLimitInterceptor(
        limit,
        gate
          ? {
              throttlesPaced: true,
              paced: () => gate.pacing,
              wide: (request) => (request.method === 'GET' || request.method === 'HEAD') && !gate.pacing,
            }
          : {},
      ),
    );
  }
  // Inside the concurrency limit: a request passes the rate only when it can leave at once, so the
  // requests a throttle answer finds already sent are at most those in flight (outside, every request
  // queued for a place would have passed, and been throttled in turn).
  if (gate) chain.push(adaptiveRateInterceptor(gate));
  // Under the interceptors that read `throttled`: it reads a 503's body to tell a throttle from a fault.
  chain.push(throttleMarkInterceptor(), defaults, signInterceptor({ signer: options.signer, keyId }));
  if (options.logger) chain.push(logInterceptor(options.logger));
  return { caller: new ApiCaller(compose(core.dispatch, ...chain)), keyId, close: () => core.close() };
}
