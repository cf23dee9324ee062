import { randomUUID } from 'node:crypto';
import { AccountState, type SavedAccountState } from './account-state.js';
import { parsePublicKey } from './public-key.js';
import type { KeyRecord } from './records.js';
import type { Persistence } from '../persistence.js';
import type { ReplicaLink } from '../replication.js';
import { VersionedTable } from './versioned-table.js';

/** What a replica view of the store shares with the store itself. */
interface SharedDirectory {
  readonly accounts: Map<string, AccountState>;
  readonly tables: Map<string, VersionedTable<unknown>>;
}

/** The persistence part name of the identity store (`<dataDir>/identity.json`). */
export const IDENTITY_PART = 'identity';

/**
 * Accounts, their keys, sub-users, roles, policies and role tags: the directory both services
 * authenticate and authorise against. Services change records through the tables of
 * {@link AccountState} and then call {@link IdentityStore.changed} so the change is persisted.
 */
export class IdentityStore {
  private readonly accounts: Map<string, AccountState>;
  /** Other account-wide tables UFDS holds (access keys), by persistence part name. */
  private readonly tables: Map<string, VersionedTable<unknown>>;

  /**
   * @param windowMs the consistency window (old versions are kept this long)
   * @param clock the emulator clock (ms)
   * @param persistence where changes are saved
   * @param shared the directory this store is a replica view of (see {@link IdentityStore.forReplica})
   * @param link the replica reading and writing through this view
   */
  constructor(
    private readonly windowMs: number,
    private readonly clock: () => number,
    private readonly persistence: Persistence,
    shared?: SharedDirectory,
    private readonly link?: ReplicaLink,
  ) {
    this.accounts = shared?.accounts ?? new Map();
    this.tables = shared?.tables ?? new Map();
    if (shared !== undefined) return;
    persistence.register(IDENTITY_PART, {
      save: () => ({ accounts: [...this.accounts.values()].map((a) => a.toJSON()) }),
      load: (data) => {
        this.accounts.clear();
        for (const saved of (data as { accounts: SavedAccountState[] }).accounts) {
          this.accounts.set(saved.account.login, AccountState.fromJSON(saved, windowMs));
        }
      },
    });
  }

  /**
   * The same directory as the replica `link` (a datacenter's CloudAPI, or Manta's mahi) sees it:
   * its own writes at once, the others' once replicated. Accounts are made at start in every
   * replica at once.
   */
  forReplica(link: ReplicaLink): IdentityStore {
    return new IdentityStore(
      this.windowMs,
      this.clock,
      this.persistence,
      { accounts: this.accounts, tables: this.tables },
      link,
    );
  }

  /**
   * An account-wide table besides the accounts' own (access keys), saved as
   * `<dataDir>/<part>.json` (the array of its current rows), seen through this store's replica.
   * @returns the table and how to note a change of it for saving
   */
  sharedTable<T>(part: string, keyOf: (value: T) => string): { table: VersionedTable<T>; changed(): void } {
    let table = this.tables.get(part) as VersionedTable<T> | undefined;
    if (table === undefined) {
      const made = new VersionedTable<T>(keyOf, this.windowMs);
      this.persistence.register(part, { save: () => made.currentAll(), load: (data) => made.restore(data as T[]) });
      this.tables.set(part, made as VersionedTable<unknown>);
      table = made;
    }
    return {
      table: this.link === undefined ? table : table.forReplica(this.link),
      changed: () => this.persistence.markDirty(part),
    };
  }

  /** The account with this exact login, or `undefined`. */
  tryAccount(login: string): AccountState | undefined {
    const state = this.accounts.get(login);
    return state === undefined ? undefined : this.viewOf(state);
  }

  /** The account with this id, or `undefined` (role members of another account are stored by id). */
  accountById(id: string): AccountState | undefined {
    for (const state of this.accounts.values()) if (state.account.id === id) return this.viewOf(state);
    return undefined;
  }

  /** Every account, in creation order. */
  allAccounts(): AccountState[] {
    return [...this.accounts.values()].map((state) => this.viewOf(state));
  }

  /**
   * Returns the account `login`, creating it (with a placeholder email) when it does not exist.
   * Used at start-up for `--account`.
   */
  ensureAccount(login: string): AccountState {
    const existing = this.accounts.get(login);
    if (existing !== undefined) return this.viewOf(existing);
    const now = new Date(this.clock()).toISOString();
    const state = new AccountState(
      {
        id: randomUUID(),
        login,
        email: `${login}@example.com`,
        created: now,
        updated: now,
        svc_cns_enabled: false,
        config: {},
      },
      this.windowMs,
    );
    this.accounts.set(login, state);
    this.changed();
    return this.viewOf(state);
  }

  /**
   * Adds an OpenSSH public key to an account's own keys (idempotent by fingerprint).
   * @throws Error naming the account when the text is not a public key
   */
  addAccountKey(login: string, publicKey: string, name?: string): KeyRecord {
    this.ensureAccount(login);
    // Start-up keys are the directory's own, in every replica at once.
    const account = this.accounts.get(login)!;
    const parsed = parsePublicKey(publicKey.trim());
    if (parsed === undefined) throw new Error(`the key given for account "${login}" is not an OpenSSH public key`);
    const existing = account.keys.current(parsed.fingerprint);
    if (existing !== undefined) return existing;
    const record: KeyRecord = {
      name: name ?? parsed.comment ?? parsed.fingerprint,
      fingerprint: parsed.fingerprint,
      key: publicKey.trim(),
      attested: false,
      created: new Date(this.clock()).toISOString(),
    };
    // Start-up keys are written "long ago": they must authenticate at once, whatever the window.
    account.keys.put(record, Number.NEGATIVE_INFINITY);
    this.changed();
    return record;
  }

  /**
   * True when `email` is used by any account or sub-user other than `exceptId` (CloudAPI makes
   * emails unique across the whole cloud). Compared case-insensitively.
   */
  emailTaken(email: string, exceptId?: string): boolean {
    const wanted = email.toLowerCase();
    for (const state of this.accounts.values()) {
      // UFDS master checks uniqueness: every replica's writes count.
      if (state.account.id !== exceptId && state.account.email.toLowerCase() === wanted) return true;
      for (const user of state.users.currentAll()) {
        if (user.id !== exceptId && user.email.toLowerCase() === wanted) return true;
      }
    }
    return false;
  }

  private viewOf(state: AccountState): AccountState {
    return this.link === undefined ? state : state.forReplica(this.link);
  }

  /** Records that something changed, so it is saved (debounced). */
  changed(): void {
    this.persistence.markDirty(IDENTITY_PART);
  }
}
