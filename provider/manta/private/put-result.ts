/** What a Manta write answers, read the same by the object calls and the multipart commit. */
import { headerValue, type TritonResponse } from '../../http/types.js';
import type { PutResult } from '../types.js';

/** Etag, Last-Modified and Computed-MD5 of a write. */
export function putResultFrom(res: TritonResponse): PutResult {
  const etag = headerValue(res.headers, 'etag');
  const lastModified = headerValue(res.headers, 'last-modified');
  const computedMd5 = headerValue(res.headers, 'computed-md5');
  return {
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
    ...(computedMd5 ? { computedMd5 } : {}),
  };
}
