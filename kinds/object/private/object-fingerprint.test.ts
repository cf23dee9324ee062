import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '../../../provider/manta/types.js';
import { toSecond, unchangedSince } from './object-fingerprint.js';

const applied = {
  path: '/acme/stor/site/a.txt',
  etag: 'e-1',
  md5: 'md5==',
  size: 4,
  contentType: 'text/plain',
  durability: 2,
  headers: { 'cache-control': 'max-age=60' },
  roleTags: ['readers'],
  lastModified: '2026-11-26T10:00:05.000Z',
};
const entry: DirectoryEntry = {
  name: 'a.txt',
  type: 'object',
  mtime: '2026-11-26T10:00:05.734Z',
  etag: 'e-1',
  size: 4,
  contentMD5: 'md5==',
  contentType: 'text/plain',
  durability: 2,
};

describe('unchangedSince', () => {
  it('rebuilds the object from the state when the listing shows the write the apply recorded', () => {
    expect(unchangedSince(applied, entry)).toEqual({
      etag: 'e-1',
      md5: 'md5==',
      size: 4,
      contentType: 'text/plain',
      durability: 2,
      headers: { 'cache-control': 'max-age=60' },
      roleTags: ['readers'],
      lastModified: '2026-11-26T10:00:05.000Z',
    });
  });

  it('wants a HEAD when the object was rewritten (new etag), its metadata changed (later mtime), or the state lacks a field', () => {
    expect(unchangedSince(applied, { ...entry, etag: 'e-2' })).toBeUndefined();
    expect(unchangedSince(applied, { ...entry, mtime: '2026-11-26T10:00:06.001Z' })).toBeUndefined();
    expect(unchangedSince(applied, { ...entry, size: 5 })).toBeUndefined();
    expect(unchangedSince(applied, { ...entry, contentMD5: 'other==' })).toBeUndefined();
    expect(unchangedSince({ ...applied, lastModified: '' }, entry)).toBeUndefined();
    expect(unchangedSince({ ...applied, headers: 'x' }, entry)).toBeUndefined();
    expect(unchangedSince(undefined, entry)).toBeUndefined();
  });

  it('cuts HTTP dates and ISO times to the second, and leaves an unreadable one empty', () => {
    expect(toSecond('Thu, 26 Nov 2026 10:00:05 GMT')).toBe('2026-11-26T10:00:05.000Z');
    expect(toSecond('2026-11-26T10:00:05.999Z')).toBe('2026-11-26T10:00:05.000Z');
    expect(toSecond('yesterday')).toBe('');
    expect(toSecond(undefined)).toBe('');
  });
});
