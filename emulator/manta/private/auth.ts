import { AuthFailure } from '../../core/auth/auth-failure.js';
import { presignFieldsOf, verifyRequest, type KeyIdParts } from '../../core/auth/verify.js';
import { activeRoles, decideManta, heldRoles, type HeldRole } from './rbac.js';
import { checkPresigned } from './presigned.js';
import type { RequestContext } from '../../core/types.js';
import { MantaError } from '../errors.js';
import type { JobReader } from './job-access.js';

/** What the Manta `before` hook leaves in `rc.locals`. */
export interface MantaLocals {
  /** The login of the account whose namespace the path names. */
  login: string;
  /** True for an unauthenticated read of `/:login/public`. */
  anonymous: boolean;
  /** The roles the request took up (muskie's `req.activeRoles`), empty for anonymous requests. */
  activeRoles: HeldRole[];
  /**
   * True when the caller is an operator's account itself (not one of its sub-users): UFDS's
   * `operators` group, which muskie reads as `req.caller.account.isOperator` (lib/auth.js).
   */
  operator: boolean;
}

/** The locals of a request that went through {@link mantaBefore}. */
export function mantaLocals(rc: RequestContext): MantaLocals {
  return rc.locals as unknown as MantaLocals;
}

/**
 * Reads Manta keyIds: `/<account>/keys/<md5>` for the account, `/<account>/<subuser>/keys/<md5>`
 * for a sub-user (no `/users/` segment, unlike CloudAPI).
 */
export function parseMantaKeyId(keyId: string): KeyIdParts | undefined {
  const parts = keyId.split('/');
  if (parts[0] !== '' || parts.some((p, i) => i > 0 && p === '')) return undefined;
  if (parts.length === 4 && parts[2] === 'keys') return { account: parts[1]!, key: parts[3]! };
  if (parts.length === 5 && parts[3] === 'keys') return { account: parts[1]!, user: parts[2]!, key: parts[4]! };
  return undefined;
}

/** Maps an authentication failure to Manta's status and short code (server-behaviour.md). */
export function mantaAuthError(failure: AuthFailure): MantaError {
  switch (failure.kind) {
    case 'missing':
      return new MantaError(
        401,
        'AuthorizationRequired',
        'this request requires an Authorization header or a signed URL',
      );
    case 'malformed':
      return new MantaError(401, 'AuthScheme', `Authorization header invalid: ${failure.detail}`);
    case 'missingDate':
    case 'clockSkew':
      return new MantaError(403, 'InvalidSignature', `Authorization header invalid: ${failure.detail}`);
    case 'expired':
      return new MantaError(403, 'PreSignedRequest', `the signed URL has expired: ${failure.detail}`);
    case 'badAlgorithm':
      return new MantaError(401, 'InvalidAlgorithm', `${failure.detail} is not a supported signing algorithm`);
    case 'badKeyId':
      return new MantaError(403, 'InvalidKeyId', `${failure.detail} is not a valid keyId`);
    case 'unknownAccount':
      return new MantaError(403, 'AccountDoesNotExist', `${failure.detail} does not exist`);
    case 'unknownUser':
      return new MantaError(403, 'UserDoesNotExist', `${failure.detail} does not exist`);
    case 'unknownKey':
      return new MantaError(403, 'KeyDoesNotExist', `key ${failure.detail} does not exist`);
    case 'badSignature':
      return new MantaError(403, 'InvalidSignature', 'the signature in the Authorization header does not verify');
    case 'disabled':
      return new MantaError(403, 'AccountBlocked', 'the account or user of this key is disabled');
  }
}

/**
 * A request without credentials is anonymous, not unauthenticated (muskie lib/auth.js loadCaller,
 * loadOwner): it may read `/:login/public`; anything else is 403 `AuthorizationFailed`, because the
 * emulated accounts have no `anonymous` sub-user, and an unknown account 403 `AccountDoesNotExist`.
 */
