import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { BlobStore } from './blob-store.js';
import { NamespaceStore } from './namespace.js';

const dirs: string[] = [];
function fresh(): { store: NamespaceStore; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'manta-ns-'));
  dirs.push(dir);
  const store = new NamespaceStore(new BlobStore(join(dir, 'blobs')), dir);
  store.ensureAccount('acme');
  return { store, dir };
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const meta = { contentType: 'text/plain', durability: 2, headers: {} };

async function put(store: NamespaceStore, path: string, body: string): Promise<string> {
  const expected = store.beginObjectWrite(path, {});
  const blob = await store.blobs.write(body);
  return store.commitObject(path, [blob], blob.md5, meta, {}, expected).etag;
}

describe('NamespaceStore', () => {
  it('gives every account the five top-level directories', () => {
    const { store } = fresh();
    expect(store.list('/acme', { limit: 10 }).entries.map((e) => e.name)).toEqual([
      'jobs',
      'public',
      'reports',
      'stor',
      'uploads',
    ]);
  });

  it('stores bytes exactly and gives a fresh etag per write', async () => {
    const { store } = fresh();
    const e1 = await put(store, '/acme/stor/a', 'hello');
    const e2 = await put(store, '/acme/stor/a', 'hello');
    expect(e1).not.toBe(e2);
    const obj = store.tryGetObject('/acme/stor/a');
    expect(await text(store.blobs.read(obj?.blobs ?? []))).toBe('hello');
  });

  it('refuses a PUT under a missing parent, under an object, and onto a directory', async () => {
    const { store } = fresh();
    expect(() => store.beginObjectWrite('/acme/stor/no/x', {})).toThrow(
      expect.objectContaining({ status: 404, code: 'DirectoryDoesNotExist' }),
    );
    await put(store, '/acme/stor/f', 'x');
    expect(() => store.beginObjectWrite('/acme/stor/f/x', {})).toThrow(
      expect.objectContaining({ status: 400, code: 'ParentNotDirectory' }),
    );
    store.putDirectory('/acme/stor/d');
    expect(() => store.beginObjectWrite('/acme/stor/d', {})).toThrow(
      expect.objectContaining({ code: 'OperationNotAllowedOnDirectory' }),
    );
  });

  it('deletes a directory only when it is empty', async () => {
    const { store } = fresh();
    store.putDirectory('/acme/stor/d');
    await put(store, '/acme/stor/d/x', '1');
    expect(() => store.delete('/acme/stor/d')).toThrow(
      expect.objectContaining({ status: 400, code: 'DirectoryNotEmpty' }),
    );
    store.delete('/acme/stor/d/x');
    store.delete('/acme/stor/d');
    expect(store.tryGet('/acme/stor/d')).toBeUndefined();
    expect(() => store.delete('/acme/stor')).toThrow(
      expect.objectContaining({ code: 'OperationNotAllowedOnRootDirectory' }),
    );
  });

  it('pages a listing by name with an inclusive marker and reports the total', async () => {
    const { store } = fresh();
    for (const n of ['c', 'a', 'e', 'b', 'd']) await put(store, `/acme/stor/${n}`, n);
    const first = store.list('/acme/stor', { limit: 2 });
    expect(first.entries.map((e) => e.name)).toEqual(['a', 'b']);
    expect(first.total).toBe(5);
    expect(store.list('/acme/stor', { limit: 2, marker: 'b' }).entries.map((e) => e.name)).toEqual(['b', 'c']);
  });

  it('keeps a snaplink readable after its source is overwritten and deleted', async () => {
    const { store, dir } = fresh();
    const etag = await put(store, '/acme/stor/src', 'original');
    expect(store.link('/acme/stor/ln', '/acme/stor/src').etag).toBe(etag);
    await put(store, '/acme/stor/src', 'replaced');
    store.delete('/acme/stor/src');
    const ln = store.tryGetObject('/acme/stor/ln');
    expect(await text(store.blobs.read(ln?.blobs ?? []))).toBe('original');
    store.delete('/acme/stor/ln');
    // The blob's file is removed in the background: wait for it to go, within a budget far past any load.
    for (let i = 0; i < 5000 && readdirSync(join(dir, 'blobs')).length > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(readdirSync(join(dir, 'blobs'))).toEqual([]);
  });

  it('refuses a link to a missing source or a directory', () => {
    const { store } = fresh();
    expect(() => store.link('/acme/stor/l', '/acme/stor/none')).toThrow(
      expect.objectContaining({ status: 404, code: 'SourceObjectNotFound' }),
    );
    expect(() => store.link('/acme/stor/l', '/acme/stor')).toThrow(
      expect.objectContaining({ status: 400, code: 'LinkNotObject' }),
    );
  });

  it('restores directories, objects and bytes from its snapshot', async () => {
    const { store, dir } = fresh();
    store.putDirectory('/acme/stor/d', ['ops']);
    await put(store, '/acme/stor/d/x', 'persisted');
    await store.save();
    const again = new NamespaceStore(new BlobStore(join(dir, 'blobs')), dir);
    again.load();
    expect(again.tryGet('/acme/stor/d')?.roleTags).toEqual(['ops']);
    const obj = again.tryGetObject('/acme/stor/d/x');
    expect(await text(again.blobs.read(obj?.blobs ?? []))).toBe('persisted');
  });
});

describe('NamespaceStore consistency window', () => {
  it('serves the previous state of a path changed after the read cutoff, and the current one otherwise', async () => {
    const { store } = fresh();
    let now = 1_000_000;
    store.setConsistencyWindow(100, () => now);
    await put(store, '/acme/stor/x', 'v1');
    expect(store.readAt('/acme/stor/x', now - 100)).toBeUndefined();
    now += 150;
    await put(store, '/acme/stor/x', 'v2');
    const stale = store.readAt('/acme/stor/x', now - 100);
    expect(await text(store.blobs.read(stale?.type === 'object' ? stale.blobs : []))).toBe('v1');
    expect(store.readAt('/acme/stor/x', undefined)).toBe(store.tryGet('/acme/stor/x'));
  });

  it('lists a directory as it was at the cutoff: new entries hidden, deleted ones still there', async () => {
    const { store } = fresh();
    let now = 1_000_000;
    await put(store, '/acme/stor/old', 'o');
    store.setConsistencyWindow(100, () => now);
    now += 10;
    await put(store, '/acme/stor/new', 'n');
    store.delete('/acme/stor/old');
    const names = (cutoff?: number): string[] =>
      store.list('/acme/stor', { limit: 10 }, cutoff).entries.map((e) => e.name);
    expect(names(now - 100)).toEqual(['old']);
    expect(names()).toEqual(['new']);
  });
});
