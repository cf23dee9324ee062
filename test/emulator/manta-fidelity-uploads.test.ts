import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import type { SignOptions } from '../../scripts/support/signer.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { toolHome, type ToolHome } from './support/manta-tool.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * Multipart uploads as muskie answers them on both lines (issue 39, Manta points 4 to 8): a
 * sub-user refused before any role tag, mantav1's PUT routing, DELETE on upload paths, the target
 * checked at commit rather than create, and Content-Disposition at create. Through `mmpu`, `mput`
 * and `mrm` where they reach, signed raw HTTP where they do not.
 */
const lines = [1, 2] as const;
const emulators = new Map<1 | 2, TestEmulator>();
const owners = new Map<1 | 2, ToolHome>();
const bobs = new Map<1 | 2, ToolHome>();
const bobKey = generateTestKey('ecdsa-p256', 'bob@test');
const bob: SignOptions = { keyId: `/acme/bob/keys/${bobKey.md5}`, key: bobKey };

const at = (v: 1 | 2): TestEmulator => emulators.get(v) as TestEmulator;
const call = (v: 1 | 2, method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(at(v).emulator.mantaUrl, method, path, { sign: at(v).owner, ...options });
const create = async (v: 1 | 2, objectPath: string): Promise<{ id: string; partsDirectory: string }> =>
  (await call(v, 'POST', '/acme/uploads', { body: { objectPath } })).json as { id: string; partsDirectory: string };

beforeAll(async () => {
  for (const v of lines) {
    const t = await startTestEmulator({ mantaVersion: v });
    emulators.set(v, t);
    owners.set(v, toolHome(t.emulator.mantaUrl, 'acme', t.key));
    bobs.set(v, toolHome(t.emulator.mantaUrl, 'acme', bobKey));
    await t.api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' });
    await t.api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' });
    await t.api('POST', '/acme/policies', { name: 'read', rules: ['CAN getobject'] });
    await t.api('POST', '/acme/roles', {
      name: 'reader',
      members: ['bob'],
      default_members: ['bob'],
      policies: ['read'],
    });
  }
});
afterAll(async () => {
  for (const v of lines) {
    owners.get(v)?.remove();
    bobs.get(v)?.remove();
    await emulators.get(v)?.close();
  }
});

describe.each(lines)('multipart uploads on Manta v%i', (v) => {
  it('refuses a sub-user state, abort and commit with AuthorizationFailed before any role tag, a part PUT with NoMatchingRoleTag', async () => {
    // `mmpu` finds an upload through the redirect first, which hides these answers: raw HTTP.
    const { partsDirectory } = await create(v, '/acme/stor/sub.txt');
    const seen: string[] = [];
    for (const [method, path] of [
      ['GET', `${partsDirectory}/state`],
      ['POST', `${partsDirectory}/abort`],
      ['POST', `${partsDirectory}/commit`],
      ['PUT', `${partsDirectory}/0`],
    ] as const) {
      const res = await manta(at(v).emulator.mantaUrl, method, path, {
        sign: bob,
        ...(method === 'GET' ? {} : { body: method === 'PUT' ? 'part' : { parts: [] } }),
      });
      seen.push(`${method} ${path.slice(partsDirectory.length)} ${res.status} ${res.json.code}`);
    }
    expect(seen).toEqual([
      'GET /state 403 AuthorizationFailed',
      'POST /abort 403 AuthorizationFailed',
      'POST /commit 403 AuthorizationFailed',
      'PUT /0 403 NoMatchingRoleTag',
    ]);
  });

  it('answers a DELETE of an upload or a part 405 with an empty body, allowMpuDeletes or not', async () => {
    const { partsDirectory } = await create(v, '/acme/stor/del.txt');
    expect((await call(v, 'PUT', `${partsDirectory}/0`, { body: 'x' })).status).toBe(204);
    const mrm = await (owners.get(v) as ToolHome).run('mrm', [`${partsDirectory}/0`]);
    expect([mrm.code, mrm.stderr]).toEqual([1, expect.stringMatching(/MethodNotAllowed|405/)]);
    for (const path of [partsDirectory, `${partsDirectory}/0`]) {
      for (const q of ['', '?allowMpuDeletes=true']) {
        const res = await call(v, 'DELETE', `${path}${q}`);
        expect([path + q, res.status, res.text]).toEqual([path + q, 405, '']);
      }
    }
    expect((await call(v, 'GET', `${partsDirectory}/state`)).json.state).toBe('created');
    // muskie's upload routes name the prefix `[0-f]+`: another name is an ordinary path (404 here).
    const plain = await call(v, 'DELETE', '/acme/uploads/zz/nothing');
    expect([plain.status, plain.json.code]).toEqual([404, 'ResourceNotFound']);
  });

  it('creates an upload for any target of an existing account, and refuses it at commit with 404 DirectoryDoesNotExist', async () => {
    const tool = owners.get(v) as ToolHome;
    // Through the tool once: `mmpu create` succeeds, `mmpu commit` fails (it words every 404 of a
    // commit as "multipart upload is not supported", node-manta lib/client.js commitUpload).
    const made = await tool.run('mmpu', ['create', '/acme/nowhere/x.txt']);
    expect(made.code).toBe(0);
    expect((await tool.run('mmpu', ['commit', made.stdout.trim()])).code).toBe(1);
    // The redirect every client follows names the parts directory.
    const first = (await call(v, 'GET', `/acme/uploads/${made.stdout.trim()}`)).headers.location as string;
    const parts = [first];
    for (const target of ['/acme/stor/missing/x.txt', '/acme/reports/x.txt', '/acme/x.txt']) {
      const res = await call(v, 'POST', '/acme/uploads', { body: { objectPath: target } });
      expect([target, res.status]).toEqual([target, 201]);
      parts.push((res.json as { partsDirectory: string }).partsDirectory);
    }
    for (const partsDirectory of parts) {
      const commit = await call(v, 'POST', `${partsDirectory}/commit`, { body: { parts: [] } });
      expect([partsDirectory, commit.status, commit.json.code]).toEqual([partsDirectory, 404, 'DirectoryDoesNotExist']);
    }
    const foreign = await call(v, 'POST', '/acme/uploads', { body: { objectPath: '/nobody/stor/x' } });
    expect([foreign.status, foreign.json.code]).toEqual([403, 'AccountDoesNotExist']);
  });

  it('refuses an unparsable Content-Disposition at create with 400, an empty body on v1 and BadRequest on v2', async () => {
    const made = await (owners.get(v) as ToolHome).run('mmpu', [
      'create',
      '-H',
      'content-disposition: attachment;',
      '/acme/stor/cd.txt',
    ]);
    expect(made.code).toBe(1);
    const res = await call(v, 'POST', '/acme/uploads', {
      body: { objectPath: '/acme/stor/cd.txt', headers: { 'content-disposition': 'attachment;' } },
    });
    expect([res.status, res.json?.code]).toEqual(v === 1 ? [400, undefined] : [400, 'BadRequest']);
    const ok = await call(v, 'POST', '/acme/uploads', {
      body: { objectPath: '/acme/stor/cd.txt', headers: { 'content-disposition': 'attachment; filename="a/b.txt"' } },
    });
    const state = await call(v, 'GET', `${(ok.json as { partsDirectory: string }).partsDirectory}/state`);
    expect(state.json.headers).toEqual({ 'content-disposition': 'attachment; filename="b.txt"' });
  });
});

describe('PUT routing on mantav1 (restify 2 prefers a typed route) and on master', () => {
  it('answers an object PUT on /:login/uploads 400 OperationNotAllowedOnRootDirectory on v1, 405 on v2', async () => {
    // `mput` onto a directory writes under it, so the PUT of the directory itself is raw HTTP.
    const one = await call(1, 'PUT', '/acme/uploads', { body: 'x', headers: { 'content-type': 'text/plain' } });
    expect([one.status, one.json.code]).toEqual([400, 'OperationNotAllowedOnRootDirectory']);
    const two = await call(2, 'PUT', '/acme/uploads', { body: 'x', headers: { 'content-type': 'text/plain' } });
    expect([two.status, two.text]).toEqual([405, '']);
  });

  it('reads back and lists an object a client put under /:login/uploads, as muskie stores it like any path', async () => {
    const tool = owners.get(1) as ToolHome;
    const put = await tool.run('mput', ['-H', 'content-type: text/plain', '/acme/uploads/note.txt'], 'kept');
    expect(put.code).toBe(0);
    expect((await tool.run('mget', ['/acme/uploads/note.txt'])).stdout).toBe('kept');
    const { partsDirectory } = await create(1, '/acme/stor/beside.txt');
    const names = (await tool.run('mls', ['/acme/uploads'])).stdout.trim().split('\n');
    // Other tests of this file leave open uploads too: the listing holds theirs as well.
    expect(names).toEqual(expect.arrayContaining(['note.txt', `${partsDirectory.split('/')[3]}/`]));
    expect(names).toEqual([...names].sort());
  });

  it('takes state, abort and commit as a part number on a v1 PUT (409), and answers 405 on v2', async () => {
    for (const v of lines) {
      const { partsDirectory } = await create(v, '/acme/stor/route.txt');
      for (const word of ['state', 'abort', 'commit']) {
        const res = await call(v, 'PUT', `${partsDirectory}/${word}`, { body: '' });
        expect([v, word, res.status, res.json?.code, res.json?.message]).toEqual(
          v === 1
            ? [v, word, 409, 'MultipartUploadInvalidArgument', `${word} is not a valid part number`]
            : [v, word, 405, undefined, undefined],
        );
      }
    }
  });
});
