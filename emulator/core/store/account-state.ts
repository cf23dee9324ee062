import type { ReplicaLink } from '../replication.js';
import { RoleTagMap } from './role-tag-map.js';
import { VersionedTable } from './versioned-table.js';
import type { AccountRecord, KeyRecord, PolicyRecord, RoleRecord, UserRecord } from './records.js';

/** One datacenter's `config` (`default_network`): UFDS keeps it per datacenter (`dclocalconfig`). */
interface DcConfigRow {
  readonly dc: string;
  readonly config: Record<string, string>;
}

/**
 * Everything one account owns in the identity store. With several datacenters the store holds one
 * AccountState per account and each datacenter reads it through its replica view
 * ({@link AccountState.forReplica}), which shares the tables.
 */
export class AccountState {
  /** The account's own keys, by fingerprint. */
  readonly keys: VersionedTable<KeyRecord>;
  /** Sub-users, by id. */
  readonly users: VersionedTable<UserRecord>;
  /** Roles, by id. */
  readonly roles: VersionedTable<RoleRecord>;
  /** Policies, by id. */
  readonly policies: VersionedTable<PolicyRecord>;
  /**
   * Role tags by literal resource path with the account segment normalised to the login
   * (`/acme/users/bob`), as CloudAPI stores them.
   */
  readonly roleTags: RoleTagMap;
  /** The account record, by id (one row). */
  private readonly records: VersionedTable<AccountRecord>;
  /** Each datacenter's config, by datacenter name (written through replica views only). */
  private readonly dcConfigs: VersionedTable<DcConfigRow>;
  /** Each sub-user's keys, by user id then fingerprint (the shared tables). */
  private readonly userKeyTables: Map<string, VersionedTable<KeyRecord>>;
  private readonly replicas = new Map<string, AccountState>();
  private readonly id: string;

  /**
   * @param account the account record (replaced by UpdateAccount)
   * @param windowMs the consistency window, for the versioned tables
   * @param base the account this is a replica view of
   * @param link the replica reading and writing through this view
   */
  constructor(
    account: AccountRecord,
    private readonly windowMs: number,
    private readonly base?: AccountState,
    private readonly link?: ReplicaLink,
  ) {
    this.id = account.id;
    if (base !== undefined && link !== undefined) {
      this.keys = base.keys.forReplica(link);
      this.users = base.users.forReplica(link);
      this.roles = base.roles.forReplica(link);
      this.policies = base.policies.forReplica(link);
      this.roleTags = base.roleTags.forReplica(link);
      this.records = base.records.forReplica(link);
      this.dcConfigs = base.dcConfigs.forReplica(link);
      this.userKeyTables = base.userKeyTables;
      return;
    }
    this.keys = new VersionedTable<KeyRecord>((k) => k.fingerprint, windowMs);
    this.users = new VersionedTable<UserRecord>((u) => u.id, windowMs);
    this.roles = new VersionedTable<RoleRecord>((r) => r.id, windowMs);
    this.policies = new VersionedTable<PolicyRecord>((p) => p.id, windowMs);
    this.roleTags = new RoleTagMap(windowMs);
    this.records = new VersionedTable<AccountRecord>((a) => a.id, windowMs);
    this.dcConfigs = new VersionedTable<DcConfigRow>((c) => c.dc, windowMs);
    this.userKeyTables = new Map();
    this.records.put(account, Number.NEGATIVE_INFINITY);
  }

  /**
   * The account record: the replicated one, with this datacenter's own `config` when it has one
   * (CloudAPI's UpdateConfig writes UFDS `dclocalconfig`, sdc-cloudapi lib/endpoints/config.js).
   */
  get account(): AccountRecord {
    const record = this.records.current(this.id)!;
    if (this.link === undefined) return record;
    const own = this.dcConfigs.current(this.link.name);
    return own === undefined ? record : { ...record, config: own.config };
  }

  set account(next: AccountRecord) {
    if (this.link === undefined) {
      this.records.put(next, Number.NEGATIVE_INFINITY);
      return;
    }
    const now = this.link.now();
    const shared = this.records.current(this.id)!;
    const record = { ...next, config: shared.config };
    // A config-only change (UpdateConfig, the default fabric) stays in this datacenter.
    if (JSON.stringify(record) !== JSON.stringify(shared)) this.records.put(record, now);
    if (JSON.stringify(next.config) !== JSON.stringify(this.account.config))
      this.dcConfigs.put({ dc: this.link.name, config: next.config }, now, 'local');
  }

  /** This account as the replica `link` (a datacenter, or Manta) reads and writes it. */
  forReplica(link: ReplicaLink): AccountState {
    if (this.base !== undefined) return this.base.forReplica(link);
    let view = this.replicas.get(link.name);
    if (view === undefined) {
      view = new AccountState(this.account, this.windowMs, this, link);
      this.replicas.set(link.name, view);
    }
    return view;
  }

  /** The key table of sub-user `userId`, created empty on first use. */
  userKeys(userId: string): VersionedTable<KeyRecord> {
    let table = this.userKeyTables.get(userId);
    if (table === undefined) {
      table = new VersionedTable<KeyRecord>((k) => k.fingerprint, this.windowMs);
      this.userKeyTables.set(userId, table);
    }
    return this.link === undefined ? table : table.forReplica(this.link);
  }

  /** Forgets a deleted user's keys (with several datacenters: deletes them, which replicates). */
  dropUserKeys(userId: string): void {
    if (this.link === undefined) {
      this.userKeyTables.delete(userId);
      return;
    }
    const keys = this.userKeys(userId);
    for (const key of keys.currentAll()) keys.delete(key.fingerprint, this.link.now());
  }

  /** The persisted form: current values only (a restart ends every consistency window). */
  toJSON(): SavedAccountState {
    const userKeys: Record<string, KeyRecord[]> = {};
    for (const [userId, table] of this.userKeyTables) userKeys[userId] = table.currentAll();
    const dcConfigs = this.dcConfigs.currentAll();
    return {
      account: this.account,
      keys: this.keys.currentAll(),
      users: this.users.currentAll(),
      userKeys,
      roles: this.roles.currentAll(),
      policies: this.policies.currentAll(),
      roleTags: Object.fromEntries(this.roleTags),
      ...(dcConfigs.length > 0 ? { dcConfigs: Object.fromEntries(dcConfigs.map((c) => [c.dc, c.config])) } : {}),
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
    state.dcConfigs.restore(Object.entries(saved.dcConfigs ?? {}).map(([dc, config]) => ({ dc, config })));
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
  /** Each datacenter's own config (several datacenters only). */
  dcConfigs?: Record<string, Record<string, string>>;
}
