import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { BlobStore } from './blob-store.js';
import { NamespaceStore } from './namespace.js';
import { MultipartEngine } from './multipart.js';

const dirs: string[] = [];
function setup(minPart = 4): { store: NamespaceStore; mpu: MultipartEngine } {
  const dir = mkdtempSync(join(tmpdir(), 'manta-mpu-'));
  dirs.push(dir);
  const store = new NamespaceStore(new BlobStore(join(dir, 'blobs')));
  store.ensureAccount('acme');
  return { store, mpu: new MultipartEngine(store, minPart) };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const body = (s: string): Readable => Readable.from([Buffer.from(s)]);

describe('MultipartEngine', () => {
  it('creates an upload whose parts directory is under the id prefix', () => {
    const { mpu } = setup();
    const u = mpu.create('acme', { objectPath: '/acme/stor/big', headers: { 'durability-level': 3 } });
    expect(u).toMatchObject({
      state: 'created',
      targetObject: '/acme/stor/big',
      numCopies: 3,
      partsDirectory: `/acme/uploads/${u.id.slice(0, 3)}/${u.id}`,
    });
  });

  it('rejects conditional headers and a missing objectPath, and leaves the target to the commit', () => {
    const { mpu } = setup();
    expect(() => mpu.create('acme', { objectPath: '/acme/stor/x', headers: { 'If-Match': 'a' } })).toThrow(
      expect.objectContaining({ code: 'MultipartUploadInvalidArgument' }),
    );
    expect(() => mpu.create('acme', {})).toThrow(/objectPath/);
    // muskie checks the target's parent at commit, not at create (mantav1 lib/uploads/create.js).
    expect(mpu.create('acme', { objectPath: '/acme/stor/no/x' }).state).toBe('created');
  });

  it('commits consecutive parts into the target object, and a repeat with the same parts is safe', async () => {
    const { store, mpu } = setup();
    const u = mpu.create('acme', { objectPath: '/acme/stor/big' });
    const p0 = await mpu.uploadPart('acme', u.id, '0', body('abcd'));
    const p1 = await mpu.uploadPart('acme', u.id, '1', body('ef'));
    const obj = await mpu.commit('acme', u.id, { parts: [p0.etag, p1.etag] });
    expect(await text(store.blobs.read(obj.blobs))).toBe('abcdef');
    expect(mpu.get('acme', u.id)).toMatchObject({ state: 'done', result: 'committed' });
    expect((await mpu.commit('acme', u.id, { parts: [p0.etag, p1.etag] })).etag).toBe(obj.etag);
    await expect(mpu.commit('acme', u.id, { parts: [p0.etag] })).rejects.toMatchObject({
      status: 409,
      code: 'InvalidMultipartUploadState',
    });
    await expect(mpu.abort('acme', u.id)).rejects.toThrow(/already committed/);
    await expect(mpu.uploadPart('acme', u.id, '2', body('x'))).rejects.toThrow(/already finalized/);
  });

  it('refuses a commit with a wrong etag, a gap or a small middle part', async () => {
    const { mpu } = setup();
    const u = mpu.create('acme', { objectPath: '/acme/stor/big' });
    const p0 = await mpu.uploadPart('acme', u.id, '0', body('ab'));
    const p1 = await mpu.uploadPart('acme', u.id, '1', body('cd'));
    await expect(mpu.commit('acme', u.id, { parts: ['nope'] })).rejects.toThrow(/etag/);
    await expect(mpu.commit('acme', u.id, { parts: [p0.etag, p1.etag] })).rejects.toThrow(/at least 4 bytes/);
    await expect(mpu.commit('acme', u.id, { parts: [p0.etag, p1.etag, 'x'] })).rejects.toThrow(/part 0 is 2 bytes/);
    expect(mpu.get('acme', u.id).state).toBe('created');
  });

  it('aborts, repeats the abort safely, and then refuses a commit', async () => {
    const { mpu } = setup();
    const u = mpu.create('acme', { objectPath: '/acme/stor/big' });
    const p0 = await mpu.uploadPart('acme', u.id, '0', body('ab'));
    await mpu.abort('acme', u.id);
    await mpu.abort('acme', u.id);
    expect(mpu.get('acme', u.id)).toMatchObject({ state: 'done', result: 'aborted' });
    await expect(mpu.commit('acme', u.id, { parts: [p0.etag] })).rejects.toThrow(/already aborted/);
  });

  it("answers 404 for another account's upload", () => {
    const { mpu } = setup();
    const u = mpu.create('acme', { objectPath: '/acme/stor/big' });
    expect(() => mpu.get('other', u.id)).toThrow(expect.objectContaining({ status: 404, code: 'ResourceNotFound' }));
  });
});
