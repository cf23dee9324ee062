/**
 * Answers the client reads whole (JSON calls, empty ones) are collected by the transport without a
 * Node stream per answer; these check, over real HTTP, that what a caller gets is unchanged: the
 * data however the body is split, every error as before, and that a Manta download still streams.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCloudApiClient, createMantaClient, TritonApiError } from '../../provider/index.js';
import { readText } from '../../provider/http/api-caller.js';
import { createCoreDispatch } from '../../provider/http/core.js';
import type { TritonResponse } from '../../provider/http/types.js';
import { acmeKey, startOracleServer, type OracleServer } from './support/oracle-server.js';

const { signer, keys } = acmeKey();
let server: OracleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const users = Array.from({ length: 40 }, (_, i) => ({ id: `id-${i}`, login: `user${i}`, email: `u${i}@example.com` }));

/** Writes `text` in `pieces` chunked-encoding writes, each after the last has been flushed. */
async function writeInPieces(res: ServerResponse, text: string, pieces: number): Promise<void> {
  const bytes = Buffer.from(text);
  const size = Math.ceil(bytes.length / pieces);
  for (let at = 0; at < bytes.length; at += size) {
    await new Promise<void>((resolve) => res.write(bytes.subarray(at, at + size), () => resolve()));
  }
  res.end();
}

