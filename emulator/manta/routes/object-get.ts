import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Reply, RequestContext } from '../../core/types.js';
import type { MantaState } from '../state.js';
import type { ObjectEntry } from '../entries.js';
import { MantaError, notFound } from '../errors.js';
import { checkRead } from '../conditional.js';
import {
  DIRECTORY_TYPE,
  conditionsOf,
  directoryHeaders,
  listLimit,
  objectHeaders,
  requestPath,
} from '../private/http.js';
import { accepts, parseRange, readHeaders, type ByteRange } from '../private/object-read.js';
import { depthOf, loginOf } from '../private/paths.js';
import { mantaLocals } from '../private/auth.js';

/** Authorizes a namespace request and names its operation (objects.ts `authorizeNamespace`). */
export type NamespaceAuthorizer = (
  rc: RequestContext,
  action: string,
  resource: string,
  tags: readonly string[],
) => void;

/**
 * `sort=none` and `skip_owner_check=true` are for operators only (lib/common.js `readdir`, both
 * lines): anyone else's listing that asks for them is refused. They change nothing the emulator
 * lists (its listings are always sorted and hold only the owner's entries).
 * @throws MantaError 403 `QueryParameterForbidden`
 */
function checkListingParams(rc: RequestContext): void {
  if (mantaLocals(rc).operator) return;
  const bad: string[] = [];
  if (rc.query.get('sort') === 'none') bad.push('sort=none');
  if (rc.query.get('skip_owner_check') === 'true') bad.push('skip_owner_check=true');
  if (bad.length > 0)
    throw new MantaError(
      403,
      'QueryParameterForbidden',
      `use of these query parameters is restricted to operators: ${bad.join(', ')}`,
    );
}

/** Lists the uploads area from the multipart engine (parts are not namespace objects here). */
function uploadsListing(state: MantaState, rc: RequestContext, path: string, authorize: NamespaceAuthorizer): Reply {
  let entries = state.uploads.listing(loginOf(path), path);
  if (entries === undefined) throw notFound(path);
  if (depthOf(path) === 2) {
    // Entries a client put at the top of the area itself are listed beside the upload prefixes.
    const own = state.store.list(path, { limit: 1024 }).entries;
    const names = new Set(entries.map((e) => e.name));
    entries = [...entries, ...own.filter((e) => !names.has(e.name))].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  }
  authorize(rc, 'listdirectory', path, state.store.tryGet(`/${loginOf(path)}/uploads`)?.roleTags ?? []);
  checkListingParams(rc);
  const limit = listLimit(rc);
  const marker = rc.query.get('marker') ?? '';
  const page = entries.filter((e) => e.name >= marker).slice(0, limit);
  const body = page.map((e) => `${JSON.stringify(e)}\n`).join('');
  return { status: 200, body, headers: { 'content-type': DIRECTORY_TYPE, 'result-set-size': String(entries.length) } };
}

/**
 * GET and HEAD on any path: a directory listing (sorted, marker inclusive as moray's `>=` filter;
 * the account root excludes its marker, mantav1 lib/dir.js `getRootDirectory`), or an object with
 * muskie's Accept negotiation, single byte ranges and CORS headers (see private/object-read.ts).
 */
export async function getEntry(
  state: MantaState,
  rc: RequestContext,
  authorize: NamespaceAuthorizer,
): Promise<Reply | undefined> {
  const path = requestPath(rc);
  state.store.ensureAccount(loginOf(path));
  // The uploads area is the multipart engine's, except what a client wrote there itself: muskie
  // stores such a PUT like any other (the area is one of its storage paths), so it reads back.
  const written = depthOf(path) >= 3 && state.store.tryGet(path) !== undefined;
  if (depthOf(path) >= 2 && path.split('/')[2] === 'uploads' && !written)
    return uploadsListing(state, rc, path, authorize);
  // One view per request: a stale read sees the entry and its listing as they were at `cutoff`.
  const cutoff = rc.ctx.consistency.readView().cutoff;
  const entry = state.store.readAt(path, cutoff);
  if (entry === undefined) throw notFound(path);
  if (entry.type === 'directory') {
    authorize(rc, 'listdirectory', path, entry.roleTags);
    checkListingParams(rc);
    const limit = listLimit(rc);
    const raw = rc.query.get('marker') ?? '';
    const marker = raw === '' ? undefined : raw;
    const root = depthOf(path) === 1;
    // The root's marker is exclusive: ask for one more and drop the marker itself.
    const listing = state.store.list(path, { limit: root ? limit + 1 : limit, marker }, cutoff);
    let entries = listing.entries;
    if (root && marker !== undefined) entries = entries.filter((e) => e.name > marker);
    // Manta v2's storagePaths have no jobs directory (muskie master lib/common.js).
    if (root && state.version === 2) entries = entries.filter((e) => e.name !== 'jobs');
    entries = entries.slice(0, limit);
    const body = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    const headers = {
      ...directoryHeaders(entry, listing.total),
      ...readHeaders(entry.headers, rc.header('origin'), rc.method),
    };
    return { status: 200, body, headers };
  }
  authorize(rc, 'getobject', path, entry.roleTags);
  if (!accepts(rc.header('accept'), entry.contentType))
    throw new MantaError(406, 'NotAcceptable', `${path} accepts ${entry.contentType}`);
  const headers = objectHeaders(entry);
  for (const k of Object.keys(entry.headers)) delete headers[k];
  Object.assign(headers, readHeaders(entry.headers, rc.header('origin'), rc.method));
  if (checkRead(conditionsOf(rc), entry) === 'not-modified') {
    return { status: 304, headers: { etag: entry.etag, 'last-modified': headers['last-modified'] as string } };
  }
  // HEAD and empty objects are answered by muskie itself, without asking a storage node for a range.
  const range = rc.method === 'HEAD' || entry.size === 0 ? undefined : parseRange(rc.header('range'), entry.size);
  if (range === undefined) {
    rc.res.writeHead(200, {
      ...rc.standardHeaders(),
      ...headers,
      ...(rc.method === 'HEAD' ? {} : { 'accept-ranges': 'bytes' }),
      'content-length': String(entry.size),
    });
  } else {
    delete headers['content-md5'];
    rc.res.writeHead(206, {
      ...rc.standardHeaders(),
      ...headers,
      'content-range': `bytes ${range.start}-${range.end}/${entry.size}`,
      'content-length': String(range.end - range.start + 1),
    });
  }
  if (rc.method === 'HEAD') {
    rc.res.end();
    return undefined;
  }
  await stream(state, rc, entry, range);
  return undefined;
}

async function stream(
  state: MantaState,
  rc: RequestContext,
  entry: ObjectEntry,
  range: ByteRange | undefined,
): Promise<void> {
  // The object may be overwritten or deleted while it streams out: hold its bytes until the end.
  for (const b of entry.blobs) state.store.retainBlob(b);
  try {
    const source = state.store.blobs.read(entry.blobs);
    if (range === undefined) await pipeline(source, rc.res);
    else await pipeline(source, slice(range), rc.res);
  } catch (err) {
    // A client that hangs up mid-download is not a server error; anything else is.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
  } finally {
    for (const b of entry.blobs) state.store.releaseBlob(b);
  }
}

/** Passes on only the bytes of `range` (the blob store streams whole objects). */
function slice(range: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
      const from = Math.max(range.start - offset, 0);
      const to = Math.min(range.end + 1 - offset, chunk.length);
      offset += chunk.length;
      cb(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
