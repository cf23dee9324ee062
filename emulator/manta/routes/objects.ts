import { pipeline } from 'node:stream/promises';
import type { Reply, RequestContext, Route } from '../../core/types.js';
import type { MantaState } from '../state.js';
import { MantaError, notFound } from '../errors.js';
import { checkRead } from '../conditional.js';
import { activeOwnerRoleNames, authorizeManta, mantaLocals } from '../private/auth.js';
import {
  DIRECTORY_TYPE,
  checkRoleTags,
  conditionsOf,
  directoryHeaders,
  listLimit,
  objectHeaders,
  requestPath,
} from '../private/http.js';
import { contentType, durabilityLevel, roleTagHeader, userHeaders } from '../private/metadata.js';
import { sendContinue } from '../private/expect-continue.js';
import { mantaGoverningTags } from '../../../common/access/index.js';
import { depthOf, loginOf, normalizePath, parentOf } from '../private/paths.js';

/** Default largest streaming upload without `max-content-length` (5 GB, as in Manta). */
const DEFAULT_MAX_CONTENT_LENGTH = 5 * 1024 ** 3;

/**
 * The namespace operations on any path under `/:login`: ListDirectory, GetObject (and HEAD),
 * PutDirectory, PutObject, PutSnapLink, PutMetadata, DeleteDirectory and DeleteObject.
 */
export function objectRoutes(state: MantaState): Route[] {
  const get = (rc: RequestContext): Promise<Reply | undefined> | Reply => getEntry(state, rc);
  const put = (rc: RequestContext): Promise<Reply> => putEntry(state, rc);
  const del = (rc: RequestContext): Promise<Reply> => deleteEntry(state, rc);
  return [
    { method: 'GET', path: '/:login', name: 'GetStorage', handler: get },
    { method: 'GET', path: '/:login/*rest', name: 'GetStorage', handler: get },
    { method: 'PUT', path: '/:login', name: 'PutStorage', body: 'stream', handler: put },
    { method: 'PUT', path: '/:login/*rest', name: 'PutStorage', body: 'stream', handler: put },
    { method: 'OPTIONS', path: '/:login/*rest', name: 'OptionsStorage', handler: (rc) => preflight(state, rc) },
    { method: 'DELETE', path: '/:login', name: 'DeleteStorage', handler: del },
    { method: 'DELETE', path: '/:login/*rest', name: 'DeleteStorage', handler: del },
  ];
}

/** Lists the uploads area from the multipart engine (parts are not namespace objects here). */
function uploadsListing(state: MantaState, rc: RequestContext, path: string): Reply {
  const entries = state.uploads.listing(loginOf(path), path);
  if (entries === undefined) throw notFound(path);
  authorizeNamespace(rc, 'listdirectory', path, state.store.tryGet(`/${loginOf(path)}/uploads`)?.roleTags ?? []);
  const limit = listLimit(rc);
  const marker = rc.query.get('marker') ?? '';
  const page = entries.filter((e) => e.name >= marker).slice(0, limit);
  const body = page.map((e) => `${JSON.stringify(e)}\n`).join('');
  return { status: 200, body, headers: { 'content-type': DIRECTORY_TYPE, 'result-set-size': String(entries.length) } };
}

async function getEntry(state: MantaState, rc: RequestContext): Promise<Reply | undefined> {
  const path = requestPath(rc);
  if (depthOf(path) >= 2 && path.split('/')[2] === 'uploads') {
    state.store.ensureAccount(loginOf(path));
    return uploadsListing(state, rc, path);
  }
  state.store.ensureAccount(loginOf(path));
  // One view per request: a stale read sees the entry and its listing as they were at `cutoff`.
  const cutoff = rc.ctx.consistency.readView().cutoff;
  const entry = state.store.readAt(path, cutoff);
  if (entry === undefined) throw notFound(path);
  if (entry.type === 'directory') {
    authorizeNamespace(rc, 'listdirectory', path, entry.roleTags);
    const limit = listLimit(rc);
    const marker = rc.query.get('marker') ?? undefined;
    const listing = state.store.list(path, { limit, marker: marker === '' ? undefined : marker }, cutoff);
    const body = listing.entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    return { status: 200, body, headers: directoryHeaders(entry, listing.total) };
  }
  authorizeNamespace(rc, 'getobject', path, entry.roleTags);
  const headers = objectHeaders(entry);
  if (checkRead(conditionsOf(rc), entry) === 'not-modified') {
    return { status: 304, headers: { etag: entry.etag, 'last-modified': headers['last-modified'] as string } };
  }
  rc.res.writeHead(200, { ...rc.standardHeaders(), ...headers, 'content-length': String(entry.size) });
  if (rc.method === 'HEAD') {
    rc.res.end();
    return undefined;
  }
  // The object may be overwritten or deleted while it streams out: hold its bytes until the end.
  for (const b of entry.blobs) state.store.retainBlob(b);
  try {
    await pipeline(state.store.blobs.read(entry.blobs), rc.res);
  } catch (err) {
    // A client that hangs up mid-download is not a server error; anything else is.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
  } finally {
    for (const b of entry.blobs) state.store.releaseBlob(b);
  }
  return undefined;
}

