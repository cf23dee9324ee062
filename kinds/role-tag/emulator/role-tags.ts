import { ROLE_TAG_COLLECTIONS } from '../../../common/rules/index.js';
import { invalidArgument, notFound } from '../../../emulator/core/errors.js';
import { CURRENT_VIEW } from '../../../emulator/core/consistency.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import { accountOf, localsOf } from '../../../emulator/cloudapi/private/before.js';
import { findUser } from '../../../emulator/cloudapi/private/lookup.js';

/** SetRoleTags on the account itself and on any resource path below it. */
export function roleTagRoutes(): CloudApiRoute[] {
  return [
    {
      method: 'PUT',
      path: '/:account',
      name: 'SetRoleTags',
      action: 'setroletags',
      catchAll: true,
      handler: setRoleTags,
    },
    {
      method: 'PUT',
      path: '/:account/*resource',
      name: 'SetRoleTags',
      action: 'setroletags',
      catchAll: true,
      handler: setRoleTags,
    },
  ];
}

function setRoleTags(rc: RequestContext): { status: number; body: unknown } {
  const account = accountOf(rc);
  const path = localsOf(rc).resourcePath!;
  const segments = path.split('/').slice(2);
  const collection = segments[0];
  if (collection !== undefined && !ROLE_TAG_COLLECTIONS.includes(collection))
    throw notFound(`${collection} is not a valid resource`);
  if (
    collection === 'users' &&
    segments[1] !== undefined &&
    findUser(account, segments[1], CURRENT_VIEW) === undefined
  ) {
    throw notFound(`${segments[1]} does not exist`);
  }
  const tags = requestedTags(rc);
  if (tags === undefined) {
    // No role-tag at all: the server keeps the tags and answers them (an empty list when there
    // are none), sdc-cloudapi lib/resources.js saveResource.
    return { status: 200, body: { name: path, 'role-tag': account.roleTags.get(path) ?? [] } };
  }
  const missing = tags.filter((name) => {
    const role = account.roles.currentAll().find((r) => r.name === name);
    return role === undefined || rc.ctx.consistency.isTooNew(account.roles.createdAt(role.id));
  });
  if (missing.length > 0) throw invalidArgument(`Role(s) ${missing.join(', ')} not found`);
  if (tags.length === 0) account.roleTags.delete(path);
  else account.roleTags.set(path, tags);
  rc.ctx.store.changed();
  return { status: 200, body: { name: path, 'role-tag': tags } };
}

/** `role-tag` from the body (array or comma-separated string) or, failing that, the header; undefined when neither. */
function requestedTags(rc: RequestContext): string[] | undefined {
  const raw = rc.body['role-tag'] ?? rc.header('role-tag');
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
  if (list === undefined || list.some((t) => typeof t !== 'string'))
    throw invalidArgument(`role-tag must be an array of role names (got ${JSON.stringify(raw)})`);
  return [...new Set((list as string[]).map((t) => t.trim()).filter((t) => t !== ''))];
}
