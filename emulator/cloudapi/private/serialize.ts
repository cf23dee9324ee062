import type { AccountState } from '../../core/store/account-state.js';
import type { IdentityStore } from '../../core/store/identity-store.js';
import type { AccountRecord, KeyRecord, PolicyRecord, RoleRecord, UserRecord } from '../../core/store/records.js';
import { PROFILE_FIELDS } from './params.js';

/** The wire form of the account (no password, no internal flags). */
export function accountJson(a: AccountRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { id: a.id, login: a.login, email: a.email };
  for (const f of PROFILE_FIELDS) if (a[f] !== undefined) out[f] = a[f];
  return { ...out, created: a.created, updated: a.updated, triton_cns_enabled: a.svc_cns_enabled };
}

/** The wire form of a sub-user; with `membership`, its roles and default roles. */
export function userJson(u: UserRecord, membership?: AccountState): Record<string, unknown> {
  const out: Record<string, unknown> = { id: u.id, login: u.login, email: u.email };
  for (const f of PROFILE_FIELDS) if (u[f] !== undefined) out[f] = u[f];
  out['created'] = u.created;
  out['updated'] = u.updated;
  if (membership !== undefined) {
    const roles = membership.roles.currentAll().filter((r) => r.members.some((m) => m.id === u.id));
    out['roles'] = roles.map((r) => r.name);
    out['default_roles'] = roles.filter((r) => r.members.some((m) => m.id === u.id && m.default)).map((r) => r.name);
  }
  return out;
}

/** The wire form of a key. */
export function keyJson(k: KeyRecord): Record<string, unknown> {
  return {
    name: k.name,
    fingerprint: k.fingerprint,
    key: k.key,
    attested: k.attested,
    ...(k.multifactor !== undefined ? { multifactor: k.multifactor } : {}),
  };
}

/** The wire form of a policy. */
export function policyJson(p: PolicyRecord): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    rules: p.rules,
    ...(p.description !== undefined ? { description: p.description } : {}),
  };
}

/**
 * The wire form of a role in the negotiated version: 9.x objects, or before 9.0.0 the string
 * arrays with `default_members`, which hold sub-users only: members that are accounts are left
 * out, as sdc-cloudapi lib/membership.js does for old clients.
 */
export function roleJson(
  r: RoleRecord,
  account: AccountState,
  store: IdentityStore,
  version: string,
): Record<string, unknown> {
  const loginOf = (m: RoleRecord['members'][number]): string | undefined =>
    m.type === 'account' ? store.accountById(m.id)?.account.login : account.users.current(m.id)?.login;
  const policies = r.policies.flatMap((id) => {
    const p = account.policies.current(id);
    return p === undefined ? [] : [{ id: p.id, name: p.name }];
  });
  const members = r.members.flatMap((m) => {
    const login = loginOf(m);
    return login === undefined ? [] : [{ type: m.type, id: m.id, login, default: m.default }];
  });
  if (Number(version.split('.')[0]) >= 9) return { id: r.id, name: r.name, members, policies };
  const subusers = members.filter((m) => m.type === 'subuser');
  return {
    id: r.id,
    name: r.name,
    members: subusers.map((m) => m.login),
    default_members: subusers.filter((m) => m.default).map((m) => m.login),
    policies: policies.map((p) => p.name),
  };
}
