import { EmulatorError } from '../core/errors.js';
import { Router } from '../core/router.js';
import type { EmulatorContext } from '../core/context.js';
import type { Reply, RequestContext, Service } from '../core/types.js';
import type { CloudApiRoute } from './route.js';
import { cloudApiBefore, localsOf } from './private/before.js';
import { roleTagHeader } from './private/role-tags.js';
import { CloudApiState } from './state.js';
import type { CatalogSeed } from './private/catalog-store.js';
import { ROUTE_MODULES } from './generated/route-modules.js';

/** The code version the `Server` header reports. */
const CODE_VERSION = '9.20.0';

/**
 * restify's `fullResponse()` CORS headers, which CloudAPI sends on every response (its app.js
 * installs the plugin for all routes).
 */
const CORS_ALLOW_HEADERS =
  'Accept, Accept-Version, Content-Length, Content-MD5, Content-Type, Date, Api-Version, Response-Time';
const CORS_EXPOSE_HEADERS = 'Api-Version, Request-Id, Response-Time';

/**
 * The emulated CloudAPI: every route of cloudapi.md over the shared identity store, plus the
 * CloudAPI-only fixtures (datacenters, images, packages, machines) kept in {@link CloudApiState}.
 * @param extraRoutes a plug-in kind's routes, tried before SetRoleTags' catch-all
 * @param catalog the seeded catalog, when the emulator was started with one
 */
export function createCloudApiService(
  ctx: EmulatorContext,
  extraRoutes: readonly CloudApiRoute[] = [],
  catalog?: CatalogSeed,
): Service {
  const state = new CloudApiState(ctx, catalog);
  const routes: CloudApiRoute[] = [
    ...ROUTE_MODULES.flatMap((makeRoutes) => makeRoutes(ctx, state)),
    ...extraRoutes,
  ].map(withRoleTagHeader);
  const router = new Router(routes);
  return {
    name: 'cloudapi',
    routes,
    standardHeaders(rc: RequestContext, elapsedMs: number): Record<string, string> {
      const methods = router.methodsFor(rc.url.split('?')[0] ?? '/');
      return {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': CORS_ALLOW_HEADERS,
        ...(methods.length > 0 ? { 'access-control-allow-methods': methods.join(', ') } : {}),
        'access-control-expose-headers': CORS_EXPOSE_HEADERS,
        server: `cloudapi/${CODE_VERSION}`,
        'api-version': '9.0.0',
        'request-id': rc.requestId,
        'response-time': String(Math.max(0, Math.round(elapsedMs))),
      };
    },
    before(rc: RequestContext): void {
      cloudApiBefore(rc);
      // A datacenter with fabrics gives every account its default fabric (napi-ufds-watcher).
      const account = localsOf(rc).account;
      if (account !== undefined) state.ensureDefaultFabric(account);
    },
    formatError(err: EmulatorError): Reply {
      const errors = err.errors === undefined ? {} : { errors: err.errors };
      return { status: err.status, body: { code: err.code, message: err.message, ...errors }, headers: err.headers };
    },
    routeNotFound(method: string, path: string, methodMismatch: boolean): EmulatorError {
      return methodMismatch
        ? new EmulatorError(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`)
        : new EmulatorError(404, 'ResourceNotFound', `${path} does not exist`);
    },
    faultError(kind): EmulatorError {
      if (kind === 'throttled')
        return new EmulatorError(420, 'RequestThrottled', 'You have exceeded your request rate');
      if (kind === 'unavailable')
        return new EmulatorError(503, 'ServiceUnavailable', 'The service is temporarily unavailable (injected fault)');
      return new EmulatorError(500, 'InternalError', 'Internal error (injected fault)');
    },
    async close(): Promise<void> {
      state.close();
    },
  };
}

/** Adds the `role-tag` header to successful GET/HEAD answers of taggable resources. */
function withRoleTagHeader(route: CloudApiRoute): CloudApiRoute {
  if (route.method !== 'GET' || route.taggable === false || route.auth === false) return route;
  return {
    ...route,
    async handler(rc) {
      const reply = await route.handler(rc);
      const locals = localsOf(rc);
      if (
        reply === undefined ||
        reply.status >= 300 ||
        locals.account === undefined ||
        locals.resourcePath === undefined
      )
        return reply;
      const tags = roleTagHeader(locals.account, locals.resourcePath);
      return tags === undefined ? reply : { ...reply, headers: { ...reply.headers, 'role-tag': tags } };
    },
  };
}
