import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Tells a client waiting on `Expect: 100-continue` to send the body now. Manta sends `100 Continue`
 * only once it has checked the request (parent directory, preconditions, auth), and the `manta`
 * tools rely on it: `mput -p` from stdin sends a PUT, gets 404 for the missing parent *before*
 * sending any byte, creates the directories and retries with stdin still unread. The service sets
 * `deferContinueFor: ['PUT']` so that Node does not answer 100 itself; the PUT handlers call this
 * when they are ready for the body.
 */
export function sendContinue(req: IncomingMessage, res: ServerResponse): void {
  if (req.headers.expect?.toLowerCase() === '100-continue' && !res.headersSent) res.writeContinue();
}