/** A promise with its resolver, for a server and a client to wait on each other. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('answers read whole', () => {
  it('give the same data however the body is split', async () => {
    server = await startOracleServer(keys, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      await writeInPieces(res, JSON.stringify(users), 97);
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer });
    try {
      expect(await client.listUsers()).toEqual(users);
    } finally {
      await client.close();
    }
  });

  it('refuse an empty list answer, and accept an empty answer where none is expected', async () => {
    server = await startOracleServer(keys, (req, res) => {
      res.writeHead(req.method === 'DELETE' ? 204 : 200, { 'content-type': 'application/json' });
      res.end();
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    try {
      await expect(client.listUsers()).rejects.toMatchObject({
        apiCode: 'InvalidResponse',
        serverMessage: 'expected a JSON array of objects, got an empty body',
      });
      await expect(client.deleteUser('user1')).resolves.toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('read a HEAD answer, repeated headers included, and its failure', async () => {
    server = await startOracleServer(keys, (req, res) => {
      if (req.url?.endsWith('/missing')) {
        res.writeHead(404, { 'request-id': 'r-404' });
        res.end();
        return;
      }
      res.setHeader('content-type', 'text/plain');
      res.setHeader('m-colour', ['red', 'blue']);
      res.writeHead(200);
      res.end();
    });
    const manta = createMantaClient({ url: server.url, account: 'acme', signer, retry: false });
    try {
      expect(await manta.headObject('~~/stor/x')).toMatchObject({
        contentType: 'text/plain',
        metadata: { 'm-colour': 'red, blue' },
      });
      await expect(manta.headObject('~~/stor/missing')).rejects.toMatchObject({
        status: 404,
        apiCode: 'ResourceNotFound',
        requestId: 'r-404',
      });
    } finally {
      await manta.close();
    }
  });

  it("turn an error answer split over many chunks into the server's code and message", async () => {
    server = await startOracleServer(keys, async (_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json', 'request-id': 'r-9' });
      await writeInPieces(res, JSON.stringify({ code: 'InvalidArgument', message: 'login user1 is taken' }), 13);
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    try {
      const err = await client
        .createUser({ login: 'user1', email: 'a@example.com', password: 'pw-1234567' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TritonApiError);
      expect((err as Error).message).toBe(
        'CreateUser (POST /acme/users) failed: 409 InvalidArgument: login user1 is taken [request-id r-9]',
      );
    } finally {
      await client.close();
    }
  });

  it('read only the first 64 KiB of an error body, and keep the connection usable', async () => {
    // Valid JSON whose code and message come after the first 64 KiB: only a reader that kept the
    // limit misses them and falls back to the status and the start of the text.
    const huge = `{"padding":"${'x'.repeat(100 * 1024)}","code":"Late","message":"too late"}`;
    server = await startOracleServer(keys, async (_req, res, _seen, index) => {
      res.writeHead(index === 0 ? 500 : 200, { 'content-type': 'application/json' });
      if (index === 0) await writeInPieces(res, huge, 40);
      else res.end('[]');
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false, maxConcurrent: 1 });
    try {
      await expect(client.listRoles()).rejects.toMatchObject({
        status: 500,
        apiCode: 'InternalError',
        serverMessage: huge.slice(0, 500),
      });
      expect(await client.listRoles()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("reject with the signal's reason when aborted while the body arrives", async () => {
    const firstHalfSent = gate();
    const release = gate();
    server = await startOracleServer(keys, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"login":"a"},', () => firstHalfSent.open());
      await release.promise;
      res.destroy();
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    const controller = new AbortController();
    const reason = new Error('the user pressed ^C');
    try {
      const listing = client.listUsers({ signal: controller.signal });
      await firstHalfSent.promise;
      controller.abort(reason);
      await expect(listing).rejects.toBe(reason);
    } finally {
      release.open();
      await client.close();
    }
  });

  it("reject with the signal's reason when aborted before the answer, or already aborted", async () => {
    const arrived = gate();
    const release = gate();
    server = await startOracleServer(keys, async (_req, res) => {
      arrived.open();
      await release.promise;
      res.destroy();
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    const controller = new AbortController();
    const reason = new Error('stop');
    try {
      const listing = client.listUsers({ signal: controller.signal });
      await arrived.promise;
      controller.abort(reason);
      await expect(listing).rejects.toBe(reason);
      await expect(client.listRoles({ signal: controller.signal })).rejects.toBe(reason);
    } finally {
      release.open();
      await client.close();
    }
  });

  it('fail with a body timeout when the body stops arriving', async () => {
    const release = gate();
    server = await startOracleServer(keys, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"login":"a"},');
      await release.promise;
      res.destroy();
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false, timeoutMs: 200 });
    try {
      await expect(client.listUsers()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    } finally {
      release.open();
      await client.close();
    }
  });

  it('fail with a socket error when the connection is reset in the middle of the body', async () => {
    server = await startOracleServer(keys, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('[{"login":"a"},', () => res.socket?.destroy());
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    try {
      await expect(client.listUsers()).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    } finally {
      await client.close();
    }
  });
});

describe('Manta downloads', () => {
  it('still stream: the first bytes reach the caller before the server sends the rest', async () => {
    const firstChunkRead = gate();
    const part = 'a'.repeat(64 * 1024);
    server = await startOracleServer(keys, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(part);
      // The server sends the rest only once the caller holds the first bytes: a transport that
      // read the download whole would wait here for ever.
      await firstChunkRead.promise;
      res.end(part.replace(/a/g, 'b'));
    });
    const manta = createMantaClient({ url: server.url, account: 'acme', signer });
    try {
      const object = await manta.getObject('~~/stor/big');
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) {
        chunks.push(chunk as Buffer);
        firstChunkRead.open();
      }
      const text = Buffer.concat(chunks).toString();
      expect(text).toBe(part + part.replace(/a/g, 'b'));
    } finally {
      firstChunkRead.open();
      await manta.close();
    }
  });
});

describe('the body stream of an answer read whole', () => {
  it('gives the same bytes, or the same failure, to a consumer that reads the stream', async () => {
    server = await startOracleServer(keys, async (req, res) => {
      const cut = req.url === '/cut';
      res.writeHead(200, { 'content-type': 'application/json', ...(cut ? { 'content-length': '1000' } : {}) });
      if (cut) res.write('[{"login":"a"},', () => res.socket?.destroy());
      else await writeInPieces(res, JSON.stringify(users), 7);
    });
    const core = createCoreDispatch({ url: server.url });
    const get = (path: string): Promise<TritonResponse> =>
      core.dispatch({ operation: 'Get', method: 'GET', path, headers: {}, wholeBody: true });
    try {
      const whole = await get('/users');
      expect(JSON.parse(await readText(whole.body))).toEqual(users);
      expect(JSON.parse((await whole.bytes!).toString())).toEqual(users);
      const cut = await get('/cut');
      const streamError = await readText(cut.body).catch((e: unknown) => e);
      expect(streamError).toMatchObject({ code: 'UND_ERR_SOCKET' });
      await expect(cut.bytes).rejects.toBe(streamError);
    } finally {
      await core.close();
    }
  });
});
