import type { ReadView } from '../../core/consistency.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { PolicyRecord, RoleRecord, UserRecord } from '../../core/store/records.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `s` has the shape of a UUID (how CloudAPI tells ids from names). */
export function isUuid(s: string): boolean {
  return UUID.test(s);
}

/** A sub-user by UUID or login, as a read through `view` sees it. */
export function findUser(account: AccountState, idOrLogin: string, view: ReadView): UserRecord | undefined {
  if (isUuid(idOrLogin)) {
    const byId = account.users.read(idOrLogin, view);
    if (byId !== undefined) return byId;
  }
  return account.users.list(view).find((u) => u.login === idOrLogin);
}

/** A role by UUID or name, as a read through `view` sees it. */
export function findRole(account: AccountState, idOrName: string, view: ReadView): RoleRecord | undefined {
  if (isUuid(idOrName)) {
    const byId = account.roles.read(idOrName, view);
    if (byId !== undefined) return byId;
  }
  return account.roles.list(view).find((r) => r.name === idOrName);
}

/** A policy by UUID or name, as a read through `view` sees it. */
export function findPolicy(account: AccountState, idOrName: string, view: ReadView): PolicyRecord | undefined {
  if (isUuid(idOrName)) {
    const byId = account.policies.read(idOrName, view);
    if (byId !== undefined) return byId;
  }
  return account.policies.list(view).find((p) => p.name === idOrName);
}
