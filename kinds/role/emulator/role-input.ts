import { invalidArgument } from '../../../emulator/core/errors.js';
import type { ConsistencyModel } from '../../../emulator/core/consistency.js';
import type { AccountState } from '../../../emulator/core/store/account-state.js';
import type { IdentityStore } from '../../../emulator/core/store/identity-store.js';
import type { RoleMemberRecord } from '../../../emulator/core/store/records.js';
import { isUuid } from '../../../emulator/cloudapi/private/lookup.js';

/** What resolving role input needs: the role's account, the other accounts, the consistency window. */
export interface RoleInputContext {
  readonly account: AccountState;
  readonly store: IdentityStore;
  readonly consistency: ConsistencyModel;
}

/** A member reference once its shape is checked. */
interface MemberRef {
  readonly type: 'subuser' | 'account';
  readonly id?: string;
  readonly login?: string;
  readonly default: boolean;
}

const MEMBER_KEYS = new Set(['type', 'id', 'login', 'default']);

/**
 * Resolves role members from either input form: 9.x objects `{type, id|login, default}`, checked as
 * strictly as sdc-cloudapi lib/roles.js does (a string `type` of `subuser` or `account`, no other
 * keys, a UUID `id`, a string `login`, a boolean `default`), or the CLI's plain login strings with
 * a separate `default_members` list. A member of type `account` may be any existing account. Every
 * member that does not exist (or is newer than the consistency window) is reported, joined by
 * `, `: `Invalid subuser: <login>`, `Invalid account: <login>`.
 * @throws EmulatorError 409 InvalidArgument
 */
export function resolveMembers(
  ctx: RoleInputContext,
  members: readonly unknown[],
  defaultMembers: readonly unknown[] | undefined,
): RoleMemberRecord[] {
  const defaults = new Set((defaultMembers ?? []).map((d) => (typeof d === 'string' ? d : JSON.stringify(d))));
  const refs: MemberRef[] = [];
  for (const item of [...members, ...[...defaults].filter((d) => !members.includes(d))]) {
    refs.push(
      typeof item === 'string' ? { type: 'subuser', login: item, default: defaults.has(item) } : memberRef(item),
    );
  }
  const out: RoleMemberRecord[] = [];
  const problems: string[] = [];
  for (const ref of refs) {
    const id = resolveOne(ctx, ref);
    if (id === undefined) {
      problems.push(`Invalid ${ref.type}: ${ref.id ?? ref.login ?? ''}`);
      continue;
    }
    const existing = out.find((o) => o.id === id);
    if (existing === undefined) out.push({ type: ref.type, id, default: ref.default });
    else existing.default ||= ref.default;
  }
  if (problems.length > 0) throw invalidArgument(problems.join(', '));
  return out;
}

/** Checks one member object's shape; the messages are the server's. */
function memberRef(item: unknown): MemberRef {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    throw invalidArgument('Role "members" must be an array of objects');
  const m = item as Record<string, unknown>;
  if (typeof m['type'] !== 'string')
    throw invalidArgument('Role "member" references must have a string "type" property');
  const type = m['type'];
  if (type !== 'subuser' && type !== 'account') throw invalidArgument(`Member "type" is not supported: "${type}"`);
  for (const key of Object.keys(m)) {
    if (!MEMBER_KEYS.has(key)) {
      throw invalidArgument(
        `Member references may only contain "type", "login", "id", or "default" properties, not "${key}"`,
      );
    }
  }
  const id = m['id'];
  if (id !== undefined && (typeof id !== 'string' || !isUuid(id)))
    throw invalidArgument('Member "id" property must be a string UUID');
  const login = m['login'];
  if (login !== undefined && typeof login !== 'string')
    throw invalidArgument('Member "login" property must be a string');
  const isDefault = m['default'];
  if (isDefault !== undefined && typeof isDefault !== 'boolean')
    throw invalidArgument('Member "default" property must be a boolean');
  if (id === undefined && login === undefined) throw invalidArgument(`Invalid member: ${JSON.stringify(item)}`);
  return {
    type,
    ...(id !== undefined ? { id } : {}),
    ...(login !== undefined ? { login } : {}),
    default: isDefault === true,
  };
}

/** The id of the member `ref` names (id wins over login, cloudapi.md CreateRole), or undefined. */
function resolveOne(ctx: RoleInputContext, ref: MemberRef): string | undefined {
  if (ref.type === 'account') {
    const other = ref.id !== undefined ? ctx.store.accountById(ref.id) : ctx.store.tryAccount(ref.login ?? '');
    return other?.account.id;
  }
  // Looked up in this datacenter's mahi (sdc-cloudapi lib/roles.js), which lags other datacenters' writes.
  const { account, consistency } = ctx;
  const user =
    ref.id !== undefined
      ? account.users.current(ref.id)
      : account.users.currentAll().find((u) => u.login === ref.login);
  if (user === undefined || consistency.isTooNew(account.users.createdAt(user.id))) return undefined;
  return user.id;
}

/**
 * Resolves policy references: `{id|name}` objects (id wins) or plain names. Unknown or too-new
 * policies are `Invalid policy: <name>`.
 */
export function resolvePolicies(
  account: AccountState,
  consistency: ConsistencyModel,
  policies: readonly unknown[],
): string[] {
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
    // sdc-cloudapi lib/policies.js `preloadPolicies` reads `ufds_master`: a policy made through
    // another datacenter is found before it replicates here (members are looked up in mahi, above).
    const table = account.policies.master();
    const policy =
      id !== undefined
        ? table.current(id)
        : name !== undefined
          ? table.currentAll().find((p) => p.name === name)
          : undefined;
    if (policy === undefined || consistency.isTooNew(table.createdAt(policy.id)))
      throw invalidArgument(`Invalid policy: ${shown}`);
    if (!out.includes(policy.id)) out.push(policy.id);
  }
  return out;
}
