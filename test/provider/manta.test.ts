import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { generateTestKey } from '../../scripts/support/keys.js';
import { createMantaClient, loadKeyMaterial, TritonInputError, type MantaClient } from '../../provider/index.js';
import { startOracleServer, type Handler, type OracleServer } from './support/oracle-server.js';

const key = generateTestKey('ecdsa-p256');
const signer = loadKeyMaterial(key.privateOpenSsh);
const keys = { [`/acme/keys/${key.md5}`]: key.publicOpenSsh };
let server: OracleServer | undefined;
let client: MantaClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function start(handler: Handler): Promise<MantaClient> {
  server = await startOracleServer(keys, handler);
  client = createMantaClient({ url: server.url, account: 'acme', signer, retry: { sleep: async () => undefined } });
  return client;
}

/** A listing that behaves like Manta: sorted, `limit`, inclusive `marker`. */
const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const listing: Handler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const limit = Number(url.searchParams.get('limit') ?? 256);
  const marker = url.searchParams.get('marker');
  const from = marker === null ? 0 : NAMES.indexOf(marker);
  const page = NAMES.slice(from, from + limit);
  res.writeHead(200, {
    'content-type': 'application/x-json-stream; type=directory',
    'result-set-size': String(NAMES.length),
  });
  res.end(
    page
      .map((name) =>
        JSON.stringify({ name, type: 'object', mtime: '2024-01-01T00:00:00Z', size: 1, etag: `e-${name}` }),
      )
      .join('\n') + '\n',
  );
};

