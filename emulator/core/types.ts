import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorError } from './errors.js';
import type { AuthResult } from './auth/verify.js';
import type { EmulatorContext } from './context.js';

/** What a handler answers; the core adds the standard headers, Content-MD5 and Content-Length. */
export interface Reply {
  readonly status: number;
  /** A Buffer or string is sent as is; anything else is sent as JSON. Omit for no body. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string | string[]>>;
}

/** How the core reads a request body before the handler runs. */
export type BodyMode =
  /** Parse JSON or form-urlencoded into `rc.body` (CloudAPI). */
  | 'parsed'
  /** Leave the stream unread; the handler consumes `rc.req` itself (Manta object uploads). */
  | 'stream';

/** One operation of a service. */
export interface Route {
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** A pattern such as `/:account/users/:user`; `*rest` as the last segment matches the remainder. */
  readonly path: string;
  /** The operation name counted in the stats, e.g. `ListUsers`. */
  readonly name: string;
  /** @default 'parsed' */
  readonly body?: BodyMode;
  /**
   * A catch-all route (e.g. SetRoleTags, PUT on any path): another method on a path only it
   * matches is 404, not 405. @default false
   */
  readonly catchAll?: boolean;
  /** Exempt from latency, throttling and faults (`/--ping`). @default false */
  readonly exempt?: boolean;
  /**
   * Handles the request. Return a {@link Reply}, or `undefined` after writing the response yourself
   * (streaming); then send `rc.standardHeaders()` along.
   */
  handler(rc: RequestContext): Promise<Reply | undefined> | Reply | undefined;
}

/** A listener's behaviour: its routes plus the hooks that differ between CloudAPI and Manta. */
export interface Service {
  /** `cloudapi` or `manta`: the key in the stats and in `EmulatorUrls`. */
  readonly name: string;
  readonly routes: readonly Route[];
  /** Largest parsed body accepted (bytes). @default 1 MiB */
  readonly maxBodyBytes?: number;
  /**
   * Methods for which `Expect: 100-continue` is answered by the handler (once it has checked the
   * request) rather than by Node at once. Manta does this for PUTs, and the `manta` tools rely on
   * it. @default none: Node answers 100 immediately
   */
  readonly deferContinueFor?: readonly string[];
  /**
   * Whether a request whose `Expect` is anything but `100-continue` is served as if the header
   * were absent (Node 0.10, which muskie's mantav1 line runs on) rather than answered 417 with no
   * body, as Node 5.5 and later (muskie master, on Node 6) do. @default false: Node's 417
   */
  readonly ignoreOtherExpectations?: boolean;
  /** Headers every response carries besides Date (Server, Api-Version, request id, …). */
  standardHeaders(rc: RequestContext, elapsedMs: number): Record<string, string>;
  /** Runs after the route matched and the body was read: version checks, authentication, RBAC. */
  before?(rc: RequestContext): Promise<void> | void;
  /** Turns an error into the service's wire form. */
  formatError(err: EmulatorError, rc: RequestContext): Reply;
  /** The error for no route: `methodMismatch` when the path exists for another method. */
  routeNotFound(method: string, path: string, methodMismatch: boolean): EmulatorError;
  /** The error for an injected fault or throttling. */
  faultError(kind: 'throttled' | 'internal' | 'unavailable'): EmulatorError;
  /** Called when the emulator closes (flush state, stop jobs). */
  close?(): Promise<void>;
}

/** Everything a handler knows about the request it serves. */
export interface RequestContext {
  readonly ctx: EmulatorContext;
  readonly service: Service;
  readonly route: Route;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Upper-case method as sent (HEAD stays HEAD even when served by a GET route). */
  readonly method: string;
  /** The raw path and query as sent, e.g. for `(request-target)`. */
  readonly url: string;
  /** The percent-decoded path without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Route parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The parsed body (`parsed` routes): an object, or `{}` when there was none. */
  body: Record<string, unknown>;
  readonly requestId: string;
  /** The client address, for `sourceip` policy conditions. */
  readonly sourceIp: string;
  /** Set by the service's `before` hook once the signature verified. */
  auth?: AuthResult;
  /** Lower-case request header, joined when repeated. */
  header(name: string): string | undefined;
  /** The standard headers, for handlers that write the response themselves. */
  standardHeaders(): Record<string, string>;
  /** Scratch space the service's hooks share with its handlers (e.g. the negotiated version). */
  readonly locals: Record<string, unknown>;
  /**
   * Names the operation more precisely once the handler knows it, moving this request's count in the
   * stats from the route's name to `operation`. Manta serves every namespace operation on one route,
   * and benchmarks must tell GetObject from HeadObject and ListDirectory.
   */
  nameOperation(operation: string): void;
}
