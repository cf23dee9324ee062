import { AuthFailure } from '../../core/auth/auth-failure.js';
import { verifyRequest } from '../../core/auth/verify.js';
import { EmulatorError, notFound } from '../../core/errors.js';
import { authorize } from '../../core/rbac.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { RequestContext } from '../../core/types.js';
import type { CloudApiRoute } from '../route.js';
import { cloudApiAuthError, parseCloudApiKeyId } from './auth-errors.js';
import { negotiateVersion, SUPPORTED_VERSIONS } from './version.js';
import { tagsForRequest } from './role-tags.js';

/** What the `before` hook leaves in `rc.locals` for the handlers. */
export interface CloudApiLocals {
  /** The negotiated API version, e.g. `9.0.0`. */
  version: string;
  /** The account named by `:account` (`my` resolved), when the route has one. */
  account?: AccountState;
  /** The resource path with the account segment normalised to the login. */
  resourcePath?: string;
}

/** The locals of a request that went through {@link cloudApiBefore}. */
export function localsOf(rc: RequestContext): CloudApiLocals {
  return rc.locals as unknown as CloudApiLocals;
}

/** The account a route's `:account` resolved to; only for routes that have one. */
export function accountOf(rc: RequestContext): AccountState {
  const account = localsOf(rc).account;
  if (account === undefined) throw new Error(`route ${rc.route.name} has no :account parameter`);
  return account;
}

/**
 * CloudAPI's request pipeline before a handler: version negotiation, signature verification,
 * account resolution (`my`), and RBAC for sub-users.
 */
export function cloudApiBefore(rc: RequestContext): void {
  const route = rc.route as CloudApiRoute;
  const range = rc.header('accept-version') ?? rc.header('api-version') ?? '*';
  const version = negotiateVersion(range);
  if (version === undefined) {
    throw new EmulatorError(
      400,
      'InvalidVersion',
      `${rc.method} ${rc.path} supports versions: ${SUPPORTED_VERSIONS.join(', ')} (requested "${range}")`,
    );
  }
  const locals = localsOf(rc);
  locals.version = version;
  if (route.auth === false) return;

  const { ctx } = rc;
  const now = ctx.clock();
  try {
    rc.auth = verifyRequest({ method: rc.method, url: rc.url, header: rc.header }, ctx.store, ctx.consistency, now, parseCloudApiKeyId);
  } catch (err) {
    if (err instanceof AuthFailure) throw cloudApiAuthError(err);
    throw err;
  }
  const auth = rc.auth;
  const login = rc.params['account'];
  if (login === undefined) return;
  const callerLogin = auth.account.account.login;
  if (login !== 'my' && login !== callerLogin) {
    if (ctx.store.tryAccount(login) === undefined) throw notFound(`${login} does not exist`);
    throw new EmulatorError(403, 'NotAuthorized', `You do not have permission to access ${rc.path}`);
  }
  locals.account = auth.account;
  const segments = rc.path.split('/');
  segments[1] = callerLogin;
  const resourcePath = segments.join('/').replace(/\/+$/, '') || '/';
  locals.resourcePath = resourcePath;

  if (auth.user === undefined) return;
  const action = route.action ?? route.name.toLowerCase();
  const asRole = rc.query.get('as-role');
  const decision = authorize({
    auth,
    resourceTags: tagsForRequest(auth.account, resourcePath),
    action,
    ...(asRole !== null && asRole !== '' ? { requestedRoles: asRole.split(',').map((r) => r.trim()) } : {}),
    resource: resourcePath,
    now,
    sourceIp: rc.sourceIp,
    method: rc.method,
    ...(rc.header('user-agent') !== undefined ? { userAgent: rc.header('user-agent')! } : {}),
  });
  if (!decision.allowed) {
    throw new EmulatorError(403, 'NotAuthorized', `You do not have permission to access ${resourcePath} (${action})`);
  }
}