describe('Manta directories', () => {
  it('lists one page with its total size', async () => {
    const manta = await start(listing);
    const page = await manta.listDirectory('~~/stor/docs', { limit: 3 });
    expect(page.entries.map((e) => e.name)).toEqual(['a', 'b', 'c']);
    expect(page.resultSetSize).toBe(7);
    expect(server!.seen[0]?.url).toBe('/acme/stor/docs?limit=3');
  });

  it('iterates every entry exactly once although each page repeats the marker entry', async () => {
    const manta = await start(listing);
    const names: string[] = [];
    for await (const entry of manta.iterateDirectory('/acme/stor/docs', { pageSize: 3 })) names.push(entry.name);
    expect(names).toEqual(NAMES);
    expect(server!.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('marker'))).toEqual([
      null,
      'c',
      'e',
      'g',
    ]);
  });

  it('creates a directory with the directory content type, and creates missing parents', async () => {
    const manta = await start((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await manta.makeDirectories('~~/stor/a b/c');
    expect(server!.seen.map((s) => [s.method, s.url, s.headers['content-type']])).toEqual([
      ['PUT', '/acme/stor/a%20b', 'application/json; type=directory'],
      ['PUT', '/acme/stor/a%20b/c', 'application/json; type=directory'],
    ]);
  });

  it('rejects a relative path before sending anything', async () => {
    const manta = await start(listing);
    await expect(manta.listDirectory('stor/docs')).rejects.toThrow(/^path: "stor\/docs" must be absolute/);
    expect(server!.seen).toHaveLength(0);
  });
});

describe('Manta objects', () => {
  it('puts bytes with Content-MD5, durability, m- metadata, role tags and If-Match', async () => {
    const manta = await start((_req, res) => {
      res.writeHead(204, { etag: 'etag-2', 'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT', 'computed-md5': 'x' });
      res.end();
    });
    const result = await manta.putObject('~~/stor/hello.txt', 'hello', {
      contentType: 'text/plain',
      durability: 3,
      metadata: { 'm-owner': 'ops' },
      roleTags: ['readers', 'ops'],
      ifMatch: 'etag-1',
    });
    expect(result).toEqual({ etag: 'etag-2', lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT', computedMd5: 'x' });
    const seen = server!.seen[0]!;
    expect(seen.body).toBe('hello');
    expect(seen.verified).toBe(true);
    expect(seen.headers).toMatchObject({
      'content-type': 'text/plain',
      'content-md5': createHash('md5').update('hello').digest('base64'),
      'durability-level': '3',
      'm-owner': 'ops',
      'role-tag': 'readers,ops',
      'if-match': 'etag-1',
    });
  });

  it('streams a body up and back down', async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => `line ${i}\n`);
    const manta = await start((req, res) => {
      if (req.method === 'PUT') {
        res.writeHead(204, { etag: 'e1' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain', etag: 'e1', 'm-owner': 'ops', 'role-tag': 'a, b' });
      res.end(server!.seen[0]!.body);
    });
    await manta.putObject('~~/stor/log.txt', Readable.from(chunks), { contentType: 'text/plain' });
    expect(server!.seen[0]?.headers['transfer-encoding']).toBe('chunked');
    const got = await manta.getObjectBuffer('~~/stor/log.txt');
    expect(got?.data.toString()).toBe(chunks.join(''));
    expect(got?.metadata).toMatchObject({
      etag: 'e1',
      metadata: { 'm-owner': 'ops' },
      roleTags: ['a', 'b'],
      type: 'object',
    });
  });

  it('tells a directory from an object on HEAD, and returns undefined for 304', async () => {
    const manta = await start((req, res) => {
      if (req.headers['if-none-match'] === 'e1') {
        res.writeHead(304);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-json-stream; type=directory', 'result-set-size': '4' });
      res.end();
    });
    expect(await manta.headObject('~~/stor')).toMatchObject({ type: 'directory', resultSetSize: 4 });
    expect(await manta.getObject('~~/stor/x', { ifNoneMatch: 'e1' })).toBeUndefined();
  });

  it("never reads an object's bytes as a listing: a GET answered as an object is no directory there (404)", async () => {
    const manta = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', etag: 'e1' });
      res.end('not a listing\n');
    });
    await expect(manta.listDirectory('~~/stor/site/x')).rejects.toMatchObject({
      status: 404,
      apiCode: 'NotADirectory',
      operation: 'ListDirectory',
    });
  });

  it('reports a precondition failure with Manta error fields', async () => {
    const manta = await start((_req, res) => {
      res.writeHead(412, { 'content-type': 'application/json', 'x-request-id': 'mreq-1' });
      res.end(JSON.stringify({ code: 'PreconditionFailed', message: 'if-match does not match' }));
    });
    await expect(manta.putObject('~~/stor/x', 'x', { ifMatch: 'old' })).rejects.toMatchObject({
      status: 412,
      apiCode: 'PreconditionFailed',
      requestId: 'mreq-1',
      operation: 'PutObject',
      path: '/acme/stor/x',
    });
  });

  it('sends snaplinks and metadata updates in the documented form', async () => {
    const manta = await start((_req, res) => {
      res.writeHead(204, { etag: 'src-etag' });
      res.end();
    });
    expect(await manta.putSnapLink('~~/stor/link', '~~/stor/source')).toEqual({ etag: 'src-etag' });
    await manta.putMetadata('~~/stor/source', { contentType: 'text/csv', metadata: { 'm-a': '1' } });
    expect(server!.seen[0]?.headers).toMatchObject({
      'content-type': 'application/json; type=link',
      location: '/acme/stor/source',
    });
    expect(server!.seen[1]).toMatchObject({ url: '/acme/stor/source?metadata=true' });
    expect(server!.seen[1]?.headers).toMatchObject({ 'content-type': 'text/csv', 'm-a': '1' });
    await expect(manta.putMetadata('~~/stor/source', { metadata: { owner: 'x' } })).rejects.toThrow(
      /^metadata: header "owner" must start with "m-"/,
    );
  });
});

describe('Manta jobs and multipart uploads', () => {
  it('creates a job, feeds it inputs and reads its outputs', async () => {
    const manta = await start((req, res) => {
      if (req.url === '/acme/jobs' && req.method === 'POST') {
        res.writeHead(201, { location: '/acme/jobs/0f1e2d3c-0000-4000-8000-000000000001' });
        res.end();
      } else if (req.url?.endsWith('/live/out')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('/acme/jobs/x/stor/out.0\n/acme/jobs/x/stor/out.1\n');
      } else {
        res.writeHead(req.url?.endsWith('/end') ? 202 : 204);
        res.end();
      }
    });
    const job = await manta.createJob({
      name: 'wc',
      phases: [{ exec: 'wc -l' }, { type: 'reduce', exec: 'awk "{s+=$1} END {print s}"', count: 1 }],
    });
    expect(job.id).toBe('0f1e2d3c-0000-4000-8000-000000000001');
    await manta.addJobInputs(job.id, ['/acme/stor/a', '/acme/stor/b']);
    await manta.endJobInput(job.id);
    expect(await manta.getJobOutput(job.id)).toEqual(['/acme/jobs/x/stor/out.0', '/acme/jobs/x/stor/out.1']);
    expect(server!.seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /acme/jobs',
      `POST /acme/jobs/${job.id}/live/in`,
      `POST /acme/jobs/${job.id}/live/in/end`,
      `GET /acme/jobs/${job.id}/live/out`,
    ]);
    expect(server!.seen[1]?.body).toBe('/acme/stor/a\n/acme/stor/b\n');
  });

  it('rejects a job phase outside the documented limits before sending it', async () => {
    const manta = await start(listing);
    await expect(manta.createJob({ phases: [{ exec: 'cat', memory: 300 }] })).rejects.toThrow(
      /^phases\[0\]\.memory: 300 must be one of 256, 512/,
    );
    await expect(manta.createJob({ phases: [] })).rejects.toThrow(/^phases: \[\] must be a non-empty array/);
    await expect(
      manta.createJob({ phases: [{ exec: 'cat' }, { type: 'reduce', exec: 'cat', disk: 3 }] }),
    ).rejects.toMatchObject({
      name: 'TritonInputError',
      code: 'INVALID_INPUT',
      field: 'phases[1].disk',
    });
    await expect(manta.createJob({ phases: [{ exec: '' }] })).rejects.toBeInstanceOf(TritonInputError);
    expect(server!.seen).toHaveLength(0);
  });

  it('uploads parts under the parts directory and commits them in order', async () => {
    const id = 'abc12345-0000-4000-8000-000000000000';
    const manta = await start((req, res) => {
      if (req.url === '/acme/uploads') {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, partsDirectory: `/acme/uploads/abc/${id}` }));
      } else if (req.url?.endsWith('/commit')) {
        res.writeHead(201, { location: '/acme/stor/big' });
        res.end();
      } else {
        res.writeHead(204, { etag: `etag-${req.url?.split('/').pop()}` });
        res.end();
      }
    });
    const upload = await manta.createMultipartUpload({ objectPath: '~~/stor/big', headers: { 'durability-level': 2 } });
    const etags = [
      (await manta.uploadPart(upload, 0, 'part zero')).etag!,
      (await manta.uploadPart(upload.id, 1, 'part one')).etag!,
    ];
    const committed = await manta.commitMultipartUpload(upload, etags);
    expect(committed.location).toBe('/acme/stor/big');
    expect(JSON.parse(server!.seen[0]!.body)).toEqual({
      objectPath: '/acme/stor/big',
      headers: { 'durability-level': 2 },
    });
    expect(server!.seen.slice(1).map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      `PUT /acme/uploads/abc/${id}/0 part zero`,
      `PUT /acme/uploads/abc/${id}/1 part one`,
      `POST /acme/uploads/abc/${id}/commit {"parts":["etag-0","etag-1"]}`,
    ]);
  });
});
