import type { Reply, RequestContext, Route } from '../../core/types.js';
import type { MantaState } from '../state.js';
import { MantaError } from '../errors.js';
import { authorizeManta, mantaLocals } from '../private/auth.js';
import { requestPath } from '../private/http.js';
import { parentOf } from '../private/paths.js';
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
    const id = rc.params['id'] ?? '';
    if (rc.params['prefix'] !== id.slice(0, 3))
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
  return [
    {
      method: 'POST',
      path: '/:login/uploads',
      name: 'CreateMultipartUpload',
      handler(rc) {
        const login = mantaLocals(rc).login;
        authorizeManta(rc, 'putobject', `/${login}/uploads`, uploadTags(state, login));
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
        const { login, id } = ids(rc, 'putobject');
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
        // The caller must be allowed to write the target object itself, as Manta checks at commit.
        const target = uploads.get(login, id).targetObject;
        const tags = state.store.tryGet(target)?.roleTags ?? state.store.tryGet(parentOf(target))?.roleTags ?? [];
        authorizeManta(rc, 'putobject', target, tags);
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
