import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmulatorError } from './errors.js';
import { Router } from './router.js';
import { readParsedBody } from './private/body.js';
import type { EmulatorContext } from './context.js';
import type { Reply, RequestContext, Route, Service } from './types.js';

/** The unauthenticated stats path, on both listeners. */
export const STATS_PATH = '/--emulator/stats';

/** The service names always present in the stats, even before their first request. */
const STAT_SERVICES = ['cloudapi', 'manta'];

/** How long closing waits for the requests being handled before dropping their connections. */
const CLOSE_GRACE_MS = 5000;

/** A service's listener, with a close that lets the requests being handled finish first. */
export interface ServiceServer {
  /** The server to listen with. */
  readonly server: Server;
  /**
   * Stops accepting connections and refuses (by resetting the connection, before anything is
   * applied) requests that arrive from now on; waits up to `graceMs` for the requests being handled
   * to be answered; then drops every connection. Once it resolves no request changes anything, so
   * the caller's final save holds every write that was acknowledged.
   */
  close(graceMs?: number): Promise<void>;
}

/** A PEM certificate and key: with them the listener serves HTTPS. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
}

/**
 * Builds the HTTP (or, given `tls`, HTTPS) server for one service: routing, body parsing, faults,
 * stats, standard headers and error formatting. The caller listens.
 */
