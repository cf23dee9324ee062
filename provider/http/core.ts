/**
 * The core dispatch: one request over an undici connection pool, nothing else.
 *
 * Keep-alive pools and the concurrency bound come from the undici `Agent`; timeouts are undici's
 * headers/body inactivity timeouts, so a long streaming download is not cut off while bytes flow.
 * Transport failures become {@link TritonApiError} with status 0, keeping the original error's
 * `code` reachable through `cause` so the retry interceptor can classify it.
 */
import { TUNABLE_DEFAULTS } from '../../common/tunables.js';
import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { TritonApiError, TritonInputError } from '../errors.js';
import { requestWholeBody, streamOf } from './private/whole-body.js';
import { isReopenable, type Dispatch, type TritonRequest, type TritonResponse } from './types.js';

/** Options of {@link createCoreDispatch}. */
export interface CoreOptions {
  /** The service's base URL, e.g. `https://cloudapi.example.com`. */
  readonly url: string;
  /** Skip TLS certificate checks (self-signed test clouds). @default false */
  readonly insecure?: boolean;
  /** Most requests in flight at once to this service; further requests queue. @default TUNABLE_DEFAULTS.maxRequests (`common/tunables.ts`) */
  readonly maxConcurrent?: number;
  /** Milliseconds without progress (headers, then body) before a request fails. @default 60000 */
  readonly timeoutMs?: number;
  /** Idle keep-alive sockets are closed after this many milliseconds. @default 10000 */
  readonly keepAliveMs?: number;
  /** Use this undici dispatcher instead of creating a pool (shared pools, tests). */
  readonly dispatcher?: Dispatcher;
}

/** A core dispatch plus the means to close its pool. */
export interface CoreDispatch {
  readonly dispatch: Dispatch;
  /** Closes idle connections; waits for in-flight requests. */
  close(): Promise<void>;
}

/** Builds the query string; `undefined` values are left out. */
export function buildQuery(query: TritonRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A path and a query the URL parser leaves exactly as they are: characters it never re-encodes
 * (in a query a `'` is, for http and https), and no `.` or `..` segment, which it would resolve.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!$&()*+,;=:@%/?]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The request target undici is given: what `new URL(origin + target)` makes of `target` (its
 * pathname and search). Most targets are already in that form, and building a `URL` per request
 * (parsing, then reading its parts back through the C++ binding) was a visible part of a request's
 * CPU, so those are taken as they are; anything else goes through `URL` as before.
 */
export function requestTarget(origin: string, target: string): string {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (
    PLAIN_PATH.test(path) &&
    !DOT_SEGMENT.test(path) &&
    (q === -1 || (q < target.length - 1 && PLAIN_QUERY.test(target.slice(q + 1))))
  )
    return target;
  const url = new URL(`${origin}${target}`);
  return `${url.pathname}${url.search}`;
}

/** Error codes of failures where no response arrived. */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Creates the core dispatch for one service. */
export function createCoreDispatch(options: CoreOptions): CoreDispatch {
  let base: URL;
  try {
    base = new URL(options.url);
  } catch {
    throw new TritonInputError(
      'url',
      `"${options.url}" is not a valid URL (expected e.g. https://cloudapi.example.com)`,
    );
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new TritonInputError('url', `"${options.url}" must use http: or https:`);
  }
  const timeoutMs = options.timeoutMs ?? 60_000;
  const ownAgent = options.dispatcher
    ? undefined
    : new Agent({
        connections: options.maxConcurrent ?? TUNABLE_DEFAULTS.maxRequests,
        keepAliveTimeout: options.keepAliveMs ?? 10_000,
        connect: { rejectUnauthorized: !options.insecure },
      });
  const dispatcher = options.dispatcher ?? (ownAgent as Agent);
  const prefix = base.pathname.replace(/\/+$/, '');
  const { origin } = base;

  const dispatch: Dispatch = async (req: TritonRequest): Promise<TritonResponse> => {
    try {
      // The dispatcher's own request method, with the origin and path undici's top-level `request`
      // would derive from the URL: the CLI's bundle then carries undici's Agent and nothing else
      // (scripts/bundle-cli.ts).
      const options = {
        origin,
        path: requestTarget(origin, `${prefix}${req.path}${buildQuery(req.query)}`),
        method: req.method,
        headers: { ...req.headers },
        // A reopenable body is opened here, once per attempt: each retry sends the bytes afresh.
        body: isReopenable(req.body) ? req.body.open() : req.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // undici closes the connection after every HEAD (to survive servers that wrongly send a body
        // with it), so a plan or apply that checks each changed object's metadata opened a new
        // connection per object: 1,012 connections for 2,060 requests replacing a 1,000-file
        // tree. CloudAPI and Manta send no body with a HEAD; the connection stays open only when
        // the server says keep-alive, as for any other request.
        ...(req.method === 'HEAD' ? { reset: false } : {}),
      };
      if (req.wholeBody) {
        const answer = await requestWholeBody(dispatcher, options, req.signal);
        return wholeBodyResponse(answer.statusCode, answer.headers, answer.bytes);
      }
      const res = await dispatcher.request({ ...options, signal: req.signal });
      return { status: res.statusCode, headers: res.headers, body: res.body };
    } catch (err) {
      if (req.signal?.aborted) throw req.signal.reason ?? err;
      const code = (err as { code?: string }).code ?? '';
      throw new TritonApiError({
        status: 0,
        apiCode: TIMEOUT_CODES.has(code) ? 'RequestTimeout' : 'ConnectionError',
        message: `${(err as Error).message}${code ? ` (${code})` : ''}`,
        method: req.method,
        path: req.path,
        operation: req.operation,
        cause: err,
      });
    }
  };

  return {
    dispatch,
    close: async () => {
      if (ownAgent) await ownAgent.close();
    },
  };
}

/**
 * A response whose body the core read whole: `bytes` for readers that know it, and `body` as a
 * stream over the same bytes, made on first access, for everyone else (an interceptor's `resume()`).
 */
function wholeBodyResponse(status: number, headers: TritonResponse['headers'], bytes: Promise<Buffer>): TritonResponse {
  let body: Readable | undefined;
  return {
    status,
    headers,
    bytes,
    get body(): Readable {
      body ??= streamOf(bytes);
      return body;
    },
  };
}

/** The transport error code behind a status-0 {@link TritonApiError} (e.g. `ECONNREFUSED`). */
export function transportCode(err: unknown): string | undefined {
  if (!(err instanceof TritonApiError) || err.status !== 0) return undefined;
  return (err.cause as { code?: string } | undefined)?.code;
}
