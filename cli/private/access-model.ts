/**
 * The access model `triton-iac can` decides against: the live account (users, roles, policies,
 * and the role tags of the one resource asked about), optionally with the app's declarations laid
 * over it (the account as it will be once the plan is applied).
 */
import {
  governingParentOf,
  accessModelFromResources,
  MANTA_WRITES,
  serviceOf,
  type AccessModel,
  type AccessModelTag,
} from '../../common/access/index.js';
import { kindDescriptor } from '../../common/kinds/index.js';
import { TritonApiError } from '../../provider/index.js';
import { accessAfterOf, type Plan } from '../../reconciler/index.js';
import type { Clients } from './engine.js';

/**
 * Reads what decides a request on `resource`: every sub-user, role and policy of the account, and
 * the role tags of the resource (and of its collection, or of its parent directory for a Manta
 * write). Reads only; nothing is changed.
 */
export async function liveAccessModel(
  clients: Clients,
  account: string,
  resource: string,
  action: string,
  /** Where a CloudAPI resource's role tags are read (its datacenter's clients). @default clients */
  tagClients: Clients = clients,
): Promise<AccessModel> {
  const [users, roles, policies] = await Promise.all([
    clients.cloudapi.listUsers(),
    clients.cloudapi.listRoles(),
    clients.cloudapi.listPolicies(),
  ]);
  const loginOf = new Map(users.map((u) => [u.id, u.login]));
  const policyName = new Map(policies.map((p) => [p.id, p.name]));
  const roleTags: AccessModelTag[] = [];
  const mantaEntries: AccessModelTag[] = [];
  if (serviceOf(resource) === 'manta') {
    const paths = [resource];
    const parent = governingParentOf(resource);
    // A top directory (/acme/stor) has no parent that governs it.
    if (MANTA_WRITES.has(action.toLowerCase()) && parent !== undefined) paths.push(parent);
    for (const path of paths) {
      // A missing entry is not an error here: a write that creates it is authorised by the parent.
      const meta = await ifFound(clients.manta.headObject(path));
      if (meta !== undefined) mantaEntries.push({ path, roles: meta.roleTags });
    }
  } else {
    const paths = [resource];
    const parent = governingParentOf(resource);
    if (parent !== undefined) paths.push(parent);
    // An item that does not exist has no tags of its own; its collection's still decide.
    for (const path of paths)
      roleTags.push({ path, roles: (await ifFound(tagClients.cloudapi.getRoleTags(path))) ?? [] });
  }
  return {
    account,
    users: users.map((u) => u.login),
    roles: roles.map((r) => ({
      name: r.name,
      members: (r.members ?? []).flatMap((m) => {
        const login = m.login ?? (m.id !== undefined ? loginOf.get(m.id) : undefined);
        return login === undefined ? [] : [{ type: m.type, login, default: m.default === true }];
      }),
      policies: (r.policies ?? []).flatMap((p) => {
        const name = p.name ?? (p.id !== undefined ? policyName.get(p.id) : undefined);
        return name === undefined ? [] : [name];
      }),
    })),
    policies: policies.map((p) => ({ name: p.name, rules: p.rules ?? [] })),
    roleTags,
    mantaEntries,
  };
}

/** The value, or `undefined` when the cloud answers 404. */
async function ifFound<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof TritonApiError && err.status === 404) return undefined;
    throw err;
  }
}

/**
 * `live` as it will be once `plan` is applied: declared users, roles, policies, role tags and Manta
 * entries replace the live ones of the same name or path, deleted ones go, the rest stay.
 */
export function overlayPlan(live: AccessModel, plan: Plan): AccessModel {
  const after = accessModelFromResources(
    live.account,
    plan.changes.filter((c) => c.after !== null).map((c) => ({ kind: c.kind, properties: accessAfterOf(c) })),
  );
  const gone = accessModelFromResources(
    live.account,
    plan.changes.filter((c) => c.action === 'delete').map((c) => ({ kind: c.kind, properties: c.before })),
  );
  const keep = <T>(items: readonly T[], key: (t: T) => string, declared: readonly T[], deleted: readonly T[]): T[] => {
    const replaced = new Set([...declared, ...deleted].map(key));
    return [...items.filter((i) => !replaced.has(key(i))), ...declared];
  };
  return {
    account: live.account,
    users: keep(live.users, (u) => u.toLowerCase(), after.users, gone.users),
    roles: keep(live.roles, (r) => r.name, after.roles, gone.roles),
    policies: keep(live.policies, (p) => p.name, after.policies, gone.policies),
    roleTags: keep(
      live.roleTags,
      (t) => t.path,
      [
        ...after.roleTags.map((t) => withUnmanagedRoles(t, live, plan)),
        ...gone.roleTags.map((t) => withoutOwnRoles(t, live, plan)),
      ],
      [],
    ),
    mantaEntries: keep(live.mantaEntries, (t) => t.path, after.mantaEntries, gone.mantaEntries),
  };
}

/** A role tag that manages only its own roles (`exclusive` unset) leaves the path's other live roles in place. */
function withUnmanagedRoles(tag: AccessModelTag, live: AccessModel, plan: Plan): AccessModelTag {
  const change = plan.changes.find((c) => setsRoleTags(c.kind) && c.after !== null && c.after['path'] === tag.path);
  if (change?.after?.['exclusive'] === true) return tag;
  const others = live.roleTags.find((t) => t.path === tag.path)?.roles ?? [];
  return { path: tag.path, roles: [...new Set([...tag.roles, ...others])].sort() };
}

/** Deleting a non-exclusive role tag removes only its own roles from the path; an exclusive one clears it. */
function withoutOwnRoles(tag: AccessModelTag, live: AccessModel, plan: Plan): AccessModelTag {
  const change = plan.changes.find(
    (c) => setsRoleTags(c.kind) && c.action === 'delete' && c.before?.['path'] === tag.path,
  );
  if (change?.before?.['exclusive'] === true) return { path: tag.path, roles: [] };
  const own = new Set(tag.roles);
  return {
    path: tag.path,
    roles: (live.roleTags.find((t) => t.path === tag.path)?.roles ?? []).filter((r) => !own.has(r)),
  };
}

/** Whether `kind`'s objects are the role tags of a CloudAPI path (its descriptor's access part). */
function setsRoleTags(kind: string): boolean {
  return kindDescriptor(kind)?.access === 'roleTags';
}
