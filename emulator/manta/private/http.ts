import type { RequestContext } from '../../core/types.js';
import type { Entry, ObjectEntry } from '../entries.js';
import type { ConditionalHeaders } from '../conditional.js';
import { MantaError } from '../errors.js';
import { normalizePath } from './paths.js';

/** The content type Manta answers for a directory (the `manta` tools test for it on HEAD). */
export const DIRECTORY_TYPE = 'application/x-json-stream; type=directory';

/** The canonical path of the request. */
export function requestPath(rc: RequestContext): string {
  return normalizePath(rc.path);
}

/** The conditional headers of the request. */
export function conditionsOf(rc: RequestContext): ConditionalHeaders {
  return {
    'if-match': rc.header('if-match'),
    'if-none-match': rc.header('if-none-match'),
    'if-modified-since': rc.header('if-modified-since'),
    'if-unmodified-since': rc.header('if-unmodified-since'),
  };
}

/** The headers that describe an object on GET, HEAD and after a write. */
export function objectHeaders(obj: ObjectEntry): Record<string, string> {
  const headers: Record<string, string> = {
    etag: obj.etag,
    'last-modified': new Date(obj.mtime).toUTCString(),
    'content-type': obj.contentType,
    'content-md5': obj.md5,
    'computed-md5': obj.md5,
    'durability-level': String(obj.durability),
    ...obj.headers,
  };
  if (obj.roleTags.length > 0) headers['role-tag'] = obj.roleTags.join(', ');
  return headers;
}

/** The headers of a directory on HEAD and GET. */
export function directoryHeaders(entry: Entry, count: number): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': DIRECTORY_TYPE,
    'result-set-size': String(count),
    'last-modified': new Date(entry.mtime).toUTCString(),
    ...entry.headers,
  };
  if (entry.roleTags.length > 0) headers['role-tag'] = entry.roleTags.join(', ');
  return headers;
}

/**
 * Reads `limit`: an integer from 1 to 1024, 256 when absent.
 * @throws MantaError 400 `InvalidArgument`
 */
export function listLimit(rc: RequestContext): number {
  const raw = rc.query.get('limit');
  if (raw === null || raw === '') return 256;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 1024) {
    throw new MantaError(
      400,
      'InvalidArgument',
      `limit ${JSON.stringify(raw)} is invalid: it must be an integer from 1 to 1024`,
    );
  }
  return n;
}

/**
 * Checks that the role names of a `role-tag` header exist in the caller's account.
 * @throws MantaError 409 `InvalidRoleTag`
 */
export function checkRoleTags(rc: RequestContext, tags: readonly string[] | undefined): void {
  if (tags === undefined || tags.length === 0 || rc.auth === undefined) return;
  const names = new Set(rc.auth.account.roles.currentAll().map((r) => r.name));
  const missing = tags.filter((t) => !names.has(t));
  if (missing.length > 0)
    throw new MantaError(409, 'InvalidRoleTag', `role-tag names role(s) that do not exist: ${missing.join(', ')}`);
}

/** Reads a small text body (job inputs) with a size cap. */
export async function readText(rc: RequestContext, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of rc.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes)
      throw new MantaError(413, 'RequestEntityTooLarge', `request body is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
