/**
 * Every number a user can tune, with its one meaning and its one default, for the CLI, the library
 * (`planStack`, `applyPlan`, …) and the Pulumi adapter alike. A default changes here or nowhere.
 */

/** The defaults of the tunables. */
export const TUNABLE_DEFAULTS = {
  /**
   * How long after a write the servers may not see it yet (ms): a "not found" on an object this run
   * wrote less than this ago is a stale read, retried; a plan waits this long before believing a
   * change to an object it just wrote. CLI `--consistency-window-ms`; environment
   * {@link CONSISTENCY_WINDOW_ENV}.
   */
  consistencyWindowMs: 15_000,
  /**
   * How long after a write of an account-wide object (a user, a role, a policy, a key) through one
   * datacenter another datacenter's CloudAPI may not see it yet (ms): UFDS replicates the account's
   * directory between datacenters, seconds later and minutes under load. A refusal naming such an
   * object written through another datacenter less than this ago is retried until it is visible
   * there. Library `replicationWindowMs`; CLI `--replication-window-ms`.
   */
  replicationWindowMs: 60_000,
  /**
   * How many actions (and reads) the walk runs at once. CLI `--parallelism`; library `parallelism`.
   * Not a cap on requests: an action waiting its turn on the clients holds no request. As wide as
   * the two services' request caps together (32 + 64), so that neither cap is out of reach while
   * the other service's requests are in flight: at 32 a tree of 1,000 objects kept 32 PUTs in
   * flight below Manta's cap of 64.
   */
  parallelism: 96,
  /**
   * The most requests in flight per service (CloudAPI, Manta) and the size of each client's
   * connection pool. High because the clients adapt below it: they back off when the server
   * throttles or slows down. CLI `--max-requests`; library `maxRequests`.
   */
  maxRequests: 32,
  /**
   * The most requests in flight to Manta when `maxRequests` is not given (given, it caps both
   * services). Higher than CloudAPI's: Manta spreads requests over many front doors and API
   * servers, a tree of small objects is bound by round trips (1,000 objects at 32 in flight are 32
   * round trips, 3 s at 100 ms), and the vendor `msync` sends 50 at once. The client adapts below
   * it as below `maxRequests`.
   */
  mantaMaxRequests: 64,
  /**
   * Attempts in all (the first included) for a transient failure: a 5xx, a reset. One layer makes
   * them (the client for what it can repeat safely, the engine for the rest). A server failing 30 %
   * of requests fails one in 123 four times in a row, so 4 attempts lost about half the applies of
   * a hundred requests; 10 lose one request in 170,000. Throttle answers have their own budget.
   */
  transientAttempts: 10,
  /**
   * The longest pause between two attempts of one call in the engine (ms). Short: what the engine
   * retries is mostly a write the servers do not see yet, which the consistency window bounds.
   */
  maxRetryDelayMs: 2_000,
  /**
   * The longest pause between two attempts of one request in the client's transport (ms). Longer
   * than the engine's: what the transport retries is a server fault or a dropped connection, where
   * spreading the retries out is what lets a struggling server recover.
   */
  clientMaxRetryDelayMs: 10_000,
  /**
   * The client transport's first backoff (ms). A throttled attempt n waits up to this × 2^(n-1),
   * capped above; a fault (a 500, a 503 that is no throttle, a reset) is tried again at once the
   * first time, and fault n > 1 waits up to this × 2^(n-2).
   */
  clientRetryBaseDelayMs: 200,
  /** A `Retry-After` longer than this (ms) is not waited for: the call fails at once, saying so. */
  maxRetryAfterMs: 60_000,
  /**
   * Throttle answers one request may get before the last is returned: they do not count against
   * {@link TUNABLE_DEFAULTS.transientAttempts} (throttling is the server pacing us, not a fault).
   */
  maxThrottledAnswers: 60,
  /**
   * How long (ms) after its first throttle answer a request is still retried. Environment
   * `TRITON_IAC_THROTTLE_TIMEOUT_MS` (`provider/connect.ts`).
   */
  maxThrottledMs: 300_000,
  /**
   * How many times a create that may have taken effect (its answer was lost) looks the object up by
   * its natural key before it gives up (`reconciler/core/create-safely.ts`); the consistency window
   * bounds the time as well.
   */
  createLookupAttempts: 50,
  /**
   * How long (ms) an object whose delete the server finishes in a job (a machine's destroy, a
   * volume `deleting`) may take to be gone before the action fails. A destroy takes seconds to a
   * minute; a busy compute node longer.
   */
  deleteWaitMs: 30 * 60_000,
  /**
   * How long the CLI waits for an app program to build its app (ms): its loading (top-level awaits)
   * and its default export's promise. One that never settles fails naming the file instead of
   * hanging. CLI `--app-timeout`; environment {@link APP_TIMEOUT_ENV}.
   */
  appTimeoutMs: 120_000,
} as const;

