import type { ReadView } from '../consistency.js';
import type { ReplicaLink } from '../replication.js';

interface Version<T> {
  /** Clock time of the write, in ms. */
  readonly at: number;
  /** The value written, or `undefined` for a delete. */
  readonly value: T | undefined;
  /** The replica the write was made through; absent: seen everywhere at `at` (one datacenter, start-up, a restart). */
  readonly origin?: string;
  /** When the other replicas see it (clock ms); `Infinity` for a write that stays in its datacenter. */
  readonly arrives?: number;
}

/** How a write is spread: to every replica (`replicated`, UFDS) or kept where it was made (`local`). */
export type WriteScope = 'replicated' | 'local';

/**
 * A collection that keeps, per object, the versions written inside the consistency window, so a
 * read can be served as the server would have seen it some milliseconds ago. Iteration order is
 * creation order, as CloudAPI lists are.
 *
 * With several datacenters, one table is shared by all and each reads it through its own view
 * ({@link VersionedTable.forReplica}): a version is seen where it was written at once, and by the
 * other replicas only once it has replicated to them.
 */
export class VersionedTable<T> {
  /**
   * @param keyOf the object's identity (an id, or a fingerprint for keys)
   * @param windowMs how long old versions must be kept (the consistency window)
   * @param rows the versions, shared between the replicas' views
   * @param link the replica reading and writing through this view; absent: the whole table, current
   */
  constructor(
    private readonly keyOf: (value: T) => string,
    private readonly windowMs: number,
    private readonly rows = new Map<string, Version<T>[]>(),
    private readonly link?: ReplicaLink,
  ) {}

  /** The same rows as seen and written by the replica `link`. */
  forReplica(link: ReplicaLink): VersionedTable<T> {
    return new VersionedTable(this.keyOf, this.windowMs, this.rows, link);
  }

  /**
   * The whole table as the UFDS master holds it: every replica's writes, current. What the
   * directory's own uniqueness rules (a login, a role or policy name, a key) are checked against:
   * CloudAPI writes through `ufds_master` in every datacenter. Without replicas, this table.
   */
  master(): VersionedTable<T> {
    return this.link === undefined ? this : new VersionedTable(this.keyOf, this.windowMs, this.rows);
  }

  /** The current value, as a write sees it. */
  current(key: string): T | undefined {
    const versions = this.rows.get(key);
    return versions === undefined ? undefined : this.pick(versions, undefined);
  }

  /** Every current value, in creation order. */
  currentAll(): T[] {
    return this.list({ cutoff: undefined });
  }

  /** The value a read made through `view` sees (possibly stale, possibly not yet created). */
  read(key: string, view: ReadView): T | undefined {
    const versions = this.rows.get(key);
    return versions === undefined ? undefined : this.pick(versions, view.cutoff);
  }

  /** Every value a read through `view` sees, in creation order. */
  list(view: ReadView): T[] {
    const out: T[] = [];
    for (const versions of this.rows.values()) {
      const value = this.pick(versions, view.cutoff);
      if (value !== undefined) out.push(value);
    }
    return out;
  }

  /**
   * When the current incarnation of `key` was created (reached this replica), in clock ms, or
   * `undefined` when it does not exist. Used for "created less than W ago" checks (role members,
   * new keys).
   */
  createdAt(key: string): number | undefined {
    const versions = this.rows.get(key);
    if (versions === undefined) return undefined;
    let i = this.newestSeen(versions, undefined);
    if (i < 0 || versions[i]!.value === undefined) return undefined;
    let created = this.seenAt(versions[i]!);
    for (i -= 1; i >= 0 && versions[i]!.value !== undefined; i -= 1)
      created = Math.min(created, this.seenAt(versions[i]!));
    return created;
  }

  /** Writes `value` as the newest version at time `now`. */
  put(value: T, now: number, scope: WriteScope = 'replicated'): void {
    const key = this.keyOf(value);
    let versions = this.rows.get(key);
    if (versions !== undefined && versions[versions.length - 1]?.value === undefined) {
      // Re-created after a delete: it moves to the end, like a new entry in a directory listing.
      this.rows.delete(key);
      versions = [...versions];
    }
    versions ??= [];
    versions.push(this.version(value, now, scope));
    this.rows.set(key, versions);
    this.prune(key, now);
  }

  /** Deletes `key` at time `now`; stale reads (and replicas it has not reached) keep seeing it. */
  delete(key: string, now: number, scope: WriteScope = 'replicated'): void {
    const versions = this.rows.get(key);
    if (versions === undefined) return;
    versions.push(this.version(undefined, now, scope));
    this.prune(key, now);
  }

  /** Replaces the contents with `values` as if written long ago (used when loading saved state). */
  restore(values: readonly T[]): void {
    this.rows.clear();
    for (const value of values) this.rows.set(this.keyOf(value), [{ at: Number.NEGATIVE_INFINITY, value }]);
  }

  private version(value: T | undefined, now: number, scope: WriteScope): Version<T> {
    if (this.link === undefined) return { at: now, value };
    const arrives = scope === 'local' ? Number.POSITIVE_INFINITY : this.link.arrival(now);
    return { at: now, value, origin: this.link.name, arrives };
  }

  /** When this view sees `version`: at once where it was written, on arrival elsewhere. */
  private seenAt(version: Version<T>): number {
    if (this.link === undefined || version.origin === undefined || version.origin === this.link.name) return version.at;
    return version.arrives ?? version.at;
  }

  /** The newest version (by write order) this view sees at `cutoff` (or now), or -1. */
  private newestSeen(versions: readonly Version<T>[], cutoff: number | undefined): number {
    if (this.link === undefined && cutoff === undefined) return versions.length - 1;
    const limit = cutoff ?? this.link!.now();
    for (let i = versions.length - 1; i >= 0; i -= 1) if (this.seenAt(versions[i]!) <= limit) return i;
    return -1;
  }

  private pick(versions: readonly Version<T>[], cutoff: number | undefined): T | undefined {
    const i = this.newestSeen(versions, cutoff);
    return i < 0 ? undefined : versions[i]!.value;
  }

  /**
   * Drops versions no read can see any more: all but the newest one that every replica has seen
   * for longer than the window.
   */
  private prune(key: string, now: number): void {
    const versions = this.rows.get(key)!;
    const cutoff = now - this.windowMs;
    const settledAt = (v: Version<T>): number => Math.max(v.at, v.arrives ?? v.at);
    let keepFrom = 0;
    for (let i = 0; i < versions.length; i += 1) if (settledAt(versions[i]!) <= cutoff) keepFrom = i;
    if (keepFrom > 0) versions.splice(0, keepFrom);
    if (versions.length === 1 && versions[0]!.value === undefined && settledAt(versions[0]!) <= cutoff)
      this.rows.delete(key);
  }
}
