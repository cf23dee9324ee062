import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { signString, type SignOptions } from '../../scripts/support/signer.js';
import { manta, mantaChunked, type MantaRequest, type MantaResponse } from './manta-client.js';

/** The Manta HTTP API of the emulator: status codes, error codes and behaviours of server-behaviour.md. */
let t: TestEmulator;
let bobKey: TestKeyPair;
let bob: SignOptions;

const call = (method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(t.emulator.mantaUrl, method, path, { sign: t.owner, ...options });
const put = (path: string, body: string, headers: Record<string, string> = {}): Promise<MantaResponse> =>
  call('PUT', path, { body, headers: { 'content-type': 'text/plain', ...headers } });
const mkdir = (path: string, headers: Record<string, string> = {}): Promise<MantaResponse> =>
  call('PUT', path, { headers: { 'content-type': 'application/json; type=directory', ...headers } });
const md5 = async (s: string): Promise<string> =>
  (await import('node:crypto')).createHash('md5').update(s).digest('base64');

beforeAll(async () => {
  t = await startTestEmulator();
  bobKey = generateTestKey('ecdsa-p256', 'bob@test');
  bob = { keyId: `/acme/bob/keys/${bobKey.md5}`, key: bobKey };
  expect(
    (await t.api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' })).status,
  ).toBe(201);
  expect((await t.api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' })).status).toBe(201);
  expect(
    (await t.api('POST', '/acme/policies', { name: 'read', rules: ['CAN getobject AND listdirectory'] })).status,
  ).toBe(201);
  expect(
    (
      await t.api('POST', '/acme/roles', {
        name: 'readers',
        members: ['bob'],
        default_members: ['bob'],
        policies: ['read'],
      })
    ).status,
  ).toBe(201);
  expect((await t.api('POST', '/acme/roles', { name: 'others', policies: ['read'] })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('Manta directories', () => {
  it('creates directories idempotently and answers HEAD with the directory content type', async () => {
    expect((await mkdir('/acme/stor/d')).status).toBe(204);
    expect((await mkdir('/acme/stor/d')).status).toBe(204);
    const head = await call('HEAD', '/acme/stor/d');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/x-json-stream; type=directory');
  });

  it('lists the account root as jobs, public, reports, stor and uploads', async () => {
    const res = await call('GET', '/acme');
    expect(
      res.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).name),
    ).toEqual(['jobs', 'public', 'reports', 'stor', 'uploads']);
  });

  it('pages a listing sorted by name with an inclusive marker and Result-Set-Size', async () => {
    await mkdir('/acme/stor/page');
    for (const n of ['c', 'a', 'b', 'd']) expect((await put(`/acme/stor/page/${n}`, n)).status).toBe(204);
    await mkdir('/acme/stor/page/e');
    const first = await call('GET', '/acme/stor/page?limit=2');
    expect(first.headers['content-type']).toBe('application/x-json-stream; type=directory');
    expect(first.headers['result-set-size']).toBe('5');
    const lines = first.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        name: 'a',
        type: 'object',
        size: 1,
        etag: expect.any(String),
        contentType: 'text/plain',
        durability: 2,
      }),
      expect.objectContaining({ name: 'b', type: 'object' }),
    ]);
    const next = await call('GET', '/acme/stor/page?limit=2&marker=b');
    expect(
      next.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).name),
    ).toEqual(['b', 'c']);
    const last = await call('GET', '/acme/stor/page?marker=d');
    expect(
      last.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([expect.objectContaining({ name: 'd' }), expect.objectContaining({ name: 'e', type: 'directory' })]);
  });

  it('rejects a limit outside 1 to 1024 with 400 InvalidArgument', async () => {
    for (const limit of ['0', '1025', 'ten']) {
      const res = await call('GET', `/acme/stor/page?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'InvalidArgument', message: expect.stringContaining(`limit "${limit}"`) });
    }
  });

  it('deletes a directory only when it is empty', async () => {
    const res = await call('DELETE', '/acme/stor/page');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('DirectoryNotEmpty');
    expect((await call('DELETE', '/acme/stor/page/e')).status).toBe(204);
    expect((await call('DELETE', '/acme/stor/page/e')).json).toEqual({
      code: 'ResourceNotFound',
      message: '/acme/stor/page/e was not found',
    });
  });

  it('answers a PUT under a missing parent, under an object and onto a directory with the Manta codes', async () => {
    expect((await put('/acme/stor/nope/x', 'x')).json).toMatchObject({ code: 'DirectoryDoesNotExist' });
    expect((await put('/acme/stor/nope/x', 'x')).status).toBe(404);
    await put('/acme/stor/file', 'x');
    const under = await put('/acme/stor/file/x', 'x');
    expect([under.status, under.json.code]).toEqual([400, 'ParentNotDirectory']);
    const onto = await put('/acme/stor/d', 'x');
    expect([onto.status, onto.json.code]).toEqual([400, 'OperationNotAllowedOnDirectory']);
  });
});

describe('Manta objects', () => {
  it('stores bytes exactly, with a fresh etag per write, Computed-MD5 and the m- headers', async () => {
    const a = await put('/acme/stor/d/obj', 'hello', { 'm-colour': 'blue', 'durability-level': '3' });
    const b = await put('/acme/stor/d/obj', 'hello', { 'm-colour': 'blue', 'durability-level': '3' });
    expect(a.status).toBe(204);
    expect(a.headers['computed-md5']).toBe(await md5('hello'));
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const got = await call('GET', '/acme/stor/d/obj');
    expect(got.text).toBe('hello');
    expect(got.headers).toMatchObject({
      etag: b.headers.etag,
      'm-colour': 'blue',
      'durability-level': '3',
      'content-md5': await md5('hello'),
      server: 'Manta',
    });
    expect(got.headers['x-request-id']).toBeTruthy();
    expect(got.headers['x-response-time']).toMatch(/^\d+$/);
  });

  it('stores m- headers up to 4 KB of values and silently drops the ones beyond, as Manta does', async () => {
    const value = 'v'.repeat(1500);
    await put('/acme/stor/d/many-meta', 'x', { 'm-a': value, 'm-b': value, 'm-c': value });
    const head = await call('HEAD', '/acme/stor/d/many-meta');
    expect([head.headers['m-a'], head.headers['m-b'], head.headers['m-c']]).toEqual([value, value, undefined]);
  });

  it('rejects a Content-MD5 mismatch and keeps the old object', async () => {
    const res = await put('/acme/stor/d/obj', 'changed', { 'content-md5': await md5('other') });
    expect([res.status, res.json.code]).toEqual([400, 'ContentMD5Mismatch']);
    expect((await call('GET', '/acme/stor/d/obj')).text).toBe('hello');
  });

  it('rejects a durability level outside 1 to 6', async () => {
    const res = await put('/acme/stor/d/dl', 'x', { 'durability-level': '9' });
    expect([res.status, res.json.code]).toEqual([400, 'InvalidDurabilityLevel']);
  });

  it('accepts a chunked upload and enforces max-content-length on it', async () => {
    const chunks = (): Readable => Readable.from([Buffer.from('abc'), Buffer.from('def')]);
    const okRes = await call('PUT', '/acme/stor/d/chunked', {
      body: chunks(),
      headers: { 'content-type': 'text/plain', 'max-content-length': '100' },
    });
    expect(okRes.status).toBe(204);
    expect((await call('GET', '/acme/stor/d/chunked')).text).toBe('abcdef');
    const big = await call('PUT', '/acme/stor/d/chunked', { body: chunks(), headers: { 'max-content-length': '4' } });
    expect([big.status, big.json.code]).toEqual([413, 'MaxContentLengthExceeded']);
    expect((await call('GET', '/acme/stor/d/chunked')).text).toBe('abcdef');
  });

  it('applies If-Match, If-None-Match and If-Modified-Since as Manta does', async () => {
    const etag = (await put('/acme/stor/d/cond', 'v1')).headers.etag as string;
    expect((await put('/acme/stor/d/cond', 'v2', { 'if-match': 'stale' })).status).toBe(412);
    expect((await put('/acme/stor/d/cond', 'v2', { 'if-none-match': '*' })).json.code).toBe('PreconditionFailed');
    expect((await put('/acme/stor/d/new', 'v1', { 'if-none-match': '*' })).status).toBe(412);
    expect((await call('GET', '/acme/stor/d/cond', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const future = new Date(Date.now() + 60_000).toUTCString();
    expect((await call('GET', '/acme/stor/d/cond', { headers: { 'if-modified-since': future } })).status).toBe(304);
    expect((await put('/acme/stor/d/cond', 'v2', { 'if-match': etag })).status).toBe(204);
    expect((await call('GET', '/acme/stor/d/cond')).text).toBe('v2');
  });

  it('lets exactly one of two concurrent If-Match writes win; the other gets 409 ConcurrentRequest', async () => {
    // An emulator of its own, keeping its blobs in a directory the test can watch.
    const dataDir = mkdtempSync(join(tmpdir(), 'manta-race-'));
    const own = await startTestEmulator({ dataDir });
    try {
      const c = (method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
        manta(own.emulator.mantaUrl, method, path, { sign: own.owner, ...options });
      const etag = (await c('PUT', '/acme/stor/race', { body: 'base', headers: { 'content-type': 'text/plain' } }))
        .headers.etag as string;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slowBody = (text: string): Readable =>
        Readable.from(
          (async function* () {
            yield Buffer.from(text);
            await gate;
            yield Buffer.from('!');
          })(),
        );
      const writes = ['one', 'two'].map((v) =>
        c('PUT', '/acme/stor/race', {
          body: slowBody(v),
          headers: { 'content-type': 'text/plain', 'if-match': etag },
        }),
      );
      // Both writes must have passed their If-Match check before either body ends. A write streams
      // its body into a `.part` file only after that check: wait until both files exist (a loaded
      // machine may take seconds), within a budget far past any load.
      const blobs = join(dataDir, 'manta', 'blobs');
      const streaming = (): number => readdirSync(blobs).filter((f) => f.endsWith('.part')).length;
      for (let i = 0; i < 20_000 && streaming() < 2; i++) await new Promise((r) => setTimeout(r, 5));
      expect(streaming(), 'both writes are streaming their bodies').toBe(2);
      release();
      const results = await Promise.all(writes);
      expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
      expect(results.find((r) => r.status === 409)?.json.code).toBe('ConcurrentRequest');
      const winner = results.findIndex((r) => r.status === 204);
      expect((await c('GET', '/acme/stor/race')).text).toBe(`${['one', 'two'][winner]}!`);
    } finally {
      await own.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces metadata with PutMetadata and keeps the bytes and etag', async () => {
    const etag = (await put('/acme/stor/d/meta', 'data', { 'm-a': '1' })).headers.etag;
    // An empty stream is sent chunked: muskie refuses a metadata update carrying Content-Length.
    const res = await mantaChunked(t.emulator.mantaUrl, 'PUT', '/acme/stor/d/meta?metadata=true', {
      sign: t.owner,
      headers: { 'content-type': 'text/csv', 'm-b': '2' },
    });
    expect(res.status).toBe(204);
    const head = await call('HEAD', '/acme/stor/d/meta');
    expect(head.headers).toMatchObject({ etag, 'content-type': 'text/csv', 'm-b': '2', 'content-length': '4' });
    expect(head.headers['m-a']).toBeUndefined();
  });

  it('stores role tags given on PUT and refuses a role that does not exist', async () => {
    await put('/acme/stor/d/tagged', 'x', { 'role-tag': 'readers, others' });
    expect((await call('HEAD', '/acme/stor/d/tagged')).headers['role-tag']).toBe('readers, others');
    const res = await put('/acme/stor/d/tagged', 'x', { 'role-tag': 'ghosts' });
    expect([res.status, res.json.code]).toEqual([409, 'InvalidRoleTag']);
  });

  it('answers a CORS preflight from the access-control headers stored on the object', async () => {
    await put('/acme/stor/d/cors', 'x', {
      'access-control-allow-origin': 'https://a.example, https://b.example',
      'access-control-allow-methods': 'GET',
    });
    const allowed = await manta(t.emulator.mantaUrl, 'OPTIONS', '/acme/stor/d/cors', {
      headers: { origin: 'https://b.example' },
    });
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': 'https://b.example',
      'access-control-allow-methods': 'GET',
    });
    const other = await manta(t.emulator.mantaUrl, 'OPTIONS', '/acme/stor/d/cors', {
      headers: { origin: 'https://evil.example' },
    });
    expect([other.status, other.headers['access-control-allow-origin']]).toEqual([200, undefined]);
  });

  it('serves /:login/public to anonymous requests and refuses them anything else with 403 AuthorizationFailed', async () => {
    await put('/acme/public/hello.txt', 'public bytes');
    await put('/acme/stor/private.txt', 'private bytes');
    const pub = await manta(t.emulator.mantaUrl, 'GET', '/acme/public/hello.txt');
    expect([pub.status, pub.text]).toEqual([200, 'public bytes']);
    const priv = await manta(t.emulator.mantaUrl, 'GET', '/acme/stor/private.txt');
    expect([priv.status, priv.json]).toEqual([
      403,
      { code: 'AuthorizationFailed', message: 'anonymous is not allowed to access /acme/stor/private.txt' },
    ]);
    const write = await manta(t.emulator.mantaUrl, 'PUT', '/acme/public/hello.txt', { body: 'x' });
    expect([write.status, write.json.code]).toEqual([403, 'AuthorizationFailed']);
    expect((await call('GET', '/acme/public/hello.txt')).text).toBe('public bytes');
  });

  it('answers an anonymous request to an unknown account 403 AccountDoesNotExist, public path or not', async () => {
    for (const path of ['/nobody/stor/x', '/nobody/public/x']) {
      const r = await manta(t.emulator.mantaUrl, 'GET', path);
      expect([r.status, r.json]).toEqual([403, { code: 'AccountDoesNotExist', message: 'nobody does not exist' }]);
    }
  });

  it('refuses an Authorization scheme other than Signature with 403 AuthorizationSchemeNotAllowed', async () => {
    const r = await manta(t.emulator.mantaUrl, 'GET', '/acme/stor/private.txt', {
      headers: { authorization: 'Basic YWNtZTpzZWNyZXQ=' },
    });
    expect([r.status, r.json]).toEqual([
      403,
      { code: 'AuthorizationSchemeNotAllowed', message: "basic is not allowed (use 'signature')" },
    ]);
  });
});

describe('Manta snaplinks', () => {
  const link = (path: string, location?: string): Promise<MantaResponse> =>
    call('PUT', path, {
      headers: { 'content-type': 'application/json; type=link', ...(location !== undefined ? { location } : {}) },
    });

  it('needs a Location naming an existing object', async () => {
    expect((await link('/acme/stor/d/l')).json).toMatchObject({ code: 'LocationRequired' });
    const missing = await link('/acme/stor/d/l', '/acme/stor/d/none');
    expect([missing.status, missing.json.code]).toEqual([404, 'SourceObjectNotFound']);
    const dir = await link('/acme/stor/d/l', '/acme/stor/d');
    expect([dir.status, dir.json.code]).toEqual([400, 'LinkNotObject']);
  });

  it('shares the source bytes and etag, even after the source is overwritten and deleted', async () => {
    const src = await put('/acme/stor/d/src', 'original');
    const res = await link('/acme/stor/d/l', '/acme/stor/d/src');
    expect([res.status, res.headers.etag]).toEqual([204, src.headers.etag]);
    await put('/acme/stor/d/src', 'overwritten');
    await call('DELETE', '/acme/stor/d/src');
    expect((await call('GET', '/acme/stor/d/l')).text).toBe('original');
  });
});

describe('Manta authentication and RBAC', () => {
  it('maps each signature failure to the Manta status and code', async () => {
    const other = generateTestKey('ecdsa-p256');
    const cases: Array<[SignOptions, number, string]> = [
      [{ keyId: '/acme/nokeys', key: t.key }, 403, 'InvalidKeyId'],
      [{ keyId: `/acme/keys/${other.md5}`, key: other }, 403, 'KeyDoesNotExist'],
      [{ keyId: `/acme/keys/${t.key.md5}`, key: other, algorithm: 'rsa-sha256' }, 403, 'InvalidSignature'],
      [{ keyId: `/nobody/keys/${t.key.md5}`, key: t.key }, 403, 'AccountDoesNotExist'],
      [{ keyId: `/acme/carol/keys/${t.key.md5}`, key: t.key }, 403, 'UserDoesNotExist'],
      [{ keyId: `/acme/keys/${t.key.md5}`, key: t.key, algorithm: 'hmac-sha256' }, 401, 'InvalidAlgorithm'],
    ];
    for (const [sign, status, code] of cases) {
      const res = await manta(t.emulator.mantaUrl, 'GET', '/acme/stor', { sign });
      expect([res.status, res.json?.code]).toEqual([status, code]);
    }
  });

  it("answers a path of an account that does not exist 403 AccountDoesNotExist, as muskie's loadOwner does", async () => {
    const res = await call('GET', '/other/stor');
    expect([res.status, res.json.code]).toEqual([403, 'AccountDoesNotExist']);
  });

  it('lets a sub-user read only what a role tag and its policy allow', async () => {
    await put('/acme/stor/d/for-bob', 'readable', { 'role-tag': 'readers' });
    await put('/acme/stor/d/not-for-bob', 'secret');
    const ok = await manta(t.emulator.mantaUrl, 'GET', '/acme/stor/d/for-bob', { sign: bob });
    expect([ok.status, ok.text]).toEqual([200, 'readable']);
    const denied = await manta(t.emulator.mantaUrl, 'GET', '/acme/stor/d/not-for-bob', { sign: bob });
    // bob has an active role, but none tags the object: muskie says NoMatchingRoleTag.
    expect([denied.status, denied.json.code]).toEqual([403, 'NoMatchingRoleTag']);
    const write = await manta(t.emulator.mantaUrl, 'PUT', '/acme/stor/d/for-bob', { sign: bob, body: 'x' });
    expect(write.status).toBe(403);
    await put('/acme/public/open.txt', 'open');
    expect((await manta(t.emulator.mantaUrl, 'GET', '/acme/public/open.txt', { sign: bob })).status).toBe(200);
    const wrongRole = await manta(t.emulator.mantaUrl, 'GET', '/acme/stor/d/for-bob', {
      sign: bob,
      headers: { role: 'others' },
    });
    expect([wrongRole.status, wrongRole.json.code]).toEqual([409, 'InvalidRole']);
  });
});

describe('Manta signed URLs and the object writer other services use', () => {
  function signedUrl(path: string, expires: number): string {
    const host = new URL(t.emulator.mantaUrl).host;
    const query = { algorithm: 'RSA-SHA256', expires: String(expires), keyId: `/acme/keys/${t.key.md5}` };
    const sorted = Object.entries(query)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    const signature = signString(t.key, 'rsa-sha256', ['GET', host, path, sorted].join('\n'));
    return `${path}?${sorted}&signature=${encodeURIComponent(signature)}`;
  }

  it('serves a GET through a signed URL until it expires', async () => {
    await put('/acme/stor/d/signed', 'via url');
    const valid = await manta(
      t.emulator.mantaUrl,
      'GET',
      signedUrl('/acme/stor/d/signed', Math.floor(Date.now() / 1000) + 60),
    );
    expect([valid.status, valid.text]).toEqual([200, 'via url']);
    const expired = await manta(
      t.emulator.mantaUrl,
      'GET',
      signedUrl('/acme/stor/d/signed', Math.floor(Date.now() / 1000) - 10),
    );
    expect([expired.status, expired.json.code]).toEqual([403, 'InvalidQueryStringAuthentication']);
  });

  it('lets CloudAPI write an object with its parent directories through mantaWriter', async () => {
    const writer = t.emulator.context.mantaWriter;
    await writer?.putObject(
      'acme',
      '/acme/stor/images/base.imgmanifest',
      Buffer.from('{"name":"base"}'),
      'application/json',
    );
    const got = await call('GET', '/acme/stor/images/base.imgmanifest');
    expect([got.status, got.headers['content-type'], got.text]).toEqual([200, 'application/json', '{"name":"base"}']);
    expect(await writer?.isDirectory('acme', '/acme/stor/images')).toBe(true);
  });
});