export function createServiceServer(service: Service, ctx: EmulatorContext, tls?: TlsMaterial): ServiceServer {
  const router = new Router(service.routes);
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (closing) {
      // A request on a kept-alive connection after close began: refused before it can change anything.
      req.socket.destroy();
      return;
    }
    const handling = handle(service, ctx, router, req, res).catch((err: unknown) => {
      // A bug in a handler: answer 500 once, without details that could carry request data.
      process.stderr.write(`emulator: ${service.name}: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'InternalError', message: 'internal error' }));
      } else {
        res.destroy();
      }
    });
    inFlight.add(handling);
    void handling.finally(() => inFlight.delete(handling));
  };
  const server: Server =
    tls === undefined ? createServer(listener) : createTlsServer({ cert: tls.cert, key: tls.key }, listener);
  server.keepAliveTimeout = 5000;
  const deferred = service.deferContinueFor ?? [];
  if (deferred.length > 0) {
    // With a checkContinue listener Node no longer answers 100 itself: the handler does, when ready.
    server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
      if (!deferred.includes(req.method ?? '')) res.writeContinue();
      server.emit('request', req, res);
    });
  }
  if (service.ignoreOtherExpectations === true) {
    // Without a checkExpectation listener Node answers 417 itself before any handler runs.
    server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res));
  }
  return {
    server,
    async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
        await Promise.race([Promise.allSettled([...inFlight]), grace]);
        clearTimeout(timer);
      }
      server.closeAllConnections();
      await closed;
    },
  };
}

async function handle(
  service: Service,
  ctx: EmulatorContext,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = performance.now();
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const method = (req.method ?? 'GET').toUpperCase();

  if (rawPath === STATS_PATH) {
    serveStats(ctx, method, res);
    return;
  }

  const match = router.match(method, rawPath);
  const route: Route = match.route ?? { method: 'GET', path: rawPath, name: 'NotFound', handler: () => undefined };
  const requestId = headerOf(req, 'x-request-id') ?? randomUUID();
  const locals: Record<string, unknown> = {};
  let counted = route.name;
  const rc: RequestContext = {
    ctx,
    service,
    route,
    req,
    res,
    method,
    url,
    path: safeDecode(rawPath),
    query: new URLSearchParams(q === -1 ? '' : url.slice(q + 1)),
    params: match.route ? match.params : {},
    body: {},
    requestId,
    sourceIp: normaliseIp(req.socket.remoteAddress ?? ''),
    header: (name) => headerOf(req, name),
    standardHeaders: () => ({
      date: new Date(ctx.clock()).toUTCString(),
      ...service.standardHeaders(rc, performance.now() - started),
    }),
    locals,
    nameOperation: (operation) => {
      if (operation === counted) return;
      ctx.stats.rename(service.name, counted, operation);
      counted = operation;
    },
  };

  if (match.route === undefined) {
    req.resume();
    send(rc, service.formatError(service.routeNotFound(method, rc.path, match.methodMismatch), rc));
    return;
  }
  ctx.stats.record(service.name, route.name);

  const isWrite = method !== 'GET' && method !== 'HEAD';
  let fault: ReturnType<EmulatorContext['faults']['decide']>;
  try {
    if (route.exempt !== true) {
      const delay = ctx.faults.latency();
      if (delay > 0) await sleep(delay);
      if (ctx.faults.throttled()) {
        ctx.stats.throttled(service.name);
        const err = service.faultError('throttled');
        throw new EmulatorError(err.status, err.code, err.message, {
          ...err.headers,
          'retry-after': String(ctx.faults.retryAfterSeconds()),
        });
      }
      fault = ctx.faults.decide(isWrite);
      if (fault !== undefined) ctx.stats.fault(service.name);
      if (fault !== undefined && !fault.afterWrite) {
        req.resume();
        if (fault.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        throw service.faultError(fault.kind);
      }
    }
    if ((route.body ?? 'parsed') === 'parsed') rc.body = await readParsedBody(req, service.maxBodyBytes ?? 1024 * 1024);
    await service.before?.(rc);
    let reply;
    try {
      reply = await route.handler(rc);
    } finally {
      if (isWrite) ctx.consistency.noteWrite();
    }
    if (
      isWrite &&
      fault === undefined &&
      reply !== undefined &&
      reply.status < 300 &&
      !res.headersSent &&
      ctx.faults.loseAnswer(counted, rc.path)
    ) {
      // --lose-answers: the write happened and its answer is lost on the way.
      ctx.stats.fault(service.name);
      req.socket.destroy();
      return;
    }
    if (fault !== undefined) {
      // The write happened; the client must not learn it.
      if (fault.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      throw service.faultError(fault.kind);
    }
    if (reply !== undefined) send(rc, reply);
  } catch (err) {
    if (!req.complete) req.resume();
    if (!(err instanceof EmulatorError)) {
      // A bug in a handler: a 500 in the service's own shape and with its standard headers (muskie
      // answers an uncaught exception as restify's InternalError, Server and x-request-id included),
      // without details that could carry request data.
      process.stderr.write(`emulator: ${service.name}: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
      if (res.headersSent) res.destroy();
      else send(rc, service.formatError(new EmulatorError(500, 'InternalError', 'internal error'), rc));
      return;
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    send(rc, service.formatError(err, rc));
  }
}

/**
 * Writes a reply with the standard headers; JSON bodies get Content-Type, Content-Length and
 * Content-MD5, and HEAD requests get the headers alone.
 */
function send(rc: RequestContext, reply: Reply): void {
  const headers: Record<string, string | string[]> = { ...rc.standardHeaders() };
  let payload: Buffer | undefined;
  if (reply.body !== undefined) {
    if (Buffer.isBuffer(reply.body)) payload = reply.body;
    else if (typeof reply.body === 'string') payload = Buffer.from(reply.body);
    else {
      payload = Buffer.from(JSON.stringify(reply.body));
      headers['content-type'] = 'application/json';
    }
    headers['content-length'] = String(payload.length);
    headers['content-md5'] = createHash('md5').update(payload).digest('base64');
  } else if (reply.status !== 204 && reply.status !== 304) {
    headers['content-length'] = '0';
  }
  if (reply.headers !== undefined) for (const [k, v] of Object.entries(reply.headers)) headers[k.toLowerCase()] = v;
  rc.res.writeHead(reply.status, headers);
  rc.res.end(rc.method === 'HEAD' ? undefined : payload);
}

function serveStats(ctx: EmulatorContext, method: string, res: ServerResponse): void {
  if (method === 'DELETE') {
    ctx.stats.reset();
    res.writeHead(204, { date: new Date(ctx.clock()).toUTCString() });
    res.end();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { 'content-type': 'application/json', allow: 'GET, HEAD, DELETE' });
    res.end(JSON.stringify({ code: 'BadMethod', message: `${method} is not allowed on ${STATS_PATH}` }));
    return;
  }
  const body = JSON.stringify(ctx.stats.snapshot(STAT_SERVICES));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  res.end(method === 'HEAD' ? undefined : body);
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
