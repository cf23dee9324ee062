/**
 * `role`: members and policies, both complete lists. Sent in the 9.x object form: members by login
 * (`{ type, login, default }`; a member that is an account, the stack's own or another one, as
 * `type: 'account'`), policies by name, so no read is needed to turn names into ids. Members and
 * policies compare as sets, logins case-insensitively. A rename is an update by id; DeleteRole takes
 * the id. UpdateRole on a role that no longer exists answers 404 (it never creates one).
 */
import type { Role, RoleInput } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { deleteByIdOrName } from '../../provider/handlers/private/by-name.js';
import { byCodePoint, sortedStrings } from '../../provider/handlers/private/normalize.js';
import { orUndefined } from '../../provider/handlers/private/not-found.js';
import type { PlainObject, PlainValue, ResolvedProperties, ResourceHandler } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { role as roleKind } from './descriptor.js';

/** A type alias, not an interface, so that it is assignable to {@link PlainValue}. */
type Member = { type: string; login: string; default: boolean };

function members(value: PlainValue | undefined, lowerCase: boolean): Member[] {
  if (!Array.isArray(value)) return [];
  return (value as readonly PlainValue[])
    .filter(
      (m): m is { readonly [key: string]: PlainValue } => typeof m === 'object' && m !== null && !Array.isArray(m),
    )
    .map((m) => {
      const login = String(m['login'] ?? '');
      return {
        type: String(m['type'] ?? 'subuser'),
        login: lowerCase ? login.toLowerCase() : login,
        default: m['default'] === true,
      };
    });
}

function sortMembers(list: Member[]): Member[] {
  return list.sort((a, b) => byCodePoint(a.type, b.type) || byCodePoint(a.login, b.login));
}

/** Normalised desired role: members sorted by type then lower-cased login, policy names sorted. */
export function normalizeRoleDesired(props: ResolvedProperties): PlainObject {
  return {
    name: props['name'] ?? '',
    members: sortMembers(members(props['members'], true)),
    policies: sortedStrings(props['policies']),
  };
}

/** Normalised live role, the same shape; `id` is computed. Members the server gives without a login are dropped. */
export function normalizeRoleLive(live: Role): PlainObject {
  const liveMembers = (live.members ?? [])
    .filter((m) => typeof m.login === 'string')
    .map((m) => ({ type: m.type, login: m.login!.toLowerCase(), default: m.default === true }));
  const policies = (live.policies ?? []).flatMap((p) => (typeof p.name === 'string' ? [p.name] : []));
  return { id: live.id, name: live.name, members: sortMembers(liveMembers), policies: sortedStrings(policies) };
}

function input(desired: ResolvedProperties): RoleInput {
  return {
    name: String(desired['name'] ?? ''),
    members: members(desired['members'], false).map((m) => ({
      type: m.type === 'account' ? 'account' : 'subuser',
      login: m.login,
      default: m.default,
    })),
    policies: sortedStrings(desired['policies']).map((name) => ({ name })),
  };
}

/** The `role` handler. */
export const roleHandler: ResourceHandler<Role, Clients> = {
  kind: 'role',
  mode: 'managed',
  schema: { ...fieldRulesOf(roleKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeRoleDesired,
  normalizeLive: normalizeRoleLive,
  naturalKeyOf: (live) => live.name,
  idOf: (live) => live.id,
  async list(ctx) {
    return ctx.clients.cloudapi.listRoles({ signal: ctx.signal });
  },
  async read(ctx, ref) {
    return orUndefined(ctx.clients.cloudapi.getRole(ref.id ?? ref.naturalKey, { signal: ctx.signal }));
  },
  async create(ctx, desired) {
    return ctx.clients.cloudapi.createRole(input(desired), { signal: ctx.signal });
  },
  async update(ctx, id, desired) {
    return ctx.clients.cloudapi.updateRole(id, input(desired), { signal: ctx.signal });
  },
  async delete(ctx, ref) {
    const api = ctx.clients.cloudapi;
    await deleteByIdOrName(
      ref,
      (name) => api.getRole(name, { signal: ctx.signal }),
      (id) => api.deleteRole(id, { signal: ctx.signal }),
    );
  },
};
