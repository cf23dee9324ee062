/**
 * Access keys (the S3-style keys of recent CloudAPI) as sdc-cloudapi lib/endpoints/accesskeys.js
 * serves them over UFDS (node-ufds `addAccessKey` and the `accesskey` schema of sdc-ufds):
 * ListAccessKeys, GetAccessKey, CreateAccessKey, UpdateAccessKey, DeleteAccessKey and their
 * sub-user twins under `/:account/users/:user/accesskeys`.
 *
 * Decisions from the real code:
 * - The server makes the id (32 hexadecimal digits) and the secret (`tdc_…`, with a checksum); the
 *   secret is in the create's answer only, never in a list, get or update.
 * - `status` is `Active` (the default), `Inactive` or `Expired`; `description` at most 150
 *   characters. A bad value is UFDS's constraint violation, which CloudAPI answers as
 *   `409 InvalidArgument` with UFDS's words (several joined by a newline).
 * - At most 100 keys per account or sub-user: `403 Forbidden`.
 * - Create and update answer `201` with a `Location` header; an update only sets the fields it is
 *   given non-empty (CloudAPI copies `status` and `description` only when truthy), and wraps every
 *   UFDS failure, an unknown key included, in `409 InvalidArgument`. Get and delete of an unknown
 *   key are `404 ResourceNotFound` `<id> does not exist`; an unknown sub-user is `404` too.
 * - Other body fields are ignored (node-triton sends its `userId` option in the create's body).
 */
import { EmulatorError, invalidArgument, notFound } from '../../../emulator/core/errors.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { Reply, RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { findUser } from '../../../emulator/cloudapi/private/lookup.js';
import { param } from '../../../emulator/cloudapi/private/params.js';
import { AccessKeyStore, newAccessKeyId, newAccessKeySecret, type AccessKeyRecord } from './access-key-store.js';

/** The most keys one account or sub-user may have (accesskeys.js `MAX_KEYS`). */
const MAX_KEYS = 100;

/** The statuses UFDS accepts (sdc-ufds schema/accesskey.js `STATUS_VALUES`). */
const STATUS_VALUES = ['Active', 'Inactive', 'Expired'];

/** The longest description UFDS keeps. */
const MAX_DESCRIPTION = 150;

/** CloudAPI's answer for a key (`translateAccessKey`); the secret is added by the create alone. */
function accessKeyJson(k: AccessKeyRecord): Record<string, unknown> {
  return {
    accesskeyid: k.id,
    credentialtype: 'permanent',
    status: k.status,
    ...(k.description !== undefined && k.description !== '' ? { description: k.description } : {}),
    created: new Date(k.created).toISOString(),
    updated: new Date(k.updated).toISOString(),
    expiration: null,
  };
}

/** Whose keys a request addresses: the account's own, or one sub-user's (by id). */
interface Owner {
  readonly account: string;
  readonly user?: string;
  /** The collection's path as the answer's Location names it (the account by login, never `my`). */
  readonly base: string;
}

function ownerOf(rc: RequestContext): Owner {
  const account = accountOf(rc);
  const login = account.account.login;
  const userParam = rc.params['user'];
  if (userParam === undefined) return { account: account.account.id, base: `/${login}/accesskeys` };
  const user = findUser(account, userParam, rc.ctx.consistency.readView());
  if (user === undefined) throw notFound(`User ${userParam} does not exist`);
  return { account: account.account.id, user: user.id, base: `/${login}/users/${userParam}/accesskeys` };
}

/**
 * The UFDS constraint violations of the fields given, joined as UFDS joins them, or `undefined`.
 * `status` and `description` as CloudAPI passes them on: only when truthy.
 */
function constraintProblems(fields: { status?: unknown; description?: unknown }): string | undefined {
  const problems: string[] = [];
  if (fields.status !== undefined && !STATUS_VALUES.includes(fields.status as string))
    problems.push(`status must be one of: ${STATUS_VALUES.join(', ')}`);
  if (fields.description !== undefined && String(fields.description).length > MAX_DESCRIPTION)
    problems.push(`description must be ${MAX_DESCRIPTION} characters in length or less`);
  return problems.length > 0 ? problems.join('\n') : undefined;
}