/**
 * What decides a write (muskie mantav1 lib/auth.js `storageContext`): an existing entry is checked
 * against its own path and tags (an overwrite), a new one against its parent directory's.
 */
function writeTarget(
  state: MantaState,
  path: string,
): { resource: string; tags: readonly string[]; overwrite: boolean } {
  const own = state.store.tryGet(path);
  if (own !== undefined) return { resource: path, tags: own.roleTags, overwrite: true };
  const parent = parentOf(path);
  return {
    resource: parent,
    tags: mantaGoverningTags((p) => state.store.tryGet(p)?.roleTags, path, true),
    overwrite: false,
  };
}

/** Authorizes a write of `path` with {@link writeTarget}'s resource. */
function authorizeWrite(state: MantaState, rc: RequestContext, action: string, path: string): void {
  const target = writeTarget(state, path);
  authorizeNamespace(rc, action, target.resource, target.tags, target.overwrite);
}

/**
 * The role tags a new entry gets (muskie mantav1 lib/common.js `createMetadata`): the `role-tag`
 * header's, else, for a sub-user, the roles active for its request, so that what it writes stays
 * reachable through the roles it wrote with.
 */
function inheritedTags(rc: RequestContext, roleTags: string[] | undefined): string[] | undefined {
  if (roleTags !== undefined || rc.auth?.user === undefined) return roleTags;
  return activeOwnerRoleNames(rc);
}

async function putEntry(state: MantaState, rc: RequestContext): Promise<Reply> {
  const path = requestPath(rc);
  const { store } = state;
  store.ensureAccount(mantaLocals(rc).login);
  const type = (rc.header('content-type') ?? '').toLowerCase().replace(/\s+/g, '');
  const roleTags = roleTagHeader(rc.req.headers);
  checkRoleTags(rc, roleTags);
  if (rc.query.get('metadata') === 'true') {
    const existing = store.get(path);
    // muskie routes a metadata update as the PUT it is, so the action is putobject (mantav1 lib/server.js).
    rc.nameOperation('PutMetadata');
    authorizeManta(rc, 'putobject', path, existing.roleTags, true);
    rc.req.resume();
    const meta = {
      contentType: rc.header('content-type') ?? (existing.type === 'object' ? existing.contentType : ''),
      headers: userHeaders(rc.req.headers),
      roleTags,
    };
    store.putMetadata(path, meta, conditionsOf(rc));
    await store.save();
    return { status: 204 };
  }
  if (type.startsWith('application/json;type=directory')) {
    authorizeWrite(state, rc, 'putdirectory', path);
    rc.req.resume();
    store.putDirectory(path, inheritedTags(rc, roleTags), userHeaders(rc.req.headers));
    await store.save();
    return { status: 204, headers: { 'last-modified': new Date().toUTCString() } };
  }
  if (type.startsWith('application/json;type=link')) {
    const location = rc.header('location');
    if (location === undefined || location === '')
      throw new MantaError(400, 'LocationRequired', 'a snaplink PUT needs a Location header naming the source object');
    let source: string;
    try {
      source = normalizePath(decodeURIComponent(location.replace(/^https?:\/\/[^/]+/, '')));
    } catch {
      throw new MantaError(
        400,
        'InvalidLink',
        `Location ${JSON.stringify(location)} is invalid: it must be the path of an object`,
      );
    }
    const src = store.tryGet(source);
    authorizeNamespace(rc, 'getobject', source, src?.roleTags ?? []);
    authorizeWrite(state, rc, 'putsnaplink', path);
    rc.req.resume();
    const link = store.link(path, source, inheritedTags(rc, roleTags));
    await store.save();
    return { status: 204, headers: { etag: link.etag, 'last-modified': new Date(link.mtime).toUTCString() } };
  }
  return putObject(state, rc, path, roleTags);
}

