import type { Reply, RequestContext, Route } from '../../core/types.js';
import type { MantaState } from '../state.js';
import { MantaError } from '../errors.js';
import { authorizeManta, authorizeMantaIn, mantaLocals } from '../private/auth.js';
import { requestPath } from '../private/http.js';
import { depthOf, loginOf, parentOf } from '../private/paths.js';
import { MANTA_DATA_AREAS } from '../../../common/rules/manta-path.js';
import { uploadPrefix } from '../multipart.js';
import { sendContinue } from '../private/expect-continue.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The prefix directory muskie's upload routes match (lib/server.js `[0-f]+`, a range of ASCII). */
const PREFIX = /^[0-f]+$/;

function uploadTags(state: MantaState, login: string): readonly string[] {
  state.store.ensureAccount(login);
  return state.store.tryGet(`/${login}/uploads`)?.roleTags ?? [];
}

/**
 * The multipart-upload endpoints of manta.md ("Multipart uploads"), including the 301 redirects
 * from `/:login/uploads/:id[/:partNum]` to the parts directory that the `manta` tools follow.
 * `fallback` gives the namespace handler for a method, for paths under `/:login/uploads` that
 * are not upload operations (the listing of the uploads area, or a 404).
 */
export function uploadRoutes(state: MantaState, fallback: (method: string) => Route['handler'] | undefined): Route[] {
  const { uploads } = state;
  /**
   * State, abort and commit start with `loadUploadFromUrl`, which refuses a sub-user before the
   * upload's tags are looked at (mantav1 and master lib/uploads/common.js; these routes are
   * mounted before muskie's storage chain), then authorize against the uploads area.
   */
  const ids = (rc: RequestContext, action: string): { login: string; id: string } => {
    const login = mantaLocals(rc).login;
    refuseSubuser(rc);
    authorizeManta(rc, action, `/${login}/uploads`, uploadTags(state, login));
    const id = rc.params['id'] ?? '';
    if (rc.params['prefix'] !== uploadPrefix(id))
      throw new MantaError(404, 'ResourceNotFound', `${requestPath(rc)} was not found`);
    return { login, id };
  };
  const redirect = (rc: RequestContext): Promise<Reply | undefined> | Reply | undefined => {
    const login = mantaLocals(rc).login;
    const id = rc.params['a'] ?? '';
    if (!UUID.test(id)) {
      const handler = fallback(rc.route.method);
      if (handler === undefined) throw new MantaError(404, 'ResourceNotFound', `${requestPath(rc)} was not found`);
      return handler(rc);
    }
    rc.req.resume();
    // master mounts `forbiddenHandler` for DELETE on both redirect paths (lib/server.js).
    if (rc.method === 'DELETE' && state.version === 2) return { status: 405 };
    refuseSubuser(rc);
    const dir = uploads.partsDirectoryOf(login, id);
    if (dir === undefined) throw new MantaError(404, 'ResourceNotFound', `${requestPath(rc)} was not found`);
    const rest = rc.params['b'] === undefined ? '' : `/${rc.params['b']}`;
    return { status: 301, headers: { location: `${dir}${rest}` } };
  };
  const redirects: Route[] = [];
  for (const method of ['GET', 'PUT', 'POST', 'DELETE'] as const) {
    redirects.push({ method, path: '/:login/uploads/:a', name: 'RedirectUpload', body: 'stream', handler: redirect });
    redirects.push({
      method,
      path: '/:login/uploads/:a/:b',
      name: 'RedirectUpload',
      body: 'stream',
      handler: redirect,
    });
  }
  /**
   * A part PUT goes through muskie's storage chain first (the upload directory is its parent: a
   * missing one is DirectoryDoesNotExist, its tags decide, NoMatchingRoleTag included), then
   * `validatePartNum`, then `loadUploadFromUrl` refuses a sub-user, then `validate` checks the
   * state and the durability (mantav1 lib/server.js, lib/uploads/upload.js `uploadPartHandler`).
   */
  const partIds = (rc: RequestContext): { login: string; id: string } => {
    const login = mantaLocals(rc).login;
    const id = rc.params['id'] ?? '';
    if (rc.params['prefix'] !== uploadPrefix(id) || uploads.partsDirectoryOf(login, id) === undefined)
      throw new MantaError(404, 'DirectoryDoesNotExist', `${requestPath(rc)} does not exist`);
    authorizeManta(rc, 'putobject', `/${login}/uploads`, uploadTags(state, login));
    uploads.checkPartNumber(rc.params['part'] ?? '');
    refuseSubuser(rc);
    uploads.checkOpen(login, id);
    return { login, id };
  };
  return [
    ...forbidden(redirect, fallback, state),
    {
      method: 'POST',
      path: '/:login/uploads',
      name: 'CreateMultipartUpload',
      handler(rc) {
        const login = mantaLocals(rc).login;
        // Sub-users are refused before anything is read (mantav1 lib/uploads/create.js uploadContextRoot).
        refuseSubuser(rc);
        authorizeManta(rc, 'putobject', `/${login}/uploads`, uploadTags(state, login));
        const target = (rc.body as { objectPath?: unknown } | null)?.objectPath;
        const account = typeof target === 'string' ? (target.split('/')[1] ?? '') : '';
        if (typeof target === 'string' && rc.ctx.store.tryAccount(account) === undefined)
          throw new MantaError(403, 'AccountDoesNotExist', `${account} does not exist`);
        let u;
        try {
          u = uploads.create(login, rc.body);
        } catch (err) {
          // mantav1 answers a bad Content-Disposition with a bare `res.send(400)`, master with a
          // BadRequestError (lib/uploads/create.js `validateParams`).
          if (state.version === 1 && err instanceof MantaError && err.code === 'BadRequest') return { status: 400 };
          throw err;
        }
        return {
          status: 201,
          body: { id: u.id, partsDirectory: u.partsDirectory },
          headers: { location: u.partsDirectory },
        };
      },
    },
    {
      method: 'PUT',
      path: '/:login/uploads/:prefix/:id/:part',
      name: 'UploadPart',
      body: 'stream',
      async handler(rc) {
        const { login, id } = partIds(rc);
        if (rc.header('durability-level') !== undefined || rc.header('x-durability-level') !== undefined)
          throw new MantaError(
            409,
            'MultipartUploadInvalidArgument',
            `upload ${id}: cannot change durability level for multipart uploads`,
          );
        const part = await uploads.uploadPart(
          login,
          id,
          rc.params['part'] ?? '',
          rc.req,
          rc.header('content-md5'),
          () => sendContinue(rc.req, rc.res),
        );
        return {
          status: 204,
          headers: { etag: part.etag, 'computed-md5': part.md5, 'last-modified': new Date().toUTCString() },
        };
      },
    },
    {
      method: 'GET',
      path: '/:login/uploads/:prefix/:id/state',
      name: 'GetMultipartUpload',
      handler(rc) {
        const { login, id } = ids(rc, 'getobject');
        return { status: 200, body: uploads.get(login, id) };
      },
    },
    {
      method: 'POST',
      path: '/:login/uploads/:prefix/:id/commit',
      name: 'CommitMultipartUpload',
      async handler(rc) {
        const { login, id } = ids(rc, 'putobject');
        // The caller must be allowed to write the target object itself, in the target's account
        // (mantav1 lib/uploads/commit.js loadOwner, storageContext, authorize).
        const target = uploads.get(login, id).targetObject;
        const own = state.store.tryGet(target);
        const resource = own !== undefined ? target : parentOf(target);
        authorizeMantaIn(rc, loginOf(target), 'putobject', resource, state.store.tryGet(resource)?.roleTags ?? []);
        checkCommitTarget(state, target);
        const obj = await uploads.commit(login, id, rc.body);
        return {
          status: 201,
          headers: {
            location: obj.path,
            etag: obj.etag,
            'last-modified': new Date(obj.mtime).toUTCString(),
            'computed-md5': obj.md5,
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/:login/uploads/:prefix/:id/abort',
      name: 'AbortMultipartUpload',
      async handler(rc) {
        const { login, id } = ids(rc, 'putobject');
        await uploads.abort(login, id);
        return { status: 204 };
      },
    },
    ...redirects,
  ];
}

/**
 * What the commit checks of its target before it reads the body (mantav1 and master
 * lib/uploads/commit.js: `ensureNotDirectoryHandler`, then `ensureParentHandler`, then the parts):
 * a directory is 400 `OperationNotAllowedOnDirectory`; a target outside `stor` and `public`, whose
 * parent the namespace never holds for an object (the create took it, checking only the account),
 * or under a missing directory is 404 `DirectoryDoesNotExist`.
 * @throws MantaError 400, 404
 */
function checkCommitTarget(state: MantaState, target: string): void {
  const area = target.split('/')[2] ?? '';
  const inArea = depthOf(target) >= 3 && MANTA_DATA_AREAS.includes(area);
  if (!inArea && state.store.tryGet(target)?.type !== 'directory')
    throw new MantaError(
      404,
      'DirectoryDoesNotExist',
      `${parentOf(target)} does not exist (objects live under /${loginOf(target)}/stor or /${loginOf(target)}/public)`,
    );
  state.store.beginObjectWrite(target, {});
}

/**
 * Multipart upload is not for sub-users: muskie refuses them every upload operation with 403
 * `AuthorizationFailed` (mantav1 lib/uploads/common.js loadUploadFromUrl, create.js, redirect.js).
 */
function refuseSubuser(rc: RequestContext): void {
  const auth = rc.auth;
  if (auth?.user === undefined) return;
  throw new MantaError(
    403,
    'AuthorizationFailed',
    `${auth.account.account.login}/${auth.user.login} is not allowed to access ${requestPath(rc)}`,
  );
}

/**
 * The methods muskie routes to a handler that only answers 405 with no body (lib/server.js
 * `forbiddenHandler`) on the paths of an upload, so they never reach the namespace. The same shape
 * with an upload id first is one of the redirects, handed to `redirect`.
 *
 * - DELETE of an upload directory or a part: master mounts `forbiddenHandler`; mantav1
 *   `delUploadDirHandler`/`delPartHandler` (lib/uploads/del.js), whose `checkOperator` answers the
 *   same bare 405 to anyone but an operator, then `checkQueryParam` a bare 422 without
 *   `allowMpuDeletes=true`, then deletes (see {@link operatorDelete}).
 * - PUT on `state`, `abort` and `commit` on mantav1: restify 2's `Router.find` prefers a route with
 *   a content type for a request with a body, so the typed UploadPart route
 *   (`/:account/uploads/[0-f]+/:id/:partNum`, `contentType: '*\/*'`) wins over the untyped
 *   forbidden ones and the word is refused as a part number (409). master's router has no such
 *   preference, so there they are 405.
 */
function forbidden(
  redirect: Route['handler'],
  fallback: (method: string) => Route['handler'] | undefined,
  state: MantaState,
): Route[] {
  const version = state.version;
  const put: readonly Route['method'][] = version === 1 ? [] : ['PUT'];
  const table: Array<[string, readonly Route['method'][]]> = [
    ['/:login/uploads/:prefix/:id/state', ['HEAD', ...put, 'POST', 'DELETE']],
    ['/:login/uploads/:prefix/:id/abort', ['GET', 'HEAD', ...put, 'DELETE']],
    ['/:login/uploads/:prefix/:id/commit', ['GET', 'HEAD', ...put, 'DELETE']],
    ['/:login/uploads/:prefix/:id', ['PUT', 'POST', 'DELETE']],
    ['/:login/uploads/:prefix/:id/:part', ['GET', 'POST', 'DELETE']],
  ];
  return table.flatMap(([path, methods]) =>
    methods.map((method) => ({
      method,
      path,
      name: 'UploadMethodNotAllowed',
      body: 'stream' as const,
      handler(rc: RequestContext): ReturnType<Route['handler']> {
        // `/:login/uploads/<upload id>/<part>` is a redirect, not a prefix directory.
        if (UUID.test(rc.params['prefix'] ?? ''))
          return redirect({ ...rc, params: { ...rc.params, a: rc.params['prefix'] ?? '', b: rc.params['id'] ?? '' } });
        // muskie's routes name the prefix `[0-f]+` (an ASCII range); any other name is a namespace path.
        if (!PREFIX.test(rc.params['prefix'] ?? '')) {
          const handler = fallback(rc.route.method === 'HEAD' ? 'GET' : rc.route.method);
          if (handler !== undefined) return handler(rc);
          rc.req.resume();
          throw new MantaError(405, 'MethodNotAllowed', `${rc.method} is not allowed on ${requestPath(rc)}`);
        }
        rc.req.resume();
        const deletable = rc.route.path === '/:login/uploads/:prefix/:id' || rc.route.path.endsWith('/:part');
        if (version === 1 && rc.method === 'DELETE' && deletable && mantaLocals(rc).operator)
          return operatorDelete(state, rc);
        return { status: 405 };
      },
    })),
  );
}

/**
 * mantav1 lib/uploads/del.js for an operator: a bare 422 without `allowMpuDeletes=true`, else the
 * upload directory (once it holds no part) or the part is deleted, 204.
 */
async function operatorDelete(state: MantaState, rc: RequestContext): Promise<Reply> {
  if (rc.query.get('allowMpuDeletes') !== 'true') return { status: 422 };
  const id = rc.params['id'] ?? '';
  if (!id.startsWith(rc.params['prefix'] ?? ''))
    throw new MantaError(404, 'ResourceNotFound', `${requestPath(rc)} was not found`);
  await state.uploads.remove(mantaLocals(rc).login, id, rc.params['part']);
  return { status: 204 };
}
