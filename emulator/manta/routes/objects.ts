import type { Reply, RequestContext, Route } from '../../core/types.js';
import type { MantaState } from '../state.js';
import { MantaError, notFound } from '../errors.js';
import { activeOwnerRoleNames, authorizeManta, mantaLocals } from '../private/auth.js';
import { checkRoleTags, conditionsOf, requestPath } from '../private/http.js';
import { contentType, durabilityLevel, roleTagHeader, userHeaders } from '../private/metadata.js';
import { sendContinue } from '../private/expect-continue.js';
import { watchStall } from '../private/stall.js';
import { getEntry } from './object-get.js';
import { checkWrite } from '../conditional.js';
import { refuseSnaplinkOnV2 } from './v2.js';
import { canonicalDisposition } from '../private/disposition.js';
import { mantaGoverningTags } from '../../../common/access/index.js';
import { depthOf, loginOf, normalizePath, parentOf } from '../private/paths.js';

/** Default largest streaming upload without `max-content-length` (5 GB, as in Manta). */
const DEFAULT_MAX_CONTENT_LENGTH = 5 * 1024 ** 3;

/**
 * The namespace operations on any path under `/:login`: ListDirectory, GetObject (and HEAD),
 * PutDirectory, PutObject, PutSnapLink, PutMetadata, DeleteDirectory and DeleteObject.
 */
