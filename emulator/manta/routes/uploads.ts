import type { Reply, RequestContext, Route } from '../../core/types.js';
import type { MantaState } from '../state.js';
import { MantaError } from '../errors.js';
import { authorizeManta, authorizeMantaIn, mantaLocals } from '../private/auth.js';
import { requestPath } from '../private/http.js';
import { loginOf, parentOf } from '../private/paths.js';
import { uploadPrefix } from '../multipart.js';
import { sendContinue } from '../private/expect-continue.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const ids = (rc: RequestContext, action: string): { login: string; id: string } => {
    const login = mantaLocals(rc).login;
    authorizeManta(rc, action, `/${login}/uploads`, uploadTags(state, login));
    refuseSubuser(rc);
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
   * missing one is DirectoryDoesNotExist, its tags decide, NoMatchingRoleTag included), and only
   * then refuses a sub-user (mantav1 lib/server.js, lib/uploads/upload.js loadUploadFromUrl).
   */
  const partIds = (rc: RequestContext): { login: string; id: string } => {
    const login = mantaLocals(rc).login;
    const id = rc.params['id'] ?? '';
    if (rc.params['prefix'] !== uploadPrefix(id) || uploads.partsDirectoryOf(login, id) === undefined)
      throw new MantaError(404, 'DirectoryDoesNotExist', `${requestPath(rc)} does not exist`);
    return ids(rc, 'putobject');
  };
  return [
    ...forbidden(redirect),
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
        const u = uploads.create(login, rc.body);
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
 * The methods muskie routes to a handler that only answers 405 with no body (mantav1 lib/server.js
 * `forbiddenHandler`) on the paths of an upload, so they never reach the namespace. The same shape
 * with an upload id first is one of the redirects, handed to `redirect`.
 */
function forbidden(redirect: Route['handler']): Route[] {
  const table: Array<[string, readonly Route['method'][]]> = [
    ['/:login/uploads/:prefix/:id/state', ['HEAD', 'PUT', 'POST', 'DELETE']],
    ['/:login/uploads/:prefix/:id/abort', ['GET', 'HEAD', 'PUT', 'DELETE']],
    ['/:login/uploads/:prefix/:id/commit', ['GET', 'HEAD', 'PUT', 'DELETE']],
    ['/:login/uploads/:prefix/:id', ['PUT', 'POST']],
    ['/:login/uploads/:prefix/:id/:part', ['GET', 'POST']],
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
        rc.req.resume();
        return { status: 405 };
      },
    })),
  );
}