function anonymousRequest(rc: RequestContext, login: string): void {
  if (rc.ctx.store.tryAccount(login) === undefined)
    throw new MantaError(403, 'AccountDoesNotExist', `${login} does not exist`);
  if (!isPublicRead(rc, login))
    throw new MantaError(403, 'AuthorizationFailed', `anonymous is not allowed to access ${rc.path}`);
}

/**
 * Manta takes the `Signature` and `Token` schemes; any other is refused before its credentials are
 * read. Token auth (tokens that Manta itself issues to jobs) is not emulated.
 */
function checkScheme(authorization: string | undefined): void {
  if (authorization === undefined) return;
  const space = authorization.indexOf(' ');
  if (space <= 0) return; // unparseable: the signature parser says why
  const scheme = authorization.slice(0, space).toLowerCase();
  if (scheme === 'token')
    throw new MantaError(403, 'InvalidAuthenticationToken', 'the authentication token you provided is malformed');
  if (scheme !== 'signature')
    throw new MantaError(403, 'AuthorizationSchemeNotAllowed', `${scheme} is not allowed (use 'signature')`);
}

function isPublicRead(rc: RequestContext, login: string): boolean {
  if (rc.method !== 'GET' && rc.method !== 'HEAD') return false;
  return rc.path === `/${login}/public` || rc.path.startsWith(`/${login}/public/`);
}

/**
 * Manta's request pipeline before a handler (muskie mantav1 lib/auth.js `authenticationHandler`):
 * signature verification (Authorization header or signed URL), then the caller's active roles,
 * which fail the request with 409 `InvalidRole` for a role it does not hold, on any path. Another
 * account's namespace is reachable only through that account's roles (cross-account roles): a
 * caller without an active role of the owner is refused here, as mahi would refuse it anyway. RBAC
 * depends on the entry a path names, so handlers call {@link authorizeManta}.
 */
export function mantaBefore(rc: RequestContext, operators: ReadonlySet<string> = new Set()): void {
  const login = rc.params['login'] ?? '';
  const locals = mantaLocals(rc);
  locals.login = login;
  locals.anonymous = false;
  locals.activeRoles = [];
  locals.operator = false;
  const authorization = rc.header('authorization');
  const presigned = authorization === undefined && presignFieldsOf(rc.url).length > 0;
  const hasCredentials = authorization !== undefined || presigned;
  // A CORS preflight never carries credentials; it only reveals the CORS headers stored on the object.
  if (rc.method === 'OPTIONS') {
    locals.anonymous = true;
    return;
  }
  if (!hasCredentials) {
    anonymousRequest(rc, login);
    locals.anonymous = true;
    return;
  }
  checkScheme(authorization);
  if (presigned) checkPresigned(rc);
  try {
    rc.auth = verifyRequest(
      { method: rc.method, url: rc.url, header: rc.header },
      rc.ctx.store,
      rc.ctx.consistency,
      rc.ctx.clock(),
      parseMantaKeyId,
    );
  } catch (err) {
    if (err instanceof AuthFailure) throw mantaAuthError(err);
    throw err;
  }
  // A pre-signed URL carries its own role (muskie's preSignedUrl): the Role header is not read then.
  const requested = presigned ? (rc.query.get('role') ?? '') : rc.header('role');
  locals.activeRoles = activeRoles(heldRoles(rc.ctx.store, rc.auth), rc.auth, requested);
  const caller = rc.auth.account.account.login;
  // mahi authorizes an operator's account (never its sub-users) for anything, in any account.
  locals.operator = rc.auth.user === undefined && operators.has(caller);
  if (login !== caller && !isPublicRead(rc, login)) {
    const owner = rc.ctx.store.tryAccount(login);
    if (owner === undefined) throw new MantaError(403, 'AccountDoesNotExist', `${login} does not exist`);
    if (!locals.operator && !locals.activeRoles.some((h) => h.owner === owner))
      throw new MantaError(403, 'AuthorizationFailed', `${caller} is not allowed to access ${rc.path}`);
  }
}

