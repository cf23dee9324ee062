/**
 * `role-tag`: the role tags of one CloudAPI path. Read from the `role-tag` response header of a GET
 * on the path, written with SetRoleTags (which replaces the whole list). The natural key is the
 * canonical path with the account login; deleting the resource clears the list. Tags are stored
 * under the literal path, so `/acme/users/bob` and `/acme/users/<uuid>` are different resources.
 */
import type { Clients } from './clients.js';
import { ignoreNotFound, orUndefined } from './private/not-found.js';
import { sortedStrings } from './private/normalize.js';
import type { HandlerContext, PlainObject, ResolvedProperties, ResourceHandler } from './types.js';

/** The role tags of one path. A path that exists but carries no tags has `roles: []`. */
export interface RoleTagLive {
  readonly path: string;
  readonly roles: readonly string[];
}

/** Normalised desired role tags: role names sorted. */
export function normalizeRoleTagDesired(props: ResolvedProperties): PlainObject {
  return { path: props['path'] ?? '', roles: sortedStrings(props['roles']) };
}

/** Normalised live role tags. */
export function normalizeRoleTagLive(live: RoleTagLive): PlainObject {
  return { path: live.path, roles: sortedStrings([...live.roles]) };
}

async function apply(ctx: HandlerContext<Clients>, path: string, desired: ResolvedProperties): Promise<RoleTagLive> {
  const roles = sortedStrings(desired['roles']);
  const answer = await ctx.clients.cloudapi.setRoleTags(path, roles, { signal: ctx.signal });
  // The answer's `name` is not always the path itself; the path we wrote to is.
  return { path, roles: [...(answer['role-tag'] ?? roles)] };
}

/** The `role-tag` handler (no collection: the engine reads each path). */
export const roleTagHandler: ResourceHandler<RoleTagLive, Clients> = {
  kind: 'role-tag',
  mode: 'managed',
  schema: { immutable: ['path'], writeOnly: [], computed: [], replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeRoleTagDesired,
  normalizeLive: normalizeRoleTagLive,
  naturalKeyOf: (live) => live.path,
  idOf: () => undefined,
  async read(ctx, ref) {
    const path = ref.id ?? ref.naturalKey;
    const roles = await orUndefined(ctx.clients.cloudapi.getRoleTags(path, { signal: ctx.signal }));
    return roles === undefined ? undefined : { path, roles };
  },
  create: (ctx, desired) => apply(ctx, String(desired['path'] ?? ''), desired),
  update: (ctx, id, desired) => apply(ctx, id, desired),
  async delete(ctx, ref) {
    await ignoreNotFound(ctx.clients.cloudapi.setRoleTags(ref.id ?? ref.naturalKey, [], { signal: ctx.signal }));
  },
};
