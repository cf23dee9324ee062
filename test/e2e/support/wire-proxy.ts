/**
 * A loopback HTTP proxy between the `triton-iac` binary and the emulator, for what can only be seen
 * on the wire: it records every request the binary sends (so that tests count them), and lets a test
 * answer some requests itself (a server that throttles for ever) or hold them until it says so (to
 * interrupt an apply while one action is in flight). Everything else is forwarded unchanged.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the proxy saw it. */
export interface WireRequest {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  /** The status the binary got. */
  status?: number;
}

/** An answer the proxy gives itself instead of forwarding. */
export interface WireAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON body. */
  readonly body?: unknown;
}

/**
 * Decides what happens to one request: an answer, or `undefined` to forward it (a promise delays
 * the decision, which holds the request).
 */
export type WireHandler = (request: WireRequest) => WireAnswer | undefined | Promise<WireAnswer | undefined>;

/** A running proxy. */
export interface WireProxy {
  /** The URL to give the binary instead of the emulator's. */
  readonly url: string;
  /** Every request so far, in arrival order. */
  readonly requests: readonly WireRequest[];
  /** How many requests matched `method` and `path` (a string matches exactly). */
  count(method: string, path: string | RegExp): number;
  close(): Promise<void>;
}

/** Starts a proxy forwarding to `target` (e.g. the emulator's CloudAPI URL). */
export async function startWireProxy(target: string, handle: WireHandler = () => undefined): Promise<WireProxy> {
  const upstream = new URL(target);
  const requests: WireRequest[] = [];
  const server: Server = createServer((req, res) => {
    const seen: WireRequest = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]! };
    requests.push(seen);
    void (async () => {
      const answer = await handle(seen);
      if (answer !== undefined) {
        seen.status = answer.status;
        const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
        req.resume();
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...answer.headers,
        });
        res.end(body);
        return;
      }
      forward(
        req,
        upstream,
        (status, headers, body) => {
          seen.status = status;
          res.writeHead(status, headers);
          body.pipe(res);
        },
        () => res.destroy(),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (method, path) =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)))
        .length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function forward(
  req: IncomingMessage,
  upstream: URL,
  reply: (status: number, headers: IncomingMessage['headers'], body: IncomingMessage) => void,
  fail: () => void,
): void {
  const out = httpRequest(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => reply(answer.statusCode ?? 502, answer.headers, answer),
  );
  out.on('error', fail);
  req.pipe(out);
}