export function objectRoutes(state: MantaState): Route[] {
  const get = (rc: RequestContext): Promise<Reply | undefined> | Reply => getEntry(state, rc, authorizeNamespace);
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

/** An object's stored headers, its Content-Disposition canonical as muskie stores it. */
function objectUserHeaders(rc: RequestContext): Record<string, string> {
  const headers = userHeaders(rc.req.headers);
  const cd = headers['content-disposition'];
  if (cd !== undefined) headers['content-disposition'] = canonicalDisposition(cd);
  return headers;
}

/** A directory's stored headers: muskie keeps no Content-Disposition on a directory. */
function directoryUserHeaders(rc: RequestContext): Record<string, string> {
  const { 'content-disposition': _cd, ...headers } = userHeaders(rc.req.headers);
  return headers;
}

/** 400 `OperationNotAllowedOnRootDirectory` (mantav1 lib/errors.js `RootDirectoryError`). */
function rootDirectoryError(method: string, path: string): MantaError {
  return new MantaError(400, 'OperationNotAllowedOnRootDirectory', `${method} is not allowed on ${path}`);
}

/** The directories muskie will not put an object on (mantav1 lib/common.js `ROOT_REGEXPS`). */
function isTopDirectory(path: string): boolean {
  return depthOf(path) === 2 || /^\/[^/]+\/jobs\/[^/]+\/stor$/.test(path);
}

/**
 * A metadata update may not change what only a write of the bytes sets (mantav1 lib/obj.js
 * `parseArguments`): any of these headers, even empty-valued, is 400 `InvalidUpdate`.
 */
function checkUpdate(rc: RequestContext, directory: boolean): void {
  for (const k of ['content-length', 'content-md5', 'durability-level']) {
    if ((rc.header(k) ?? '') !== '') {
      rc.req.resume();
      throw new MantaError(400, 'InvalidUpdate', `overwrite of "${k}" forbidden${directory ? ' on a directory' : ''}`);
    }
  }
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
  if (depthOf(path) === 1) throw rootDirectoryError(rc.method, path);
  const type = (rc.header('content-type') ?? '').toLowerCase().replace(/\s+/g, '');
  if (path === `/${loginOf(path)}/uploads`) {
    rc.req.resume();
    // On mantav1, restify 2's `Router.find` prefers a typed route for a request with a body, so an
    // object's content type reaches the uploads area's typed PutObject route, which refuses the
    // top directory (lib/common.js `ensureNotRoot`); anything else, and every PUT on master, meets
    // the untyped `PutUploads` route, whose `forbiddenHandler` answers 405 with no body.
    const objectType = type !== '' && !/^application\/(x-json-stream|json);type=(directory|link)/.test(type);
    if (state.version === 1 && objectType) throw rootDirectoryError(rc.method, path);
    return { status: 405 };
  }
  const roleTags = roleTagHeader(rc.req.headers);
  checkRoleTags(rc, roleTags);
  if (rc.query.get('metadata') === 'true') {
    const existing = store.get(path);
    // muskie routes a metadata update as the PUT it is, so the action is putobject (mantav1 lib/server.js).
    rc.nameOperation('PutMetadata');
    authorizeManta(rc, 'putobject', path, existing.roleTags, true);
    checkUpdate(rc, existing.type === 'directory');
    rc.req.resume();
    const meta = {
      contentType:
        rc.header('content-type') !== undefined
          ? contentType(rc.req.headers)
          : existing.type === 'object'
            ? existing.contentType
            : '',
      headers: existing.type === 'object' ? objectUserHeaders(rc) : directoryUserHeaders(rc),
      roleTags,
    };
    store.putMetadata(path, meta, conditionsOf(rc));
    await store.save();
    return { status: 204 };
  }
  if (type.startsWith('application/json;type=directory')) {
    authorizeWrite(state, rc, 'putdirectory', path);
    rc.req.resume();
    store.putDirectory(path, inheritedTags(rc, roleTags), directoryUserHeaders(rc));
    await store.save();
    return { status: 204, headers: { 'last-modified': new Date().toUTCString() } };
  }
  if (type.startsWith('application/json;type=link')) {
    if (state.version === 2) {
      rc.req.resume();
      refuseSnaplinkOnV2();
    }
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
    authorizeWrite(state, rc, 'putsnaplink', path);
    try {
      authorizeManta(rc, 'getobject', source, src?.roleTags ?? []);
    } catch (err) {
      // Any refusal to read the source is AuthorizationFailed (mantav1 lib/link.js checkAccess).
      if (!(err instanceof MantaError) || err.status !== 403) throw err;
      throw new MantaError(403, 'AuthorizationFailed', `not allowed to read ${source}`);
    }
    // The conditional headers of a link PUT are checked against the source (link.js sets the
    // source's etag and mtime before restify's conditionalRequest runs).
    if (src?.type === 'object') checkWrite(conditionsOf(rc), src);
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
  if (isTopDirectory(path)) throw rootDirectoryError(rc.method, path);
  authorizeWrite(state, rc, 'putobject', path);
  const conditions = conditionsOf(rc);
  const meta = {
    contentType: contentType(rc.req.headers),
    durability: durabilityLevel(rc.req.headers),
    headers: objectUserHeaders(rc),
    roleTags: inheritedTags(rc, roleTags),
  };
  const declared = rc.header('content-length');
  const maxHeader = rc.header('max-content-length');
  const max = maxHeader !== undefined && /^\d+$/.test(maxHeader) ? Number(maxHeader) : DEFAULT_MAX_CONTENT_LENGTH;
  if (declared !== undefined && Number(declared) > DEFAULT_MAX_CONTENT_LENGTH) {
    // No storage node has room for it: the picker finds no shark (mantav1 lib/obj.js findSharks).
    throw new MantaError(
      507,
      'NotEnoughSpace',
      `not enough free space for ${Math.ceil(Number(declared) / 1048576)} MB`,
    );
  }
  const expected = store.beginObjectWrite(path, conditions);
  sendContinue(rc.req, rc.res);
  const body = state.uploadTimeoutMs > 0 ? watchStall(rc.req, state.uploadTimeoutMs) : rc.req;
  const blob = await store.blobs.write(body, declared === undefined ? { maxBytes: max } : {});
  try {
    if (declared !== undefined && Number(declared) !== blob.size) {
      throw new MantaError(400, 'IncompleteContent', `received ${blob.size} bytes but content-length said ${declared}`);
    }
    const md5 = rc.header('content-md5');
    // The storage node refuses a Content-MD5 that is not a base64 MD5, and muskie answers BadRequest.
    if (md5 !== undefined && Buffer.from(md5, 'base64').length !== 16)
      throw new MantaError(400, 'BadRequest', 'Content-MD5 invalid');
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
  if (depthOf(path) === 1) throw rootDirectoryError(rc.method, path);
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
