/**
 * Assembles one service's dispatch chain: core (undici pool) + default headers + logging +
 * signing + adaptive concurrency + retry, in the order that makes each attempt freshly signed and individually logged.
 */
import { buildKeyId, type KeyIdStyle } from '../auth/key-id.js';
import type { Signer } from '../auth/signer.js';
import { ApiCaller } from './api-caller.js';
import { createCoreDispatch, type CoreOptions } from './core.js';
import { AdaptiveLimit, adaptiveLimitInterceptor } from './interceptors/adaptive-limit.js';
import { logInterceptor, type RequestLogger } from './interceptors/log.js';
import { retryInterceptor, type RetryOptions } from './interceptors/retry.js';
import { signInterceptor } from './interceptors/sign.js';
import { compose, type Interceptor } from './types.js';

/** Transport settings shared by both clients. */
export interface TransportOptions extends Omit<CoreOptions, 'url' | 'insecure'> {
  /** Retry settings, or `false` to never retry. @default - 4 attempts, 200 ms base, 10 s cap */
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
  const chain: Interceptor[] = [...(options.interceptors ?? [])];
  if (options.retry !== false) chain.push(retryInterceptor(options.retry ?? {}));
  // Inside retry, so that a request waiting to be retried holds no place; outside signing, so
  // that a request is signed when it leaves, not when it starts waiting.
  if (options.adaptiveConcurrency !== false)
    chain.push(adaptiveLimitInterceptor(new AdaptiveLimit({ max: options.maxConcurrent ?? 8 })));
  chain.push(defaults, signInterceptor({ signer: options.signer, keyId }));
  if (options.logger) chain.push(logInterceptor(options.logger));
  return { caller: new ApiCaller(compose(core.dispatch, ...chain)), keyId, close: () => core.close() };
}
