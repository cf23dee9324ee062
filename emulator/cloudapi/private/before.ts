import { cloudApiResourceName } from '../../../common/access/index.js';
import { AuthFailure } from '../../core/auth/auth-failure.js';
import { verifyRequest } from '../../core/auth/verify.js';
import { EmulatorError, notFound } from '../../core/errors.js';
import { authorize } from '../../core/rbac.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { RequestContext } from '../../core/types.js';
import type { CloudApiRoute } from '../route.js';
import { cloudApiAuthError, parseCloudApiKeyId } from './auth-errors.js';
import { negotiateVersion, SUPPORTED_VERSIONS, versionAtLeast } from './version.js';
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
  const subusers = versionAtLeast(version, '7.2.0');
  try {
    rc.auth = verifyRequest(
      { method: rc.method, url: rc.url, header: rc.header },
      ctx.store,
      ctx.consistency,
      now,
      (keyId) => parseCloudApiKeyId(keyId, subusers),
      { presignedFirst: true },
    );
  } catch (err) {
    if (err instanceof AuthFailure) throw cloudApiAuthError(err);
    throw err;
  }
  const auth = rc.auth;
  const login = rc.params['account'];
  if (login === undefined) return;
  const owner = ownerOf(rc, auth.account, login);
  locals.account = owner;
  const segments = rc.path.split('/');
  segments[1] = owner.account.login;
  // Authorised against, and tagged on, the resource the path names (a rule for /fwrules/<id>/enable).
  const resourcePath = cloudApiResourceName(segments.join('/').replace(/\/+$/, '') || '/');
  locals.resourcePath = resourcePath;

  if (auth.user === undefined && owner === auth.account) return;
  const action = typeof route.action === 'function' ? route.action(rc) : (route.action ?? route.name.toLowerCase());
  const asRole = rc.query.get('as-role');
  const decision = authorize({
    auth,
    owner,
    resourceTags: tagsForRequest(owner, resourcePath),
    action,
    ...(asRole !== null && asRole !== '' ? { requestedRoles: asRole.split(',').map((r) => r.trim()) } : {}),
    resource: resourcePath,
    now,
    sourceIp: rc.sourceIp,
    method: rc.method,
    ...(rc.header('user-agent') !== undefined ? { userAgent: rc.header('user-agent')! } : {}),
    conditions: { datacenter: rc.ctx.datacenter },
  });
  if (!decision.allowed) {
    // A role the caller is not a member of fails before any policy is read, naming only the account.
    const what = decision.reason === 'notMember' ? owner.account.login : `${resourcePath} (${action})`;
    throw new EmulatorError(403, 'NotAuthorized', `You do not have permission to access ${what}`);
  }
}

/**
 * The account whose resources the request addresses: the caller's own (`my` or its login), or,
 * for an account caller, another existing account, whose roles then decide (cross-account role
 * membership). A sub-user cannot address another account; an unknown account is 404.
 */
function ownerOf(rc: RequestContext, caller: AccountState, login: string): AccountState {
  if (login === 'my' || login === caller.account.login) return caller;
  const other = rc.ctx.store.tryAccount(login);
  if (other === undefined) throw notFound(`${login} does not exist`);
  if (rc.auth?.user !== undefined)
    throw new EmulatorError(403, 'NotAuthorized', `You do not have permission to access ${rc.path}`);
  return other;
}
