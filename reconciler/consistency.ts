/**
 * How the engine copes with CloudAPI's eventual consistency and with faults, as pure functions.
 *
 * The server's directory caches and its authorization cache lag behind writes (spec
 * server-behaviour.md: "CreateRole right after CreateUser can fail with Invalid subuser for ~10 s").
 * So an error that says "X does not exist" right after this run wrote X is not a failure yet: it is
 * retried until `consistencyWindowMs` has passed *since X was written*, and no longer. An error naming
 * an object this run never wrote is final at once: no blind sleeps, no waiting on a hunch.
 *
 * Which statuses and codes are transient is `common/contract/failure-facts.ts`; which objects a
 * refusal names is the provider's typed facts (`TritonApiError.missing`, `.nameTaken`, read from the
 * message by `provider/refusals.ts`); nothing here reads a server's message text.
 */
import { TUNABLE_DEFAULTS, type RetryPolicy } from '../common/tunables.js';
import {
  isThrottleAnswer,
  NETWORK_ERROR_CODES,
  NOT_SENT_CODES,
  TRANSIENT_STATUSES,
} from '../common/contract/failure-facts.js';

/** The parts of an API error the classification looks at (the provider's typed errors have them). */
export interface ApiErrorLike {
  /** HTTP status; absent for network-level failures. */
  readonly status?: number;
  /** The API's error code (`InvalidArgument`, `ResourceNotFound`) or a Node/undici error code (`ECONNRESET`). */
  readonly code?: string;
  readonly message?: string;
  /** How long the server asked to wait before another try (`Retry-After`), in ms. */
  readonly retryAfterMs?: number;
  /** How many attempts the client's transport already made (more than 1: it retried). */
  readonly attempts?: number;
  /** The objects the refusal names as missing (the provider's `TritonApiError.missing`), when it names some. */
  readonly missing?: readonly ObjectReference[];
  /** The refusal says the call's natural key is taken (the provider's `TritonApiError.nameTaken`). */
  readonly nameTaken?: boolean;
}

/** An object an error refers to, in the form the write log records. */
export interface ObjectReference {
  /** `user`, `role`, `policy`, or the kind of the call's own target. */
  readonly kind: string;
  /** Login, role or policy name, path. */
  readonly name: string;
}

/** The three classes of failure. */
export type ErrorClassification =
  /** The server does not see an object yet; retry within the window after the object's write. */
  | { readonly class: 'not-yet-visible'; readonly references: readonly ObjectReference[]; readonly reason: string }
  /**
   * Throttling, a server fault or a network failure: retry with backoff, a few times.
   * `mayHaveApplied` is true when the request may have taken effect (a 5xx or a broken connection
   * after sending): before retrying a create, look the object up by natural key and adopt it.
   * `fault` marks a server fault or a network failure, not the server pacing us nor a lost race:
   * its first retry goes at once (see {@link decideRetry}).
   */
  | {
      readonly class: 'transient';
      readonly mayHaveApplied: boolean;
      readonly reason: string;
      readonly fault?: true;
    }
  /** Retrying cannot help. */
  | { readonly class: 'terminal'; readonly reason: string };

/** What the caller knows about the failed call. */
export interface ClassifyContext {
  /** The object the call addressed (for a 404 on a read or update of something this run just wrote). */
  readonly target?: ObjectReference;
}

/**
 * Reads the classification facts from any thrown value. It understands the provider's
 * `TritonApiError` (`status` 0 for no response, `apiCode`, `serverMessage`, and the typed facts
 * `missing` and `nameTaken`) by shape, and plain `{status, code, message}` objects and Node system
 * errors.
 */
