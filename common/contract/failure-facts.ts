/**
 * What a failed call's status or transport code means, shared by the client's transport (which
 * retries) and the engine (which classifies what the client gave up on): which are worth another
 * try, which mean throttling, which mean nothing was sent. Here, below both, so that neither imports
 * the other. What a refusal's message names (missing or taken objects) is the provider's to read
 * (`provider/refusals.ts`); the engine reads its facts (`TritonApiError.missing`, `.nameTaken`).
 */

/** Statuses worth another try: throttling (CloudAPI's 420, 429) and server faults. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([420, 429, 500, 502, 503, 504]);

/**
 * Statuses that always mean "you are sending too fast": CloudAPI's 420 (RequestThrottled) and the
 * standard 429. Manta says it with a 503 (see {@link isThrottleAnswer}).
 */
export const THROTTLE_STATUSES: ReadonlySet<number> = new Set([420, 429]);

/**
 * True when an answer is the server asking the client to slow down, not a failure: a 420 or 429;
 * a 503 whose error code names throttling (Manta's throttle answers 503 `ThrottledError`, the
 * emulator's `Throttled`); or a 503 with a `Retry-After` (the server says when to come back, as an
 * overloaded server does). A plain 503 is a fault: a fault-injecting server must not be mistaken for
 * a throttling one, or every fault would slow the client down.
 * @param code the error body's `code`, when it was read
 * @param hasRetryAfter whether the answer carried a `Retry-After` header
 */
export function isThrottleAnswer(status: number, code: string | undefined, hasRetryAfter = false): boolean {
  if (THROTTLE_STATUSES.has(status)) return true;
  if (status !== 503) return false;
  return hasRetryAfter || (code !== undefined && /throttl/i.test(code));
}

/**
 * Transport failure codes worth another try: Node's and undici's connection errors, and the
 * provider's own `ConnectionError` / `RequestTimeout` for a call that got no answer.
 */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ConnectionError',
  'RequestTimeout',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Transport codes after which the request certainly did nothing: the connection was never made. */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