/** A parameter as CloudAPI copies it into UFDS's attributes: only a truthy value. */
function truthy(rc: RequestContext, name: string): unknown {
  const value = param(rc, name);
  return value === undefined || value === null || value === '' || value === false || value === 0 ? undefined : value;
}

/** The access-key routes, for the account (`/:account/accesskeys`) and its sub-users. */
export function accessKeyRoutes(ctx: EmulatorContext): CloudApiRoute[] {
  const store = new AccessKeyStore(ctx);
  return [
    ...routesFor(store, '/:account/accesskeys', ''),
    ...routesFor(store, '/:account/users/:user/accesskeys', 'User'),
  ];
}

function routesFor(store: AccessKeyStore, base: string, infix: string): CloudApiRoute[] {
  const existing = (rc: RequestContext, owner: Owner): AccessKeyRecord => {
    const id = rc.params['accesskeyid']!;
    const key = store.get(owner.account, owner.user, id);
    if (key === undefined) throw notFound(`${id} does not exist`);
    return key;
  };
  return [
    {
      method: 'GET',
      path: base,
      name: `List${infix}AccessKeys`,
      handler: (rc) => {
        const owner = ownerOf(rc);
        return { status: 200, body: store.listOf(owner.account, owner.user).map(accessKeyJson) };
      },
    },
    {
      method: 'GET',
      path: `${base}/:accesskeyid`,
      name: `Get${infix}AccessKey`,
      handler: (rc) => ({ status: 200, body: accessKeyJson(existing(rc, ownerOf(rc))) }),
    },
    {
      method: 'POST',
      path: base,
      name: `Create${infix}AccessKey`,
      handler: (rc): Reply => {
        const owner = ownerOf(rc);
        if (store.listOf(owner.account, owner.user).length >= MAX_KEYS)
          throw new EmulatorError(
            403,
            'Forbidden',
            `Account already has the maximum allowed number of access keys (${MAX_KEYS})`,
          );
        const status = truthy(rc, 'status');
        const description = truthy(rc, 'description');
        const problem = constraintProblems({ status, description });
        if (problem !== undefined) throw invalidArgument(problem);
        const now = rc.ctx.clock();
        const key: AccessKeyRecord = {
          id: newAccessKeyId(),
          secret: newAccessKeySecret(),
          status: status === undefined ? 'Active' : String(status),
          ...(description !== undefined ? { description: String(description) } : {}),
          owner: owner.account,
          ...(owner.user !== undefined ? { user: owner.user } : {}),
          created: now,
          updated: now,
        };
        store.put(key);
        return {
          status: 201,
          body: { ...accessKeyJson(key), accesskeysecret: key.secret },
          headers: { location: `${owner.base}/${encodeURIComponent(key.id)}` },
        };
      },
    },
    {
      method: 'POST',
      path: `${base}/:accesskeyid`,
      name: `Update${infix}AccessKey`,
      handler: (rc): Reply => {
        const owner = ownerOf(rc);
        const id = rc.params['accesskeyid']!;
        const key = store.get(owner.account, owner.user, id);
        // CloudAPI's update turns every UFDS failure into InvalidArgument, an unknown key included.
        if (key === undefined) throw invalidArgument(`${id} does not exist`);
        const status = truthy(rc, 'status');
        const description = truthy(rc, 'description');
        const problem = constraintProblems({ status, description });
        if (problem !== undefined) throw invalidArgument(problem);
        const next: AccessKeyRecord = {
          ...key,
          ...(status !== undefined ? { status: String(status) } : {}),
          ...(description !== undefined ? { description: String(description) } : {}),
        };
        if (next.status !== key.status || next.description !== key.description) {
          next.updated = rc.ctx.clock();
          store.put(next);
        }
        return {
          status: 201,
          body: accessKeyJson(next),
          headers: { location: `${owner.base}/${encodeURIComponent(next.id)}` },
        };
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:accesskeyid`,
      name: `Delete${infix}AccessKey`,
      handler: (rc) => {
        store.delete(existing(rc, ownerOf(rc)).id);
        return { status: 204 };
      },
    },
  ];
}
