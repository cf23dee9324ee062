import type { ReadView } from '../consistency.js';

interface Version<T> {
  /** Clock time of the write, in ms. */
  readonly at: number;
  /** The value written, or `undefined` for a delete. */
  readonly value: T | undefined;
}

/**
 * A collection that keeps, per object, the versions written inside the consistency window, so a
 * read can be served as the server would have seen it some milliseconds ago. Iteration order is
 * creation order, as CloudAPI lists are.
 */
export class VersionedTable<T> {
  private readonly rows = new Map<string, Version<T>[]>();

  /**
   * @param keyOf the object's identity (an id, or a fingerprint for keys)
   * @param windowMs how long old versions must be kept (the consistency window)
   */
  constructor(
    private readonly keyOf: (value: T) => string,
    private readonly windowMs: number,
  ) {}

  /** The current value, as a write sees it. */
  current(key: string): T | undefined {
    const versions = this.rows.get(key);
    return versions?.[versions.length - 1]?.value;
  }

  /** Every current value, in creation order. */
  currentAll(): T[] {
    const out: T[] = [];
    for (const versions of this.rows.values()) {
      const value = versions[versions.length - 1]?.value;
      if (value !== undefined) out.push(value);
    }
    return out;
  }

  /** The value a read made through `view` sees (possibly stale, possibly not yet created). */
  read(key: string, view: ReadView): T | undefined {
    const versions = this.rows.get(key);
    return versions === undefined ? undefined : pick(versions, view);
  }

  /** Every value a read through `view` sees, in creation order. */
  list(view: ReadView): T[] {
    const out: T[] = [];
    for (const versions of this.rows.values()) {
      const value = pick(versions, view);
      if (value !== undefined) out.push(value);
    }
    return out;
  }

  /**
   * When the current incarnation of `key` was created, in clock ms, or `undefined` when it does
   * not exist. Used for "created less than W ago" checks (role members, new keys).
   */
  createdAt(key: string): number | undefined {
    const versions = this.rows.get(key);
    if (versions === undefined || versions[versions.length - 1]?.value === undefined) return undefined;
    let created = versions[versions.length - 1]!.at;
    for (let i = versions.length - 1; i >= 0 && versions[i]!.value !== undefined; i -= 1) created = versions[i]!.at;
    return created;
  }

  /** Writes `value` as the newest version at time `now`. */
  put(value: T, now: number): void {
    const key = this.keyOf(value);
    let versions = this.rows.get(key);
    if (versions !== undefined && versions[versions.length - 1]?.value === undefined) {
      // Re-created after a delete: it moves to the end, like a new entry in a directory listing.
      this.rows.delete(key);
      versions = [...versions];
    }
    versions ??= [];
    versions.push({ at: now, value });
    this.rows.set(key, versions);
    this.prune(key, now);
  }

  /** Deletes `key` at time `now`; stale reads keep seeing it for the window. */
  delete(key: string, now: number): void {
    const versions = this.rows.get(key);
    if (versions === undefined) return;
    versions.push({ at: now, value: undefined });
    this.prune(key, now);
  }

  /** Replaces the contents with `values` as if written long ago (used when loading saved state). */
  restore(values: readonly T[]): void {
    this.rows.clear();
    for (const value of values) this.rows.set(this.keyOf(value), [{ at: Number.NEGATIVE_INFINITY, value }]);
  }

  /** Drops versions no read can see any more: all but the newest one older than the window. */
  private prune(key: string, now: number): void {
    const versions = this.rows.get(key)!;
    const cutoff = now - this.windowMs;
    let keepFrom = 0;
    for (let i = 0; i < versions.length; i += 1) if (versions[i]!.at <= cutoff) keepFrom = i;
    if (keepFrom > 0) versions.splice(0, keepFrom);
    if (versions.length === 1 && versions[0]!.value === undefined && versions[0]!.at <= cutoff) this.rows.delete(key);
  }
}

function pick<T>(versions: readonly Version<T>[], view: ReadView): T | undefined {
  if (view.cutoff === undefined) return versions[versions.length - 1]?.value;
  for (let i = versions.length - 1; i >= 0; i -= 1) {
    if (versions[i]!.at <= view.cutoff) return versions[i]!.value;
  }
  return undefined;
}
