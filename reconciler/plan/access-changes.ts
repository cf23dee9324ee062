/**
 * The access a plan grants and revokes: the effective-permission table of the account's managed
 * access-control objects as they are (each change's `before`) and as they will be (its `after`),
 * compared by (user, action, resource). Display-only: the executor never reads it.
 *
 * Only what the stack manages is seen: a role tag naming a role the stack does not manage, or a
 * role whose policy another stack owns, counts as granting nothing.
 */
import {
  accessChanges,
  accessModelFromResources,
  ID_NOT_KNOWN_YET,
  itemLabelOf,
  itemPathOf,
  permissionTable,
  type AccessChange,
  type Permission,
} from '../../common/access/index.js';
import { kindDescriptor, type AccessPart } from '../../common/kinds/index.js';
import type { ResourceChange } from './types.js';

/** The (user, action, resource) permissions applying `changes` grants and revokes, sorted by user, resource, action. */
export function planAccessChanges(account: string, changes: readonly ResourceChange[]): AccessChange[] {
  // Nothing changes: the two tables would be built from equal values (a no-op's before and after
  // differ only in computed fields, which grant nothing), so skip building them.
  if (changes.every((c) => c.action === 'no-op' || c.action === 'read')) return [];
  const side = (pick: (c: ResourceChange) => unknown) =>
    permissionTable(
      accessModelFromResources(
        account,
        changes.flatMap((c) => (pick(c) === null ? [] : [{ kind: c.kind, properties: pick(c) }])),
      ),
    );
  // A look-up's after is what it will read; it is not an access-control object either way.
  const index = changeIndex(account, changes);
  const labels = itemLabels(account, changes);
  return accessChanges(
    side((c) => (c.action === 'read' ? null : c.before)),
    side((c) => (c.action === 'read' ? null : accessAfterOf(c))),
    (rows) => causesOf(rows, index),
  ).map((c) => {
    const label = labels.get(c.resource);
    return label === undefined ? c : { ...c, label };
  });
}

/**
 * A change's `after` as the access model reads it: an object that keeps its server id (anything
 * but a create or a replacement) keeps the id its `before` read, which a declared `after` may not
 * carry, so its item path (`/acme/machines/<uuid>`) is the same on both sides.
 */
export function accessAfterOf(c: Pick<ResourceChange, 'action' | 'before' | 'after'>): ResourceChange['after'] {
  if (c.after === null || c.before === null || c.action === 'replace' || c.action === 'create') return c.after;
  const id = c.before['id'];
  return c.after['id'] === undefined && id !== undefined ? { ...c.after, id } : c.after;
}

/**
 * The label of each item path the changes name by id (`/acme/machines/<uuid>` → `web-1`): a path
 * whose id is not known yet already says its label.
 */
function itemLabels(account: string, changes: readonly ResourceChange[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of changes)
    for (const props of [c.before, accessAfterOf(c)]) {
      if (props === null || kindDescriptor(c.kind)?.access !== 'itemRoleTags') continue;
      const path = itemPathOf(c.kind, account, props);
      const label = itemLabelOf(c.kind, props);
      if (path !== undefined && label !== undefined && !path.includes(ID_NOT_KNOWN_YET)) out.set(path, label);
    }
  return out;
}

/**
 * How a change is named in the chain a permission row names (`role`, `policy`, the tagged
 * `resource`), by the part of the access model its kind fills. A user is the row's subject, not a
 * link of its chain.
 */
const LINK_OF: {
  readonly [P in AccessPart]:
    ((named: (field: string) => unknown, change: ResourceChange, account: string) => string[]) | undefined;
} = {
  users: undefined,
  roles: (named) => [`role:${String(named('name'))}`],
  policies: (named) => [`policy:${String(named('name'))}`],
  roleTags: (named) => [`path:${String(named('path'))}`],
  mantaEntries: (named) => [`path:${String(named('path'))}`],
  // By id, which a replacement changes: the paths before and after both name the change.
  itemRoleTags: (_, c, account) =>
    [c.before, accessAfterOf(c)].flatMap((p) => (p === null ? [] : [`path:${itemPathOf(c.kind, account, p) ?? ''}`])),
};

/** The changes that alter access, by what they name: `role:<name>`, `policy:<name>`, `path:<path>`. */
function changeIndex(account: string, changes: readonly ResourceChange[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const c of changes) {
    if (c.action === 'no-op' || c.action === 'read') continue;
    const part = kindDescriptor(c.kind)?.access;
    const named = (field: string): unknown => c.after?.[field] ?? c.before?.[field];
    const keys = part === undefined ? [] : (LINK_OF[part]?.(named, c, account) ?? []);
    for (const key of new Set(keys)) index.set(key, [...(index.get(key) ?? []), `${c.address} (${c.action})`]);
  }
  return index;
}

/** The changed resources in `rows`' chains (role, policy, the tagged path), as `address (action)`, sorted. */
function causesOf(rows: readonly Permission[], index: ReadonlyMap<string, readonly string[]>): string[] {
  const out = new Set<string>();
  for (const r of rows)
    for (const key of [`role:${r.role}`, `policy:${r.policy}`, `path:${r.resource}`])
      for (const cause of index.get(key) ?? []) out.add(cause);
  return [...out].sort();
}