/** The environment variable that sets the app-building time-out when no flag does. */
export const APP_TIMEOUT_ENV = 'TRITON_IAC_APP_TIMEOUT_MS';

/** The environment variable that sets the consistency window when no option or flag does. */
export const CONSISTENCY_WINDOW_ENV = 'TRITON_IAC_CONSISTENCY_WINDOW_MS';

/**
 * The consistency window `env` sets ({@link CONSISTENCY_WINDOW_ENV}), or `undefined` when it sets
 * none or an unusable value (not a whole, non-negative number of milliseconds).
 */
export function consistencyWindowFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const text = env[CONSISTENCY_WINDOW_ENV];
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The consistency window of a run: the one given, else the environment's, else the default. */
export function consistencyWindowOf(given: number | undefined, env: NodeJS.ProcessEnv): number {
  return given ?? consistencyWindowFromEnv(env) ?? TUNABLE_DEFAULTS.consistencyWindowMs;
}

/**
 * One retry policy, for the client's transport (`provider/http/interceptors/retry.ts`, through
 * `RetryOptions`) and the engine (`reconciler/consistency.ts`) alike. Each layer reads the fields
 * that apply to what it retries (the transport: attempts, backoff, Retry-After and throttling; the
 * engine: attempts, backoff, Retry-After and the consistency window); every default is in
 * {@link TUNABLE_DEFAULTS}.
 */
export interface RetryPolicy {
  /**
   * Attempts in all (the first included) for a transient failure.
   * @default TUNABLE_DEFAULTS.transientAttempts
   */
  readonly maxAttempts?: number;
  /**
   * First backoff delay (ms).
   * @default TUNABLE_DEFAULTS.clientRetryBaseDelayMs in the client; in the engine, an eighth of the window, 10 to 100
   */
  readonly baseDelayMs?: number;
  /**
   * Largest backoff delay (ms).
   * @default TUNABLE_DEFAULTS.clientMaxRetryDelayMs in the client, TUNABLE_DEFAULTS.maxRetryDelayMs in the engine
   */
  readonly maxDelayMs?: number;
  /** A `Retry-After` longer than this (ms) is not waited for. @default TUNABLE_DEFAULTS.maxRetryAfterMs */
  readonly maxRetryAfterMs?: number;
  /** Throttle answers one request may get (client). @default TUNABLE_DEFAULTS.maxThrottledAnswers */
  readonly maxThrottledAttempts?: number;
  /** How long after its first throttle answer a request is retried (client, ms). @default TUNABLE_DEFAULTS.maxThrottledMs */
  readonly maxThrottledMs?: number;
  /** How long after a write the server may still not see it (engine, ms). @default TUNABLE_DEFAULTS.consistencyWindowMs */
  readonly consistencyWindowMs?: number;
  /**
   * How long after a write through another datacenter the server may still not see it (engine,
   * ms): the window of a reference the write log says was written elsewhere.
   * @default TUNABLE_DEFAULTS.replicationWindowMs
   */
  readonly replicationWindowMs?: number;
  /**
   * How long past the window a not-yet-visible reference is still retried (engine, ms): the window
   * is an estimate of the server's lag, and our clock is not the server's. @default 0
   */
  readonly settleMarginMs?: number;
}
