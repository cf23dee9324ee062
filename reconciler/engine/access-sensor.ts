/**
 * Access drift: who can do what in the account now, from a census of the live account with the one
 * evaluator (`common/access` `permissionTable`), against the table the last apply recorded in the
 * state. A grant through an unmanaged role, policy or role tag counts like any other.
 *
 * The table covers the sub-users, roles and policies of the account, the role tags a census reads
 * (the account, each CloudAPI collection, each managed role-tag path) and the managed Manta entries.
 */
import {
  accessChanges,
  accessModelFromResources,
  type AccessModel,
  type AccessModelTag,
  type Permission,
} from '../../common/access/index.js';
import { kindDescriptor, type AccessPart } from '../../common/kinds/index.js';
import type { PlainObject } from '../../common/contract/handler.js';
import type { AccessDriftItem } from './access-drift-item.js';
import type { Census } from './census.js';

export type { AccessDriftItem };

/** The part of the access model a kind's objects are (its descriptor's `access`), if any. */
export function accessPartOf(kind: string): AccessPart | undefined {
  return kindDescriptor(kind)?.access;
}

/** Whether the kind's objects are the given part of the access model (its descriptor's `access`). */
function isPart(kind: string, ...parts: readonly AccessPart[]): boolean {
  const part = accessPartOf(kind);
  return part !== undefined && parts.includes(part);
}

/** A Manta entry (managed directory or object) and its role tags. */
export type MantaEntryTags = AccessModelTag;

/** The access model of the live account as the census saw it, with `mantaEntries` read live. */
export function liveAccessModel(account: string, census: Census, mantaEntries: readonly MantaEntryTags[]): AccessModel {
  const model = accessModelFromResources(
    account,
    census.objects
      .filter((o) => isPart(o.kind, 'users', 'roles', 'policies'))
      .map((o) => ({ kind: o.kind, properties: o.properties })),
  );
  return {
    ...model,
    roleTags: [...census.roleTags].map(([path, roles]) => ({ path, roles })),
    mantaEntries: [...mantaEntries],
  };
}

/**
 * The permissions `live` has that `recorded` lacks (gained) and the reverse (lost), each naming its
 * chains and which parts of them no stack manages.
 * @param isManaged whether a role, policy or the role tag of a role on a path is managed by a stack
 */
export function accessDrift(
  recorded: readonly Permission[],
  live: readonly Permission[],
  isManaged: (
    what: { part: 'roles' | 'policies'; name: string } | { part: 'roleTags'; path: string; role: string },
  ) => boolean,
): AccessDriftItem[] {
  // The evaluator's causes hook is handed each change's rows: it names the unmanaged parts.
  const changes = accessChanges(recorded, live, (rows) => {
    const parts = new Set<string>();
    for (const r of rows) {
      if (!isManaged({ part: 'roles', name: r.role })) parts.add(`role ${r.role}`);
      if (!isManaged({ part: 'policies', name: r.policy })) parts.add(`policy ${r.policy}`);
      if (!isManaged({ part: 'roleTags', path: r.resource, role: r.role }))
        parts.add(`role tag ${r.role} on ${r.resource}`);
    }
    // Roles, then policies, then role tags: the order of the chain.
    const rank = (p: string): number => (p.startsWith('role tag') ? 2 : p.startsWith('policy') ? 1 : 0);
    return [...parts].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  });
  return changes.map(({ causes, ...c }) => ({ ...c, unmanaged: causes ?? [] }));
}

/** The items of `first` that `second` shows too (same user, action, resource and direction): confirmed. */
export function confirmedAccessDrift(
  first: readonly AccessDriftItem[],
  second: readonly AccessDriftItem[],
): AccessDriftItem[] {
  const key = (i: AccessDriftItem): string => JSON.stringify([i.user.toLowerCase(), i.action, i.resource, i.change]);
  const again = new Map(second.map((i) => [key(i), i]));
  return first.flatMap((i) => {
    const seen = again.get(key(i));
    return seen === undefined ? [] : [seen];
  });
}

/** The directory and object entries of a drift plan's live side, for {@link liveAccessModel}. */
export function liveMantaEntries(changes: readonly { kind: string; before: PlainObject | null }[]): MantaEntryTags[] {
  return changes
    .filter((c) => isPart(c.kind, 'mantaEntries') && c.before !== null)
    .map((c) => ({ path: String(c.before!['path']), roles: sortedStringsOf(c.before!['roleTags']) }));
}

/** The strings of a list, sorted (role names as a change or the state records them); anything else is `[]`. */
export function sortedStringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').sort() : [];
}
