import { VersionedTable } from './versioned-table.js';
import type { AccountRecord, KeyRecord, PolicyRecord, RoleRecord, UserRecord } from './records.js';

/** Everything one account owns in the identity store. */
export class AccountState {
  /** The account's own keys, by fingerprint. */
  readonly keys: VersionedTable<KeyRecord>;
  /** Sub-users, by id. */
  readonly users: VersionedTable<UserRecord>;
  /** Each sub-user's keys, by user id then fingerprint. */
  private readonly userKeyTables = new Map<string, VersionedTable<KeyRecord>>();
  /** Roles, by id. */
  readonly roles: VersionedTable<RoleRecord>;
  /** Policies, by id. */
  readonly policies: VersionedTable<PolicyRecord>;
  /**
   * Role tags by literal resource path with the account segment normalised to the login
   * (`/acme/users/bob`), as CloudAPI stores them.
   */
  readonly roleTags = new Map<string, string[]>();

  /**
   * @param account the account record (changed in place by UpdateAccount)
   * @param windowMs the consistency window, for the versioned tables
   */
  constructor(
    public account: AccountRecord,
    private readonly windowMs: number,
  ) {
    this.keys = new VersionedTable<KeyRecord>((k) => k.fingerprint, windowMs);
    this.users = new VersionedTable<UserRecord>((u) => u.id, windowMs);
    this.roles = new VersionedTable<RoleRecord>((r) => r.id, windowMs);
    this.policies = new VersionedTable<PolicyRecord>((p) => p.id, windowMs);
  }

  /** The key table of sub-user `userId`, created empty on first use. */
  userKeys(userId: string): VersionedTable<KeyRecord> {
    let table = this.userKeyTables.get(userId);
    if (table === undefined) {
      table = new VersionedTable<KeyRecord>((k) => k.fingerprint, this.windowMs);
      this.userKeyTables.set(userId, table);
    }
    return table;
  }

  /** Forgets a deleted user's keys. */
  dropUserKeys(userId: string): void {
    this.userKeyTables.delete(userId);
  }

  /** The persisted form: current values only (a restart ends every consistency window). */
  toJSON(): SavedAccountState {
    const userKeys: Record<string, KeyRecord[]> = {};
    for (const [userId, table] of this.userKeyTables) userKeys[userId] = table.currentAll();
    return {
      account: this.account,
      keys: this.keys.currentAll(),
      users: this.users.currentAll(),
      userKeys,
      roles: this.roles.currentAll(),
      policies: this.policies.currentAll(),
      roleTags: Object.fromEntries(this.roleTags),
    };
  }

  /** Rebuilds an account from its persisted form. */
  static fromJSON(saved: SavedAccountState, windowMs: number): AccountState {
    const state = new AccountState(saved.account, windowMs);
    state.keys.restore(saved.keys);
    state.users.restore(saved.users);
    for (const [userId, keys] of Object.entries(saved.userKeys)) state.userKeys(userId).restore(keys);
    state.roles.restore(saved.roles);
    state.policies.restore(saved.policies);
    for (const [path, tags] of Object.entries(saved.roleTags)) state.roleTags.set(path, tags);
    return state;
  }
}

/** The JSON shape of one saved account. */
export interface SavedAccountState {
  account: AccountRecord;
  keys: KeyRecord[];
  users: UserRecord[];
  userKeys: Record<string, KeyRecord[]>;
  roles: RoleRecord[];
  policies: PolicyRecord[];
  roleTags: Record<string, string[]>;
}
