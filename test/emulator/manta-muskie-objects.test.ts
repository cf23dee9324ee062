import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { toolHome, type ToolHome } from './support/manta-tool.js';
import { manta, mantaChunked, type MantaRequest, type MantaResponse } from './manta-client.js';
import { signatureHeaders } from '../../scripts/support/signer.js';

/**
 * Objects and directories as muskie answers them on the mantav1 line (issue 31, points 9 to 13):
 * CORS on reads, ranges, content types and dispositions, the object write errors and the
 * directory rules, each with the muskie file that decides it.
 */
let t: TestEmulator;
let tools: ToolHome;

const call = (method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(t.emulator.mantaUrl, method, path, { sign: t.owner, ...options });
const put = (path: string, body: string, headers: Record<string, string> = {}): Promise<MantaResponse> =>
  call('PUT', path, { body, headers: { 'content-type': 'text/plain', ...headers } });
const mkdir = (path: string): Promise<MantaResponse> =>
  call('PUT', path, { headers: { 'content-type': 'application/json; type=directory' } });

beforeAll(async () => {
  // A short data timeout so that the stalled-upload test gets its 408 without waiting 45 s.
  t = await startTestEmulator({ mantaUploadTimeoutMs: 300 });
  tools = toolHome(t.emulator.mantaUrl, 'acme', t.key);
  expect((await mkdir('/acme/stor/o')).status).toBe(204);
  expect((await put('/acme/stor/o/digits', '0123456789')).status).toBe(204);
});
afterAll(async () => {
  await t?.close();
  tools?.remove();
});

describe('CORS on GET (mantav1 lib/common.js addCustomHeaders)', () => {
  it('echoes an allowed Origin, drops every CORS header for another origin or method, never sends max-age', async () => {
    const cors = {
      'access-control-allow-origin': 'https://a.example, https://b.example',
      'access-control-allow-methods': 'GET',
      'access-control-expose-headers': 'etag',
      'access-control-max-age': '600',
    };
    expect((await put('/acme/stor/o/cors', 'c', cors)).status).toBe(204);
    const allowed = await call('GET', '/acme/stor/o/cors', { headers: { origin: 'https://b.example' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://b.example');
    expect(allowed.headers['access-control-allow-methods']).toBe('GET');
    expect(allowed.headers['access-control-expose-headers']).toBe('etag');
    expect(allowed.headers['access-control-max-age']).toBeUndefined();
    // A foreign origin loses allow-origin; muskie's loop then still adds what comes after it.
    const other = await call('GET', '/acme/stor/o/cors', { headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(
      Object.keys(other.headers)
        .filter((h) => h.startsWith('access-control-'))
        .sort(),
    ).toEqual(['access-control-allow-methods', 'access-control-expose-headers']);
    const head = await call('HEAD', '/acme/stor/o/cors', { headers: { origin: 'https://a.example' } });
    expect(Object.keys(head.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});

describe('Range requests (mantav1 lib/obj.js verifyRange, streamFromSharks)', () => {
  it('mget with a Range header prints only those bytes', async () => {
    const r = await tools.run('mget', ['-H', 'range: bytes=2-5', '/acme/stor/o/digits']);
    expect([r.code, r.stdout]).toEqual([0, '2345']);
  });

  it('answers 206 with Content-Range, 416 bytes */N past the end, 501 for several ranges', async () => {
    const part = await call('GET', '/acme/stor/o/digits', { headers: { range: 'bytes=-3' } });
    expect([part.status, part.text, part.headers['content-range']]).toEqual([206, '789', 'bytes 7-9/10']);
    expect(part.headers['accept-ranges']).toBeUndefined();
    const whole = await call('GET', '/acme/stor/o/digits');
    expect([whole.status, whole.headers['accept-ranges']]).toEqual([200, 'bytes']);
    const past = await call('GET', '/acme/stor/o/digits', { headers: { range: 'bytes=10-' } });
    expect([past.status, past.headers['content-range']]).toEqual([416, 'bytes */10']);
    const multi = await call('GET', '/acme/stor/o/digits', { headers: { range: 'bytes=0-1,4-5' } });
    expect([multi.status, multi.json.code]).toEqual([501, 'NotImplemented']);
  });
});

describe('Content-Type and Content-Disposition (mantav1 lib/server.js cleanupContentType, lib/utils.js)', () => {
  it('maps a type without a slash through the mime rules', async () => {
    expect((await put('/acme/stor/o/typed', 'x', { 'content-type': 'txt' })).status).toBe(204);
    expect((await call('HEAD', '/acme/stor/o/typed')).headers['content-type']).toBe('text/plain');
    expect((await put('/acme/stor/o/untyped', 'x', { 'content-type': 'nonsense' })).status).toBe(204);
    expect((await call('HEAD', '/acme/stor/o/untyped')).headers['content-type']).toBe('application/octet-stream');
  });

  it('strips paths from a disposition filename, refuses attachment; and lists contentDisposition', async () => {
    const cd = { 'content-disposition': 'inline; filename="../etc/report.csv"' };
    expect((await put('/acme/stor/o/disp', 'x', cd)).status).toBe(204);
    const head = await call('HEAD', '/acme/stor/o/disp');
    expect(head.headers['content-disposition']).toBe('attachment; filename="report.csv"');
    const bad = await put('/acme/stor/o/bad-disp', 'x', { 'content-disposition': 'attachment;' });
    expect([bad.status, bad.json.code]).toEqual([400, 'BadRequest']);
    const listing = (await call('GET', '/acme/stor/o')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; contentDisposition?: string });
    expect(listing.find((e) => e.name === 'disp')?.contentDisposition).toBe('attachment; filename="report.csv"');
  });

  it('ignores a disposition on a directory', async () => {
    const res = await call('PUT', '/acme/stor/o/dir-disp', {
      headers: { 'content-type': 'application/json; type=directory', 'content-disposition': 'attachment' },
    });
    expect(res.status).toBe(204);
    expect((await call('HEAD', '/acme/stor/o/dir-disp')).headers['content-disposition']).toBeUndefined();
  });
});

describe('object write errors (mantav1 lib/obj.js, lib/errors.js)', () => {
  it('refuses a metadata update carrying content-length, content-md5 or durability-level with 400 InvalidUpdate', async () => {
    for (const [k, v] of [
      ['content-md5', 'ICy5YqxZB1uWSwcVLSNLcA=='],
      ['durability-level', '3'],
    ] as const) {
      const res = await mantaChunked(t.emulator.mantaUrl, 'PUT', '/acme/stor/o/digits?metadata=true', {
        sign: t.owner,
        headers: { [k]: v },
      });
      expect([k, res.status, res.json.code]).toEqual([k, 400, 'InvalidUpdate']);
    }
    const withLength = await call('PUT', '/acme/stor/o/digits?metadata=true', { body: '' });
    expect([withLength.status, withLength.json.code]).toEqual([400, 'InvalidUpdate']);
  });

  it('mchmod changes the role tags through a metadata update the server accepts', async () => {
    expect((await t.api('POST', '/acme/roles', { name: 'viewers' })).status).toBe(201);
    const r = await tools.run('mchmod', ['--', '+viewers', '/acme/stor/o/digits']);
    expect(r.code, r.stderr).toBe(0);
    expect((await call('HEAD', '/acme/stor/o/digits')).headers['role-tag']).toBe('viewers');
  });

  it('answers MaxContentLengthExceeded, NotEnoughSpace, BadRequest and NotAcceptable as muskie does', async () => {
    const stream = (await import('node:stream')).Readable.from([Buffer.from('too long')]);
    const big = await call('PUT', '/acme/stor/o/big', { body: stream, headers: { 'max-content-length': '3' } });
    expect([big.status, big.json.code]).toEqual([413, 'MaxContentLengthExceeded']);
    const huge = await new Promise<number>((resolve, reject) => {
      // Declares 6 GB and sends nothing: refused before any byte is read.
      const path = '/acme/stor/o/huge';
      const req = httpRequest(`${t.emulator.mantaUrl}${path}`, {
        method: 'PUT',
        headers: { ...signatureHeaders('PUT', path, t.owner), 'content-length': String(6 * 1024 ** 3) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(huge).toBe(507);
    const md5 = await put('/acme/stor/o/md5', 'x', { 'content-md5': 'not-md5' });
    expect([md5.status, md5.json.code]).toEqual([400, 'BadRequest']);
    const accept = await call('GET', '/acme/stor/o/digits', { headers: { accept: 'application/json' } });
    expect([accept.status, accept.json.code]).toEqual([406, 'NotAcceptable']);
  });

  it('answers a stalled upload 408 UploadTimeout after the data timeout', async () => {
    const path = '/acme/stor/o/stalled';
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${t.emulator.mantaUrl}${path}`, {
        method: 'PUT',
        headers: { ...signatureHeaders('PUT', path, t.owner), 'content-length': '100', 'content-type': 'text/plain' },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('only ten b'); // then nothing: the body never completes
    });
    expect([answer.status, JSON.parse(answer.body).code]).toEqual([408, 'UploadTimeout']);
  });
});

describe('directories (mantav1 lib/dir.js, lib/common.js)', () => {
  it('puts a directory over an object, as muskie mkdir does', async () => {
    expect((await put('/acme/stor/o/was-object', 'x')).status).toBe(204);
    expect((await mkdir('/acme/stor/o/was-object')).status).toBe(204);
    expect((await call('HEAD', '/acme/stor/o/was-object')).headers['content-type']).toContain('type=directory');
  });

  it('answers 400 OperationNotAllowedOnRootDirectory to PUT /:login and to an object PUT on /:login/uploads, 405 to a mkdir there', async () => {
    const root = await mkdir('/acme');
    expect([root.status, root.json.code]).toEqual([400, 'OperationNotAllowedOnRootDirectory']);
    const uploads = await put('/acme/uploads', 'x');
    expect([uploads.status, uploads.json.code]).toEqual([400, 'OperationNotAllowedOnRootDirectory']);
    expect((await mkdir('/acme/uploads')).status).toBe(405);
  });

  it('excludes the marker from the account root listing and keeps it in a directory listing', async () => {
    const root = (await call('GET', '/acme?marker=public')).text.trim().split('\n');
    expect(root.map((l) => (JSON.parse(l) as { name: string }).name)).not.toContain('public');
    const dir = (await call('GET', '/acme/stor/o?marker=digits')).text.trim().split('\n');
    expect((JSON.parse(dir[0]!) as { name: string }).name).toBe('digits');
  });

  it('refuses the operator-only listing parameters with 403 QueryParameterForbidden', async () => {
    for (const q of ['sort=none', 'skip_owner_check=true']) {
      const res = await call('GET', `/acme/stor/o?${q}`);
      expect([q, res.status, res.json.code]).toEqual([q, 403, 'QueryParameterForbidden']);
    }
  });
});
