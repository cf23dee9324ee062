import { invalidArgument } from '../../core/errors.js';
import type { ConsistencyModel } from '../../core/consistency.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { RoleMemberRecord } from '../../core/store/records.js';
import { isUuid } from './lookup.js';

/**
 * Resolves role members from either input form: 9.x objects `{type, id|login, default}`, or the
 * CLI's plain login strings with a separate `default_members` list. A member that does not exist,
 * or was created less than the consistency window ago, is `Invalid subuser: <login>`.
 */
export function resolveMembers(
  account: AccountState,
  consistency: ConsistencyModel,
  members: readonly unknown[],
  defaultMembers: readonly unknown[] | undefined,
): RoleMemberRecord[] {
  const out: RoleMemberRecord[] = [];
  const defaults = new Set((defaultMembers ?? []).map((d) => (typeof d === 'string' ? d : JSON.stringify(d))));
  const add = (m: RoleMemberRecord): void => {
    const existing = out.find((o) => o.id === m.id);
    if (existing === undefined) out.push(m);
    else existing.default ||= m.default;
  };
  const all = [...members, ...[...defaults].filter((d) => !members.includes(d))];
  for (const item of all) {
    if (typeof item === 'string') {
      add({ ...resolveOne(account, consistency, undefined, item, 'subuser'), default: defaults.has(item) });
      continue;
    }
    if (item === null || typeof item !== 'object') throw invalidArgument(`Invalid subuser: ${JSON.stringify(item)}`);
    const m = item as Record<string, unknown>;
    const type = m['type'] ?? 'subuser';
    if (type !== 'subuser' && type !== 'account') throw invalidArgument(`Invalid member type: ${JSON.stringify(type)} (must be "subuser" or "account")`);
    const id = typeof m['id'] === 'string' ? m['id'] : undefined;
    const login = typeof m['login'] === 'string' ? m['login'] : undefined;
    if (id === undefined && login === undefined) throw invalidArgument('Invalid subuser: a member needs an id or a login');
    const isDefault = m['default'] === true || m['default'] === 'true';
    add({ ...resolveOne(account, consistency, id, login, type), default: isDefault });
  }
  return out;
}

function resolveOne(
  account: AccountState,
  consistency: ConsistencyModel,
  id: string | undefined,
  login: string | undefined,
  type: 'subuser' | 'account',
): { type: 'subuser' | 'account'; id: string } {
  const shown = id ?? login ?? '';
  if (type === 'account') {
    if ((id ?? account.account.id) === account.account.id && (login ?? account.account.login) === account.account.login) {
      return { type, id: account.account.id };
    }
    throw invalidArgument(`Invalid account member: ${shown}`);
  }
  // id wins when both are given (cloudapi.md, CreateRole).
  const user =
    id !== undefined
      ? isUuid(id)
        ? account.users.current(id)
        : undefined
      : account.users.currentAll().find((u) => u.login === login);
  if (user === undefined || consistency.isTooNew(account.users.createdAt(user.id))) throw invalidArgument(`Invalid subuser: ${shown}`);
  return { type, id: user.id };
}

/**
 * Resolves policy references: `{id|name}` objects (id wins) or plain names. Unknown or too-new
 * policies are `Invalid policy: <name>`.
 */
export function resolvePolicies(account: AccountState, consistency: ConsistencyModel, policies: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const item of policies) {
    let id: string | undefined;
    let name: string | undefined;
    if (typeof item === 'string') name = item;
    else if (item !== null && typeof item === 'object') {
      const p = item as Record<string, unknown>;
      id = typeof p['id'] === 'string' ? p['id'] : undefined;
      name = typeof p['name'] === 'string' ? p['name'] : undefined;
    }
    const shown = id ?? name ?? JSON.stringify(item);
    const policy =
      id !== undefined ? account.policies.current(id) : name !== undefined ? account.policies.currentAll().find((p) => p.name === name) : undefined;
    if (policy === undefined || consistency.isTooNew(account.policies.createdAt(policy.id))) throw invalidArgument(`Invalid policy: ${shown}`);
    if (!out.includes(policy.id)) out.push(policy.id);
  }
  return out;
}
