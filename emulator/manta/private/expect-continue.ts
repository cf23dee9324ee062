import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const installed = new WeakSet<Server>();

/**
 * Makes the listener stop answering `Expect: 100-continue` on its own for PUTs. Manta sends
 * `100 Continue` only once it has checked the request (parent directory, preconditions, auth),
 * and the `manta` tools rely on it: `mput -p` from stdin sends a PUT, gets 404 for the missing
 * parent *before* sending any byte, creates the directories and retries with stdin still unread.
 * Node answers 100 at once unless a `checkContinue` listener exists, so one is added (once per
 * listener, found through the request's socket) that forwards the request unchanged; the PUT
 * handlers call {@link sendContinue} when they are ready for the body.
 */
export function deferContinue(req: IncomingMessage): void {
  const server = (req.socket as Socket & { server?: Server }).server;
  if (server === undefined || installed.has(server)) return;
  installed.add(server);
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'PUT') response.writeContinue();
    server.emit('request', request, response);
  });
}

/** Tells a client waiting on `Expect: 100-continue` to send the body now. */
export function sendContinue(req: IncomingMessage, res: ServerResponse): void {
  if (req.headers.expect?.toLowerCase() === '100-continue' && !res.headersSent) res.writeContinue();
}