async function putObject(
  state: MantaState,
  rc: RequestContext,
  path: string,
  roleTags: string[] | undefined,
): Promise<Reply> {
  const { store } = state;
  authorizeWrite(state, rc, 'putobject', path);
  const conditions = conditionsOf(rc);
  const meta = {
    contentType: contentType(rc.req.headers),
    durability: durabilityLevel(rc.req.headers),
    headers: userHeaders(rc.req.headers),
    roleTags: inheritedTags(rc, roleTags),
  };
  const declared = rc.header('content-length');
  const maxHeader = rc.header('max-content-length');
  const max = maxHeader !== undefined && /^\d+$/.test(maxHeader) ? Number(maxHeader) : DEFAULT_MAX_CONTENT_LENGTH;
  if (declared !== undefined && Number(declared) > DEFAULT_MAX_CONTENT_LENGTH) {
    throw new MantaError(
      413,
      'RequestEntityTooLarge',
      `content-length ${declared} exceeds the maximum object size of ${DEFAULT_MAX_CONTENT_LENGTH} bytes`,
    );
  }
  const expected = store.beginObjectWrite(path, conditions);
  sendContinue(rc.req, rc.res);
  const blob = await store.blobs.write(rc.req, declared === undefined ? { maxBytes: max } : {});
  try {
    if (declared !== undefined && Number(declared) !== blob.size) {
      throw new MantaError(400, 'IncompleteContent', `received ${blob.size} bytes but content-length said ${declared}`);
    }
    const md5 = rc.header('content-md5');
    if (md5 !== undefined && md5 !== blob.md5) {
      throw new MantaError(400, 'ContentMD5Mismatch', `Content-MD5 ${md5} does not match the computed MD5 ${blob.md5}`);
    }
    const obj = store.commitObject(path, [blob], blob.md5, meta, conditions, expected);
    await store.save();
    return {
      status: 204,
      headers: { etag: obj.etag, 'last-modified': new Date(obj.mtime).toUTCString(), 'computed-md5': obj.md5 },
    };
  } catch (err) {
    if (store.tryGetObject(path)?.blobs.includes(blob.id) !== true) await store.blobs.remove(blob.id);
    throw err;
  }
}

async function deleteEntry(state: MantaState, rc: RequestContext): Promise<Reply> {
  const path = requestPath(rc);
  state.store.ensureAccount(mantaLocals(rc).login);
  const entry = state.store.get(path);
  authorizeNamespace(rc, entry.type === 'directory' ? 'deletedirectory' : 'deleteobject', path, entry.roleTags);
  state.store.delete(path, conditionsOf(rc));
  await state.store.save();
  return { status: 204 };
}

/**
 * CORS preflight: answers with the `access-control-*` headers stored on the entry when the
 * request's Origin is one of the stored `access-control-allow-origin` values (or it is `*`).
 */
function preflight(state: MantaState, rc: RequestContext): Reply {
  const path = requestPath(rc);
  const entry = state.store.tryGet(path);
  if (entry === undefined) throw notFound(path);
  const origin = rc.header('origin');
  const allowed = (entry.headers['access-control-allow-origin'] ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  if (origin === undefined || !(allowed.includes('*') || allowed.includes(origin))) return { status: 200 };
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(entry.headers)) if (k.startsWith('access-control-')) headers[k] = v;
  headers['access-control-allow-origin'] = allowed.includes('*') ? '*' : origin;
  return { status: 200, headers };
}

/**
 * Authorizes a namespace request and names its operation for the stats: one route serves them all,
 * and benchmarks must tell GetObject from HeadObject and ListDirectory.
 */
function authorizeNamespace(
  rc: RequestContext,
  action: string,
  resource: string,
  roleTags: readonly string[],
  overwrite = false,
): void {
  rc.nameOperation(operationName(action, rc.method));
  authorizeManta(rc, action, resource, roleTags, overwrite);
}

/** The Manta operation name behind each namespace RBAC action, for the per-operation stats. */
const OPERATIONS: Readonly<Record<string, string>> = {
  listdirectory: 'ListDirectory',
  getobject: 'GetObject',
  putdirectory: 'PutDirectory',
  putobject: 'PutObject',
  putsnaplink: 'PutSnapLink',
  deletedirectory: 'DeleteDirectory',
  deleteobject: 'DeleteObject',
};

function operationName(action: string, method: string): string {
  const name = OPERATIONS[action] ?? action;
  return method === 'HEAD' ? name.replace(/^(List|Get)/, 'Head') : name;
}