/**
 * Who a job created by this request reads and writes as: the account owner reads all of its
 * objects and writes its job's outputs; a sub-user's reads are decided like a `getobject` of its
 * own, and its task outputs like a `putobject` on the job's `stor` directory, with the roles it took
 * up at CreateJob, the CreateJob request's conditions and `fromjob` true (muskie lib/jobs/create.js
 * `setupJob` keeps the principal and conditions with the job; marlin authorizes with them).
 */
export function jobReader(rc: RequestContext, login: string): JobReader {
  const auth = rc.auth;
  if (auth === undefined || auth.user === undefined || mantaLocals(rc).operator) return { login };
  const owner = rc.ctx.store.tryAccount(login);
  if (owner === undefined) return { login };
  const active = mantaLocals(rc).activeRoles;
  const userAgent = rc.header('user-agent');
  const now = rc.ctx.clock();
  const { sourceIp, method } = rc;
  const may = (action: string, resource: string, roleTags: readonly string[]): boolean =>
    decideManta({
      auth,
      owner,
      active,
      action,
      resource,
      resourceTags: roleTags,
      now,
      ...(sourceIp !== undefined ? { sourceIp } : {}),
      method,
      ...(userAgent !== undefined ? { userAgent } : {}),
      fromjob: true,
    }).allowed;
  return {
    login,
    mayGetObject: (path, roleTags) => may('getobject', path, roleTags),
    mayPutObject: (resource, roleTags) => may('putobject', resource, roleTags),
  };
}

/**
 * Manta's RBAC for a request that is not the owner's on its own namespace (anonymous public reads
 * pass): see {@link decideManta}. `resource` is the path whose tags decide (the parent directory's
 * for a new entry, as muskie's storageContext picks).
 * @throws MantaError 403 `NoMatchingRoleTag` or `AuthorizationFailed`
 */
export function authorizeManta(
  rc: RequestContext,
  action: string,
  resource: string,
  roleTags: readonly string[],
  overwrite = false,
): void {
  const locals = mantaLocals(rc);
  // Anyone may read /:login/public, signed or not, sub-users included.
  if (isPublicRead(rc, locals.login)) return;
  authorizeMantaIn(rc, locals.login, action, resource, roleTags, overwrite);
}

/**
 * {@link authorizeManta} for a resource of the account `ownerLogin`, which need not be the one the
 * request path names (a multipart commit writes wherever its target is).
 * @throws MantaError 403 `AccountDoesNotExist`, `NoMatchingRoleTag` or `AuthorizationFailed`
 */
export function authorizeMantaIn(
  rc: RequestContext,
  ownerLogin: string,
  action: string,
  resource: string,
  roleTags: readonly string[],
  overwrite = false,
): void {
  const auth = rc.auth;
  if (auth === undefined) return;
  const locals = mantaLocals(rc);
  const owner = rc.ctx.store.tryAccount(ownerLogin);
  if (owner === undefined) throw new MantaError(403, 'AccountDoesNotExist', `${ownerLogin} does not exist`);
  if (locals.operator) return;
  const userAgent = rc.header('user-agent');
  const decision = decideManta({
    auth,
    owner,
    active: locals.activeRoles,
    action,
    resource,
    resourceTags: roleTags,
    now: rc.ctx.clock(),
    sourceIp: rc.sourceIp,
    method: rc.method,
    overwrite,
    ...(userAgent !== undefined ? { userAgent } : {}),
  });
  if (decision.allowed) return;
  if (decision.code === 'NoMatchingRoleTag')
    throw new MantaError(403, 'NoMatchingRoleTag', 'None of your active roles are present on the resource.');
  const who = auth.user !== undefined ? `${auth.account.account.login}/${auth.user.login}` : auth.account.account.login;
  throw new MantaError(403, 'AuthorizationFailed', `${who} is not allowed to ${action} ${resource}`);
}

/** The role names active for the request, in the path owner's account (for a new entry's tags). */
export function activeOwnerRoleNames(rc: RequestContext): string[] {
  const locals = mantaLocals(rc);
  return locals.activeRoles.filter((h) => h.owner.account.login === locals.login).map((h) => h.role.name);
}
