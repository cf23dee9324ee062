import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobStore } from '../blob-store.js';
import { NamespaceStore } from '../namespace.js';
import { resolveJobRead, type JobReader } from './job-access.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function namespace(): Promise<NamespaceStore> {
  const dir = mkdtempSync(join(tmpdir(), 'job-access-'));
  dirs.push(dir);
  const store = new NamespaceStore(new BlobStore(join(dir, 'blobs')));
  store.ensureAccount('acme');
  store.ensureAccount('other');
  for (const [path, tags] of [
    ['/acme/stor/own.txt', ['readers']],
    ['/acme/jobs/j1/stor/acme/stor/own.txt.0.x', []],
    ['/other/stor/secret.txt', []],
    ['/other/public/shared.txt', []],
  ] as const) {
    store.mkdirp(path.slice(0, path.lastIndexOf('/')));
    const blob = await store.blobs.write(path);
    store.commitObject(path, [blob], blob.md5, {
      contentType: 'text/plain',
      durability: 2,
      headers: {},
      roleTags: tags,
    });
  }
  return store;
}

const verdict = (r: ReturnType<typeof resolveJobRead>): string => (r.ok ? 'ok' : `${r.code}: ${r.message}`);

describe('resolveJobRead', () => {
  it('lets the account owner read its objects and anyone’s /public, and refuses another account’s other objects', async () => {
    const store = await namespace();
    const owner: JobReader = { login: 'acme' };
    expect(verdict(resolveJobRead(store, owner, 'j1', '/acme/stor/own.txt'))).toBe('ok');
    expect(verdict(resolveJobRead(store, owner, 'j1', '/other/public/shared.txt'))).toBe('ok');
    expect(verdict(resolveJobRead(store, owner, 'j1', '/other/stor/secret.txt'))).toBe(
      'AuthorizationError: permission denied: "/other/stor/secret.txt"',
    );
  });

  it('asks a sub-user’s roles about each object of the account, but not about the job’s own outputs', async () => {
    const store = await namespace();
    const asked: string[] = [];
    const bob: JobReader = {
      login: 'acme',
      mayGetObject: (path, tags) => {
        asked.push(`${path} ${tags.join(',')}`);
        return tags.includes('readers');
      },
    };
    expect(verdict(resolveJobRead(store, bob, 'j1', '/acme/stor/own.txt'))).toBe('ok');
    expect(verdict(resolveJobRead(store, bob, 'j1', '/acme/jobs/j1/stor/acme/stor/own.txt.0.x'))).toBe('ok');
    expect(verdict(resolveJobRead(store, bob, 'j2', '/acme/jobs/j1/stor/acme/stor/own.txt.0.x'))).toBe(
      'AuthorizationError: permission denied: "/acme/jobs/j1/stor/acme/stor/own.txt.0.x"',
    );
    expect(asked).toEqual(['/acme/stor/own.txt readers', '/acme/jobs/j1/stor/acme/stor/own.txt.0.x ']);
  });

  it('names a malformed path, a missing object, an unknown account and a directory before any permission', async () => {
    const store = await namespace();
    const owner: JobReader = { login: 'acme' };
    expect(verdict(resolveJobRead(store, owner, 'j1', '/acme/stor/../x'))).toBe(
      'ResourceNotFoundError: malformed object name: "/acme/stor/../x"',
    );
    expect(verdict(resolveJobRead(store, owner, 'j1', '/other/stor/nope'))).toBe(
      'ResourceNotFoundError: no such object: "/other/stor/nope"',
    );
    expect(verdict(resolveJobRead(store, owner, 'j1', '/nobody/stor/x'))).toBe(
      'ResourceNotFoundError: no such object: "/nobody/stor/x"',
    );
    expect(verdict(resolveJobRead(store, owner, 'j1', '/acme/stor'))).toBe(
      'InvalidArgumentError: objects of type "directory" are not supported: "/acme/stor"',
    );
  });
});
