import { describe, expect, it } from 'vitest';
import { createObjectHandler, objectHandler } from './handler.js';

describe('object normalisation', () => {
  it('fills the server defaults and sorts role tags and header names', () => {
    const desired = objectHandler.normalizeDesired({
      path: '/acme/stor/o',
      content: { text: 'x' },
      md5: 'md5',
      size: 1,
      headers: { 'M-Zed': '1', 'cache-control': 'no-cache' },
      roleTags: ['web', 'ops'],
    });
    expect(desired).toEqual({
      path: '/acme/stor/o',
      md5: 'md5',
      size: 1,
      contentType: 'application/octet-stream',
      durability: 2,
      headers: { 'cache-control': 'no-cache', 'm-zed': '1' },
      roleTags: ['ops', 'web'],
    });
    expect(Object.keys(desired.headers as object)).toEqual(['cache-control', 'm-zed']);
  });

  it('puts the live object in the same shape, keeping the etag and modification time only as computed fields', () => {
    const live = {
      path: '/acme/stor/o',
      etag: 'e1',
      md5: 'md5',
      size: 1,
      contentType: 'text/plain',
      durability: 2,
      headers: { 'm-b': '2', 'm-a': '1' },
      roleTags: ['web', 'ops'],
      lastModified: '2026-11-26T10:00:00.000Z',
    };
    const n = objectHandler.normalizeLive(live);
    expect(Object.keys(n.headers as object)).toEqual(['m-a', 'm-b']);
    expect(n.roleTags).toEqual(['ops', 'web']);
    expect(objectHandler.schema.computed).toEqual(['etag', 'lastModified']);
  });

  it('passes a value known only after apply through as the placeholder string it is', () => {
    expect(
      objectHandler.normalizeDesired({
        path: '/acme/stor/o',
        md5: 'm',
        size: 0,
        headers: { 'm-image': '(known after apply)' },
      }).headers,
    ).toEqual({ 'm-image': '(known after apply)' });
  });

  it('refuses a multipart part size below the server minimum', () => {
    expect(() => createObjectHandler({ partSizeBytes: 1024 })).toThrow(
      'object property partSizeBytes is 1024: it must be an integer of at least 5 MiB',
    );
  });
});
