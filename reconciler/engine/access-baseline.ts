/**
 * The access table an apply records (the baseline drift compares with), and what in it changed
 * outside triton-iac since the last one.
 *
 * The table is the live census taken after the apply, with the stack's managed objects as the state
 * records them (what was written, immune to a stale read right after the write). To tell changes
 * made outside from the apply's own, the census is also read as if the apply had not run: each
 * object the plan changed put back as the plan found it (its `before`). That table differs from the
 * last recorded one only by what nobody planned. Pure.
 */
import {
  accessModelFromResources,
  permissionTable,
  serviceOf,
  type AccessModel,
  type Permission,
} from '../../common/access/index.js';
import type { AccessPart } from '../../common/kinds/index.js';
import type { PlainObject } from '../../common/contract/handler.js';
import type { ResourceChange } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';
import { accessDrift, accessPartOf, liveAccessModel, sortedStringsOf, type AccessDriftItem } from './access-sensor.js';
import type { Census } from './census.js';

/** What the baseline needs of a planned change. */
export type PlannedChange = Pick<ResourceChange, 'address' | 'kind' | 'action' | 'before' | 'after'>;

/** Whether a role, policy or a role's tag on a path is managed by a stack (see `accessDrift`). */
export type ManagedTest = Parameters<typeof accessDrift>[2];

/**
 * The table an apply records: the live census, with the stack's managed objects as the state
 * records them after the apply; a non-exclusive role tag adds its roles to the path's live ones, an
 * exclusive one replaces them.
 */
export function recordedAccessTable(account: string, census: Census, state: StateDocument): Permission[] {
  return permissionTable(modelAsRecorded(account, census, state, []));
}

/**
 * The permissions gained or lost since `recorded` (the last apply's table) that this apply did not
 * plan, each naming the unmanaged parts of its chains: `recorded` against the account after the apply
 * with every planned change undone.
 *
 * Rows through a user, role or policy the plan deletes (or replaces) are left out of both sides: the
 * server drops its references to a deleted object (a deleted sub-user leaves every role), so what they
 * held is gone by the plan, wherever the reference was. So are rows on a CloudAPI path the census no
 * longer reads (a role tag the apply removed from a path nothing else tags): nothing compares them
 * again.
 */
export function accessChangedOutside(
  recorded: readonly Permission[],
  account: string,
  census: Census,
  state: StateDocument,
  changes: readonly PlannedChange[],
  isManaged: ManagedTest,
): AccessDriftItem[] {
  const planned = changes.filter((c) => c.action !== 'read' && c.action !== 'no-op');
  const unapplied = modelAsRecorded(account, census, state, planned);
  const entries = new Set(unapplied.mantaEntries.map((e) => e.path));
  const gone = deletedNames(planned);
  const compared = (p: Permission): boolean =>
    (serviceOf(p.resource) === 'manta' ? entries.has(p.resource) : census.roleTags.has(p.resource)) &&
    !gone.has(`users:${p.user.toLowerCase()}`) &&
    !gone.has(`roles:${p.role}`) &&
    !gone.has(`policies:${p.policy}`);
  return accessDrift(recorded.filter(compared), permissionTable(unapplied).filter(compared), isManaged);
}

/**
 * The access model of the census with the state's managed objects laid over it, and with each of
 * `undone` put back as the plan found it (its `before`; a create removed).
 */
function modelAsRecorded(
  account: string,
  census: Census,
  state: StateDocument,
  undone: readonly PlannedChange[],
): AccessModel {
  const live = liveAccessModel(account, census, []);
  const objects = new Map<string, { kind: string; properties: PlainObject }>(
    state.resources.map((r) => [r.address, { kind: r.kind, properties: r.properties }]),
  );
  // Names the apply wrote (created, renamed): live, they are the apply's, not what was there before.
  const written = new Set<string>();
  const tags = new Map(live.roleTags.map((t) => [t.path, t.roles]));
  for (const c of undone) {
    if (c.before === null) objects.delete(c.address);
    else objects.set(c.address, { kind: c.kind, properties: c.before });
    const part = accessPartOf(c.kind);
    if (c.after !== null && part !== undefined) written.add(nameKey(part, c.after));
    if (part === 'roleTags') {
      const path = String((c.after ?? c.before)!['path']);
      const before = sortedStringsOf(c.before?.['roles']);
      const after = sortedStringsOf(c.after?.['roles']);
      const current = tags.get(path) ?? [];
      // An exclusive tag's `before` is the path's whole list; a non-exclusive one's only its own
      // roles, so the roles it added are taken off what is there (its own come back below).
      const exclusive = (c.after ?? c.before)!['exclusive'] === true;
      tags.set(
        path,
        exclusive && c.before !== null ? before : current.filter((r) => !after.includes(r) || before.includes(r)),
      );
    }
  }
  const managed = [...objects.values()];
  const model = accessModelFromResources(account, managed);
  const over = <T>(items: readonly T[], part: AccessPart, name: (t: T) => string, mine: readonly T[]): T[] => {
    const replaced = new Set(mine.map((m) => nameKey(part, { name: name(m), login: name(m) })));
    return [
      ...items.filter((i) => {
        const key = nameKey(part, { name: name(i), login: name(i) });
        return !replaced.has(key) && !written.has(key);
      }),
      ...mine,
    ];
  };
  for (const r of managed) {
    if (accessPartOf(r.kind) !== 'roleTags') continue;
    const path = String(r.properties['path']);
    const own = sortedStringsOf(r.properties['roles']);
    tags.set(path, r.properties['exclusive'] === true ? own : [...new Set([...(tags.get(path) ?? []), ...own])].sort());
  }
  return {
    account,
    users: over(live.users, 'users', (u) => u, model.users),
    roles: over(live.roles, 'roles', (r) => r.name, model.roles),
    policies: over(live.policies, 'policies', (p) => p.name, model.policies),
    roleTags: [...tags].map(([path, roles]) => ({ path, roles: [...roles].sort() })),
    mantaEntries: model.mantaEntries,
  };
}

/** `users:<login lower-cased>`, `roles:<name>` or `policies:<name>` of the users, roles and policies the plan deletes or replaces. */
function deletedNames(changes: readonly PlannedChange[]): Set<string> {
  const out = new Set<string>();
  for (const c of changes) {
    const part = accessPartOf(c.kind);
    if ((c.action === 'delete' || c.action === 'replace') && c.before !== null && part !== undefined)
      out.add(nameKey(part, c.before));
  }
  return out;
}

/** How an object of `part` is named in the model (a login compares in any case). */
function nameKey(part: AccessPart, props: Readonly<Record<string, unknown>>): string {
  return part === 'users'
    ? `users:${String(props['login']).toLowerCase()}`
    : `${part}:${String(props['name'] ?? props['path'])}`;
}