export function apiErrorFacts(error: unknown): ApiErrorLike {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const e = error as Record<string, unknown>;
  const status = typeof e.status === 'number' && e.status > 0 ? e.status : undefined;
  const code = typeof e.apiCode === 'string' ? e.apiCode : typeof e.code === 'string' ? e.code : undefined;
  const message =
    typeof e.serverMessage === 'string' ? e.serverMessage : typeof e.message === 'string' ? e.message : undefined;
  const retryAfterMs = typeof e.retryAfterMs === 'number' && e.retryAfterMs >= 0 ? e.retryAfterMs : undefined;
  const attempts = typeof e.attempts === 'number' && e.attempts > 1 ? e.attempts : undefined;
  const missing = Array.isArray(e.missing) && e.missing.length > 0 ? (e.missing as ObjectReference[]) : undefined;
  return {
    ...(status !== undefined ? { status } : {}),
    ...(code !== undefined ? { code } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(attempts !== undefined ? { attempts } : {}),
    ...(missing !== undefined ? { missing } : {}),
    ...(e.nameTaken === true ? { nameTaken: true } : {}),
  };
}

/**
 * What {@link decideRetry} takes from a failure besides its class: the server's Retry-After, the
 * attempts the transport already made, and a source of jitter.
 */
export function retryFactsOf(
  error: unknown,
  random: () => number = Math.random,
): { retryAfterMs?: number; transportAttempts?: number; random: () => number } {
  const { retryAfterMs, attempts } = apiErrorFacts(error);
  return {
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(attempts !== undefined ? { transportAttempts: attempts } : {}),
    random,
  };
}

/** Sorts an API error into one of the three classes. Pure. */
export function classifyApiError(error: ApiErrorLike, context: ClassifyContext = {}): ErrorClassification {
  if (error.missing !== undefined && error.missing.length > 0) {
    const names = error.missing.map((m) => `${m.kind} ${m.name}`).join(', ');
    return { class: 'not-yet-visible', references: error.missing, reason: `the server does not see ${names} yet` };
  }
  if (error.status === 404 && context.target) {
    return {
      class: 'not-yet-visible',
      references: [context.target],
      reason: `${context.target.kind} ${context.target.name} is not visible yet (404)`,
    };
  }
  if (error.status === 409 && error.code === 'ConcurrentRequest') {
    return { class: 'transient', mayHaveApplied: false, reason: 'lost a conditional race (ConcurrentRequest)' };
  }
  if (error.status !== undefined && TRANSIENT_STATUSES.has(error.status)) {
    // Manta throttles with a 503 that only its code tells from a fault's: a throttled create did nothing.
    const throttled = isThrottleAnswer(error.status, error.code, error.retryAfterMs !== undefined);
    return {
      class: 'transient',
      mayHaveApplied: !throttled,
      ...(throttled ? {} : { fault: true as const }),
      reason: throttled
        ? `throttled (${error.status})`
        : `server fault (${error.status} ${error.code ?? ''})`.replace(' )', ')'),
    };
  }
  if (error.status === undefined && error.code !== undefined && NETWORK_ERROR_CODES.has(error.code)) {
    return {
      class: 'transient',
      mayHaveApplied: !NOT_SENT_CODES.has(error.code),
      fault: true,
      reason: `network failure (${error.code})`,
    };
  }
  return {
    class: 'terminal',
    reason:
      error.status !== undefined ? `${error.status} ${error.code ?? ''}`.trim() : (error.code ?? 'unknown failure'),
  };
}

/** One write the log holds: when, and through which datacenter. */
interface LoggedWrite {
  readonly at: number;
  readonly datacenter: string;
}

/**
 * When this run wrote each object, so that a not-yet-visible error is retried only within the window
 * after the write it depends on; and through which datacenter, so that a write made through another
 * datacenter's CloudAPI gets the replication window there ({@link WriteLog.through}).
 */
export class WriteLog {
  readonly #writes: Map<string, LoggedWrite>;
  /** The datacenter this view's writes go through (`''`: the only one). */
  readonly datacenter: string;

  /** A new log; `view` is {@link through}'s (another view of `view.of`'s writes). */
  constructor(view?: { readonly of: WriteLog; readonly datacenter: string }) {
    this.#writes = view === undefined ? new Map() : view.of.#writes;
    this.datacenter = view?.datacenter ?? '';
  }

  /**
   * The same log as the runs of a stack in datacenter `datacenter` see it: what they record is
   * stamped with it, and a write another view recorded through another datacenter is
   * {@link replicatedFrom} there. One log per account: its stacks share one directory.
   */
  through(datacenter: string): WriteLog {
    return new WriteLog({ of: this, datacenter });
  }

  /**
   * Records that `ref` was written (created, updated) at `at` (ms since the epoch), through
   * `datacenter` (this view's unless said: a write another stack's state recorded).
   */
  record(ref: ObjectReference, at: number, datacenter: string = this.datacenter): void {
    const seen = this.#writes.get(key(ref));
    if (seen === undefined || at >= seen.at) this.#writes.set(key(ref), { at, datacenter });
  }

  /** When `ref` was last written by this run, or `undefined`. */
  writtenAt(ref: ObjectReference): number | undefined {
    return this.#writes.get(key(ref))?.at;
  }

  /** The datacenter `ref`'s last write went through when it is not this view's, else `undefined`. */
  replicatedFrom(ref: ObjectReference): string | undefined {
    const seen = this.#writes.get(key(ref));
    return seen === undefined || seen.datacenter === this.datacenter ? undefined : seen.datacenter;
  }
}

/** How a message names a datacenter key of the write log (`''` is the stacks' default one). */
export function describeDatacenter(datacenter: string): string {
  return datacenter === '' ? 'the default datacenter' : datacenter;
}

function key(ref: ObjectReference): string {
  // Logins and role/policy names are unique case-insensitively on the server.
  return `${ref.kind}\u0000${ref.name.toLowerCase()}`;
}

/** Retry tuning: the one retry policy of `common/tunables.ts` (the engine reads its attempts, backoff, Retry-After and window fields). */
export type { RetryPolicy } from '../common/tunables.js';

/**
 * The settle margin the engine and the adapters use for a window: a tenth of it, at most a second
 * (the window is an estimate of the server's lag, and our clock is not the server's).
 */
export function settleMarginFor(windowMs: number): number {
  return Math.min(1_000, windowMs / 10);
}

/**
 * The retry policy of a run with window `windowMs`, the same for the engine and the Pulumi adapter:
 * retries cover the window plus its settle margin (the last attempt is sent once that has passed
 * since the write was acknowledged), and the first backoff scales with the window (an eighth of it,
 * 10 to 100 ms), so a short window in tests is not waited out in long pauses.
 */
export function retryPolicyFor(windowMs: number = TUNABLE_DEFAULTS.consistencyWindowMs): RetryPolicy {
  return {
    consistencyWindowMs: windowMs,
    settleMarginMs: settleMarginFor(windowMs),
    baseDelayMs: Math.min(100, Math.max(10, windowMs / 8)),
    maxDelayMs: TUNABLE_DEFAULTS.maxRetryDelayMs,
    maxAttempts: TUNABLE_DEFAULTS.transientAttempts,
  };
}

/** What to do after a failure. */
export type RetryDecision =
  { readonly retry: true; readonly delayMs: number } | { readonly retry: false; readonly reason: string };

/** When this run last wrote any of `refs`, or `undefined` when it wrote none of them. */
export function latestWriteOf(refs: readonly ObjectReference[], writeLog: WriteLog): number | undefined {
  const times = refs.map((r) => writeLog.writtenAt(r)).filter((t): t is number => t !== undefined);
  return times.length === 0 ? undefined : Math.max(...times);
}

/**
 * When the window of the written `refs` ends (each ref's write plus its window and settle margin:
 * the replication window for a write through another datacenter, else the consistency window), or
 * `undefined` when this run wrote none of them.
 */
export function windowEndOf(
  refs: readonly ObjectReference[],
  writeLog: WriteLog,
  policy: RetryPolicy | undefined,
): number | undefined {
  let end: number | undefined;
  for (const ref of refs) {
    const at = writeLog.writtenAt(ref);
    if (at === undefined) continue;
    const windowMs = windowOf(ref, writeLog, policy);
    const refEnd =
      at +
      windowMs +
      (writeLog.replicatedFrom(ref) === undefined ? (policy?.settleMarginMs ?? 0) : settleMarginFor(windowMs));
    end = end === undefined ? refEnd : Math.max(end, refEnd);
  }
  return end;
}

/** The window of `ref`'s last write: the replication window when it went through another datacenter. */
function windowOf(ref: ObjectReference, writeLog: WriteLog, policy: RetryPolicy | undefined): number {
  const consistency = policy?.consistencyWindowMs ?? TUNABLE_DEFAULTS.consistencyWindowMs;
  if (writeLog.replicatedFrom(ref) === undefined) return consistency;
  return Math.max(consistency, policy?.replicationWindowMs ?? TUNABLE_DEFAULTS.replicationWindowMs);
}

/**
 * The objects of `refs` whose last write went through another datacenter than `writeLog`'s view,
 * as `role ops (written through us-east-1)`: what a wait for replication names.
 */
export function replicatedRefs(refs: readonly ObjectReference[], writeLog: WriteLog): ObjectReference[] {
  return refs.filter((r) => writeLog.writtenAt(r) !== undefined && writeLog.replicatedFrom(r) !== undefined);
}

/**
 * The end of the consistency window after a write at `writtenAt` (plus the settle margin): until
 * then a "not found" on what was written is worth waiting out, and no later.
 */
export function windowEndAfter(writtenAt: number, policy: RetryPolicy | undefined): number {
  return (
    writtenAt + (policy?.consistencyWindowMs ?? TUNABLE_DEFAULTS.consistencyWindowMs) + (policy?.settleMarginMs ?? 0)
  );
}

/**
 * Decides whether and when to retry. Pure: the caller supplies the clock and the write log.
 * - not-yet-visible: retry with backoff until an attempt *sent* at or after (latest write of a
 *   referenced object, as acknowledged to us) + window + margin has failed too, the last attempt
 *   landing on that end. An answer that arrives after the end for a request sent before it (a slow
 *   server, a busy event loop) says nothing about the end of the window, so it is retried once more.
 *   If this run never wrote any referenced object, the object really is missing: no retry.
 * - transient: final when the client's transport already retried it (`transportAttempts` > 1: one
 *   retry layer per request); else exponential backoff with jitter (half the delay fixed, half random: callers failing
 *   together do not come back together), or the server's Retry-After when it asks for longer, up to
 *   `maxAttempts` attempts in all; a first fault (not a throttle) is retried at once.
 * - terminal: no retry.
 * @param attempt how many attempts of this class have failed so far (1 after the first failure)
 * @param sentAt when the failed attempt was sent (defaults to `now`)
 */
export function decideRetry(
  classification: ErrorClassification,
  args: {
    readonly attempt: number;
    readonly now: number;
    readonly sentAt?: number;
    readonly writeLog: WriteLog;
    readonly policy?: RetryPolicy;
    readonly retryAfterMs?: number;
    /** Attempts the client's transport already made for this failure; more than 1 means it retried. */
    readonly transportAttempts?: number;
    /** Source of jitter in [0, 1). @default - no jitter (the full backoff) */
    readonly random?: () => number;
  },
): RetryDecision {
  const window = args.policy?.consistencyWindowMs ?? TUNABLE_DEFAULTS.consistencyWindowMs;
  const backoff = backoffDelay(args.attempt, args.policy);
  switch (classification.class) {
    case 'terminal':
      return { retry: false, reason: classification.reason };
    case 'transient': {
      const max = args.policy?.maxAttempts ?? TUNABLE_DEFAULTS.transientAttempts;
      if ((args.transportAttempts ?? 1) > 1)
        return {
          retry: false,
          reason: `${classification.reason}; the client already tried ${args.transportAttempts} times`,
        };
      if (args.attempt >= max)
        return { retry: false, reason: `${classification.reason}; gave up after ${args.attempt} attempts` };
      const maxRetryAfter = args.policy?.maxRetryAfterMs ?? TUNABLE_DEFAULTS.maxRetryAfterMs;
      if (args.retryAfterMs !== undefined && args.retryAfterMs > maxRetryAfter) {
        return {
          retry: false,
          reason: `${classification.reason}; the server asks to wait ${Math.ceil(args.retryAfterMs / 1000)} s before trying again`,
        };
      }
      // A first fault is most often one request's bad luck (the transport retries a read's at once
      // too): a write it hit is sent again at once, and only a second fault in a row backs off.
      if (classification.fault === true && args.attempt === 1) return { retry: true, delayMs: args.retryAfterMs ?? 0 };
      const jittered = args.random === undefined ? backoff : Math.round(backoff / 2 + (args.random() * backoff) / 2);
      return { retry: true, delayMs: Math.max(jittered, args.retryAfterMs ?? 0) };
    }
    case 'not-yet-visible': {
      const names = classification.references.map((r) => `${r.kind} ${r.name}`).join(', ');
      const latest = latestWriteOf(classification.references, args.writeLog);
      if (latest === undefined) return { retry: false, reason: `${names} does not exist (this run did not create it)` };
      const end = windowEndOf(classification.references, args.writeLog, args.policy) ?? latest;
      const sentAt = args.sentAt ?? args.now;
      if (sentAt >= end) {
        const replicated = replicatedRefs(classification.references, args.writeLog);
        return {
          retry: false,
          reason:
            replicated.length > 0
              ? `${names} is still not visible ${sentAt - latest} ms after it was written through ${describeDatacenter(args.writeLog.replicatedFrom(replicated[0]!)!)} (replication window ${windowOf(replicated[0]!, args.writeLog, args.policy)} ms)`
              : `${names} is still not visible ${sentAt - latest} ms after it was written (consistency window ${window} ms)`,
        };
      }
      return { retry: true, delayMs: Math.max(0, Math.min(backoff, end - args.now)) };
    }
  }
}

/**
 * The exponential backoff schedule: `base * 2^(attempt-1)`, capped at `maxDelayMs`.
 * Deterministic so that schedules can be tested; callers wanting jitter scale it themselves.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy = {}): number {
  const base = policy.baseDelayMs ?? 100;
  const max = policy.maxDelayMs ?? TUNABLE_DEFAULTS.maxRetryDelayMs;
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1));
}
