/**
 * A real `node:http` server on 127.0.0.1:0 that checks every request's HTTP Signature with the
 * reference implementation (`http-signature`), records what it saw, and answers with a handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import httpSignature from 'http-signature';
import { generateTestKey } from '../../../scripts/support/keys.js';
import { loadKeyMaterial } from '../../../provider/index.js';

/** What the server recorded about one request. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** The key id the signature named, or undefined when unsigned. */
  readonly keyId?: string;
  readonly algorithm?: string;
  /** Whether the reference implementation accepted the signature with the registered key. */
  readonly verified: boolean;
  /** Why verification failed, when it did. */
  readonly verifyError?: string;
}

/** Answers one request; return nothing to answer 200 `{}`. */
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  seen: SeenRequest,
  index: number,
) => void | Promise<void>;

/** A running oracle server. */
export interface OracleServer {
  readonly url: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Starts the server.
 * @param keys public keys (OpenSSH) by key id
 */
export async function startOracleServer(
  keys: Readonly<Record<string, string>>,
  handler?: Handler,
): Promise<OracleServer> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let record: SeenRequest;
      const base = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (req.headers.authorization) {
        try {
          const parsed = httpSignature.parseRequest(req, { clockSkew: 300 });
          const key = keys[parsed.keyId];
          const verified = key !== undefined && httpSignature.verifySignature(parsed, key);
          record = {
            ...base,
            keyId: parsed.keyId,
            algorithm: parsed.algorithm,
            verified,
            ...(key ? {} : { verifyError: `unknown keyId ${parsed.keyId}` }),
          };
        } catch (err) {
          record = { ...base, verified: false, verifyError: (err as Error).message };
        }
      } else {
        record = { ...base, verified: false, verifyError: 'no Authorization header' };
      }
      seen.push(record);
      const index = seen.length - 1;
      Promise.resolve(handler ? handler(req, res, record, index) : undefined)
        .then(() => {
          if (!res.headersSent && !res.destroyed) {
            // A minimal account, the answer to the GetAccount most tests send.
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ id: '5c1c2d2e-0000-4000-8000-000000000001', login: 'acme' }));
          }
        })
        .catch((err: Error) => {
          res.writeHead(500);
          res.end(JSON.stringify({ code: 'TestServerError', message: err.message }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A key generated for the `acme` account: the signer a client signs with, and the key table
 * {@link startOracleServer} verifies it with.
 */
export function acmeKey(): {
  key: ReturnType<typeof generateTestKey>;
  signer: ReturnType<typeof loadKeyMaterial>;
  keys: Record<string, string>;
} {
  const key = generateTestKey('rsa');
  return {
    key,
    signer: loadKeyMaterial(key.privateOpenSsh),
    keys: { [`/acme/keys/${key.md5}`]: key.publicOpenSsh },
  };
}
