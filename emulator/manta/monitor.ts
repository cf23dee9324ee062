import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { EmulatorContext } from '../core/context.js';

/**
 * How far above the Manta port muskie's monitoring listener sits: main.js `cfg.port + 800`
 * (master; mantav1 test/monitoring.test.js derives it from MANTA_URL the same way).
 */
export const MONITOR_PORT_OFFSET = 800;

/**
 * muskie's monitoring listener (master main.js: a restify server named `Monitor` with `GET
 * /metrics` from its artedi collector and kang's handler on every other path). The emulator's
 * stand-in serves the request counter muskie keeps (`http_requests_completed`, per operation
 * as the emulator counts them, in Prometheus text format) and a kang snapshot without cueball
 * pools (the emulator has no storage-node or moray connection pools to report).
 */
export function createMantaMonitor(ctx: EmulatorContext): Server {
  const started = new Date(ctx.clock()).toISOString();
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const headers = { server: 'Monitor', date: new Date(ctx.clock()).toUTCString() };
    if (method !== 'GET' && method !== 'HEAD') {
      send(res, 405, { ...headers, 'content-type': 'application/json' }, errorBody('MethodNotAllowed', method, path));
      return;
    }
    if (path === '/metrics') {
      send(res, 200, { ...headers, 'content-type': 'text/plain; version=0.0.4' }, metrics(ctx), method);
      return;
    }
    const kang = kangAnswer(path, started);
    if (kang === undefined) {
      send(res, 404, { ...headers, 'content-type': 'application/json' }, errorBody('ResourceNotFound', method, path));
      return;
    }
    send(res, 200, { ...headers, 'content-type': 'application/json' }, JSON.stringify(kang), method);
  });
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
  method = 'GET',
): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(method === 'HEAD' ? undefined : body);
}

function errorBody(code: string, method: string, path: string): string {
  return JSON.stringify({ code, message: `${method} ${path} is not served by the monitoring listener` });
}

/** The requests Manta answered, per operation, as muskie's `http_requests_completed` counter. */
function metrics(ctx: EmulatorContext): string {
  const snapshot = ctx.stats.snapshot(['manta']);
  const byOperation = (snapshot['manta'] ?? {}) as Record<string, number>;
  const lines = [
    '# HELP http_requests_completed count of Muskie requests completed',
    '# TYPE http_requests_completed counter',
  ];
  for (const [operation, count] of Object.entries(byOperation).sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`http_requests_completed{operation="${operation}"} ${count}`);
  return `${lines.join('\n')}\n`;
}

/** kang's read-only paths (node-kang `knRestifyHandler`): the snapshot, its types, its objects. */
function kangAnswer(path: string, started: string): unknown {
  const service = { component: 'muskie', ident: 'manta-emulator', version: '1.0.0' };
  const stats = { started };
  if (path === '/kang/snapshot') return { service, stats, types: [] };
  if (path === '/kang/types') return [];
  if (path === '/kang/stats') return stats;
  return undefined;
}
