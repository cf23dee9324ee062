/**
 * What a failed call means, as typed facts the provider derives from what the servers send: which
 * statuses and transport codes are worth another try, and which objects a refusal names as missing
 * or taken. CloudAPI says "X does not exist" only in its message text (`Invalid subuser: bob`), so
 * the patterns that read it live here, beside the client that knows the server, and the engine
 * reads the resulting facts (`TritonApiError.missing`, `.nameTaken`) instead of the message.
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

/** An object a refusal names as missing: the kind (`user`, `policy`, `role`) and its name. */
export interface MissingObject {
  readonly kind: string;
  readonly name: string;
}

// Names stop at the end of the message or at a trailing `[request-id …]` a client may append.
const MISSING_PATTERNS: readonly { readonly pattern: RegExp; readonly kind: string }[] = [
  { pattern: /Invalid subuser: ([^[]+?)\s*(?:\[|$)/, kind: 'user' },
  { pattern: /Invalid policy: ([^[]+?)\s*(?:\[|$)/, kind: 'policy' },
  { pattern: /Role\(s\) (.+?) not found/, kind: 'role' },
];

/**
 * The objects a CloudAPI refusal names as missing (`Invalid subuser: alice, bob` on CreateRole,
 * `Role(s) ops not found` on SetRoleTags): what a reference to an object the server does not see yet
 * looks like. Empty for any other failure.
 * @param status the HTTP status (these refusals come as 400, 404 or 409), or undefined for none
 */
export function missingObjectsOf(status: number | undefined, message: string): readonly MissingObject[] {
  if (status !== undefined && status !== 400 && status !== 404 && status !== 409) return [];
  for (const { pattern, kind } of MISSING_PATTERNS) {
    const match = pattern.exec(message);
    if (match)
      return match[1]!
        .split(/\s*,\s*/)
        .map((n) => n.trim())
        .filter((n) => n !== '')
        .map((name) => ({ kind, name }));
  }
  return [];
}

/**
 * True when a create was refused because its natural key is taken (a login, a name, a path). A
 * conflict on another unique field (an email address another user has) is not: no read by natural
 * key can find that object. A lost conditional race (`ConcurrentRequest`) is not either.
 */
export function isNameTaken(status: number | undefined, code: string | undefined, message: string): boolean {
  if (code === 'ConcurrentRequest') return false;
  if (/\bemail\b/i.test(message)) return false;
  return (
    /already (exists|taken)|not unique|duplicate/i.test(message) ||
    (status === 409 && /Exists|Conflict/.test(code ?? ''))
  );
}
