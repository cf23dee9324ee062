/**
 * `role-tag`: the role tags of one CloudAPI path. Read from the `role-tag` response header of a GET
 * on the path, written with SetRoleTags (which replaces the whole list). The natural key is the
 * canonical path with the account login. Tags are stored under the literal path, so
 * `/acme/users/bob` and `/acme/users/<uuid>` are different resources.
 *
 * A path may be shared: two stacks (or a person with the `triton` CLI) may tag `/acme/machines`.
 * A non-exclusive tag (the default of the `RoleTag` construct) manages only its own roles there:
 * the ones it declares, and the ones it declared at the last apply (from state) so that a role it
 * stops declaring is removed. Every other role on the path is left as it is, by reading the path's
 * list right before each write. An exclusive tag (`exclusive: true`, and the `roleTags` prop of a
 * resource the stack owns) owns the whole list. Deleting removes the tag's own roles (an exclusive
 * tag clears the list).
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import { sortedStrings } from '../../provider/handlers/private/normalize.js';
import type {
  HandlerContext,
  PlainObject,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { roleTag as roleTagKind } from './descriptor.js';

/** The role tags of one path. A path that exists but carries no tags has `roles: []`. */
export interface RoleTagLive {
  readonly path: string;
  readonly roles: readonly string[];
}

/** Normalised desired role tags: role names sorted; `exclusive` only when set. */
export function normalizeRoleTagDesired(props: ResolvedProperties): PlainObject {
  return {
    path: props['path'] ?? '',
    roles: sortedStrings(props['roles']),
    ...(props['exclusive'] === true ? { exclusive: true } : {}),
  };
}

/**
 * Normalised live role tags. With a desired value or a state entry of a non-exclusive tag, only the
 * tag's own roles: those it declares now or declared at the last apply.
 */
export function normalizeRoleTagLive(live: RoleTagLive, desired?: PlainObject, applied?: PlainObject): PlainObject {
  const exclusive = isExclusive(desired ?? applied);
  // The server keeps no such flag: it is what the last apply recorded, so that a change of it is an
  // update (recorded for the next delete), not nothing.
  const flag: PlainObject = (applied !== undefined ? isExclusive(applied) : exclusive) ? { exclusive: true } : {};
  const roles = sortedStrings([...live.roles]);
  if (exclusive) return { path: live.path, roles, ...flag };
  if (desired === undefined && applied === undefined) return { path: live.path, roles };
  const own = new Set([...rolesOf(desired), ...rolesOf(applied)]);
  return { path: live.path, roles: roles.filter((r) => own.has(r)), ...flag };
}

function isExclusive(props: PlainObject | undefined): boolean {
  return props?.['exclusive'] === true;
}

function rolesOf(props: PlainObject | undefined): string[] {
  return sortedStrings(props?.['roles']);
}

/**
 * Writes the tag: the declared list for an exclusive tag; for a non-exclusive one, the path's
 * current roles without the tag's previous ones, plus the declared ones.
 */
async function write(
  ctx: HandlerContext<Clients>,
  path: string,
  desired: ResolvedProperties,
  applied: PlainObject | undefined,
): Promise<RoleTagLive> {
  let roles = sortedStrings(desired['roles']);
  if (desired['exclusive'] !== true) {
    const previous = new Set(rolesOf(applied));
    const current = (await orUndefined(ctx.clients.cloudapi.getRoleTags(path, { signal: ctx.signal }))) ?? [];
    roles = sortedStrings([...new Set([...current.filter((r) => !previous.has(r)), ...roles])]);
  }
  const answer = await ctx.clients.cloudapi.setRoleTags(path, roles, { signal: ctx.signal });
  // The answer's `name` is not always the path itself; the path we wrote to is.
  return { path, roles: [...(answer['role-tag'] ?? roles)] };
}

/** The `role-tag` handler (no collection: the engine reads each path). */
export const roleTagHandler: ResourceHandler<RoleTagLive, Clients> = {
  kind: 'role-tag',
  mode: 'managed',
  schema: {
    ...fieldRulesOf(roleTagKind),
    replaceStrategy: 'delete-then-create',
    adoptWithoutConsent: 'unless-removing',
  },
  normalizeDesired: normalizeRoleTagDesired,
  normalizeLive: normalizeRoleTagLive,
  naturalKeyOf: (live) => live.path,
  idOf: () => undefined,
  async read(ctx, ref) {
    const path = ref.id ?? ref.naturalKey;
    const roles = await orUndefined(ctx.clients.cloudapi.getRoleTags(path, { signal: ctx.signal }));
    return roles === undefined ? undefined : { path, roles };
  },
  create: (ctx, desired) => write(ctx, String(desired['path'] ?? ''), desired, undefined),
  update: (ctx, id, desired, _patch, applied) => write(ctx, id, desired, applied),
  async delete(ctx, ref) {
    const path = ref.id ?? ref.naturalKey;
    if (ref.applied === undefined || isExclusive(ref.applied)) {
      await ignoreNotFound(ctx.clients.cloudapi.setRoleTags(path, [], { signal: ctx.signal }));
      return;
    }
    const own = new Set(rolesOf(ref.applied));
    const current = await orUndefined(ctx.clients.cloudapi.getRoleTags(path, { signal: ctx.signal }));
    if (current === undefined || !current.some((r) => own.has(r))) return;
    await ignoreNotFound(
      ctx.clients.cloudapi.setRoleTags(
        path,
        current.filter((r) => !own.has(r)),
        { signal: ctx.signal },
      ),
    );
  },
};
