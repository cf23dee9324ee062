/**
 * The shapes that flow through the HTTP core and its interceptors.
 *
 * The design follows undici's `compose`: a tiny core that sends one request, wrapped by
 * `dispatch => dispatch` interceptors (signing, retry, logging). Each interceptor sees a plain
 * request value and returns a response, so they compose in any order and test in isolation.
 */
import { Readable } from 'node:stream';

/** HTTP methods the two APIs use. */
export type HttpMethod = 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';

/**
 * A stream body that can be opened afresh for every attempt (a file, or a range of one), so a
 * request carrying it can be retried like one carrying bytes, without holding the bytes in memory.
 */
export interface ReopenableBody {
  /** Opens a new stream over the same bytes; called once per attempt. */
  readonly open: () => Readable;
}

/**
 * A request body: bytes, text and a {@link ReopenableBody} are replayable (retryable); a plain
 * stream is sent once.
 */
export type RequestBody = string | Uint8Array | Readable | ReopenableBody;

/** True for a body whose bytes are streamed (a stream, or one opened per attempt), not held in memory. */
export function isStreamedBody(body: RequestBody | undefined): body is Readable | ReopenableBody {
  return body instanceof Readable || isReopenable(body);
}

/** True for a {@link ReopenableBody}. */
export function isReopenable(body: RequestBody | undefined): body is ReopenableBody {
  return typeof body === 'object' && !(body instanceof Readable) && !(body instanceof Uint8Array);
}

/** One request, as interceptors see it. */
export interface TritonRequest {
  /** Operation name for logs and errors, e.g. `ListUsers`. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** The absolute path, already percent-encoded (`/acme/stor/a%20b`). */
  readonly path: string;
  /** Query parameters; `undefined` values are left out. */
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Request headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: RequestBody;
  /** Aborts the request (and any retry wait). */
  readonly signal?: AbortSignal;
  /**
   * Whether the call may be repeated safely.
   * @default - true for GET, HEAD, PUT and DELETE; false for POST
   */
  readonly idempotent?: boolean;
  /**
   * The caller reads the whole answer into memory (a JSON call, an empty one; never a streamed
   * download): the core then collects the body itself into {@link TritonResponse.bytes}, without a
   * Node stream per answer (their machinery was a good part of a plan's CPU).
   * @default false
   */
  readonly wholeBody?: boolean;
}

/**
 * A response, as interceptors see it; the body is a stream the caller must consume or dump (see
 * {@link discardBody}), unless the core read it whole into `bytes`.
 */
export interface TritonResponse {
  readonly status: number;
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as a stream; for a `wholeBody` request, a stream over `bytes` made on first access. */
  readonly body: Readable;
  /**
   * The whole body, when the request asked for `wholeBody`; rejects as reading `body` would (the
   * transport's error, or the abort reason).
   */
  readonly bytes?: Promise<Buffer>;
  /** Attempts made to get this response (set by the retry interceptor). @default 1 */
  readonly attempts?: number;
  /**
   * The server asked the client to slow down (set by the throttle-mark interceptor,
   * `interceptors/throttle-mark.ts`): a 420, a 429, or a 503 that says it throttles.
   * @default false
   */
  readonly throttled?: boolean;
}

/**
 * Lets the body go without reading it, so the connection returns to the pool: a body already read
 * whole needs nothing (and no stream is made for it).
 */
export function discardBody(response: TritonResponse): void {
  if (response.bytes === undefined) response.body.resume();
}

/** Sends one request and resolves with its response (of any status). */
export type Dispatch = (request: TritonRequest) => Promise<TritonResponse>;

/** Wraps a dispatch with extra behaviour. */
export type Interceptor = (next: Dispatch) => Dispatch;

/**
 * Applies interceptors to a core dispatch. The first interceptor is the outermost: with
 * `compose(core, retry, sign)`, every retry attempt is signed afresh (a new Date each time).
 */
export function compose(core: Dispatch, ...interceptors: readonly Interceptor[]): Dispatch {
  return interceptors.reduceRight<Dispatch>((next, interceptor) => interceptor(next), core);
}

/** True when the method is safe to repeat, unless the request says otherwise. */
export function isIdempotent(request: TritonRequest): boolean {
  if (request.idempotent !== undefined) return request.idempotent;
  return request.method !== 'POST';
}

/** Reads one header as a string (the first value when repeated). */
export function headerValue(headers: TritonResponse['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
