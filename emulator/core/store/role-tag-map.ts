import type { ReplicaLink } from '../replication.js';
import { VersionedTable, type WriteScope } from './versioned-table.js';

/** One path's role tags, as a row of the shared table. */
interface TagRow {
  readonly path: string;
  readonly roles: string[];
}

/**
 * Where a path's role tags live: an individual machine's (`/<login>/machines/<id>` and below) on
 * the VM in its datacenter's VMAPI, every other path's in UFDS as an `sdcaccountresource`, which
 * replicates (sdc-cloudapi `lib/resources.js` `loadResource`: "Individual machine stores role-tag
 * with machine").
 */
export function roleTagScope(path: string): WriteScope {
  const segments = path.split('/');
  return segments.length > 3 && segments[2] === 'machines' ? 'local' : 'replicated';
}

/**
 * An account's role tags by literal path: a `Map` to every caller, kept in a versioned table so
 * that with several datacenters each reads its own replica of them (see {@link roleTagScope}).
 * Without a replica link every write is current at once, as a plain map.
 */
export class RoleTagMap extends Map<string, string[]> {
  private readonly table: VersionedTable<TagRow>;

  /**
   * @param windowMs the consistency window, for the versioned table
   * @param shared the table of the map this one is a replica view of
   * @param link the replica reading and writing through this map
   */
  constructor(
    windowMs: number,
    shared?: RoleTagMap,
    private readonly link?: ReplicaLink,
  ) {
    super();
    const base = shared?.table ?? new VersionedTable<TagRow>((r) => r.path, windowMs);
    this.table = link === undefined ? base : base.forReplica(link);
  }

  /** The same tags as seen and written by the replica `link`. */
  forReplica(link: ReplicaLink): RoleTagMap {
    return new RoleTagMap(0, this, link);
  }

  override get(path: string): string[] | undefined {
    return this.table.current(path)?.roles;
  }

  override has(path: string): boolean {
    return this.table.current(path) !== undefined;
  }

  override set(path: string, roles: string[]): this {
    this.table.put({ path, roles }, this.now(), roleTagScope(path));
    return this;
  }

  override delete(path: string): boolean {
    const had = this.has(path);
    if (had) this.table.delete(path, this.now(), roleTagScope(path));
    return had;
  }

  override clear(): void {
    for (const path of [...this.keys()]) this.delete(path);
  }

  override get size(): number {
    return this.table.currentAll().length;
  }

  override *entries(): MapIterator<[string, string[]]> {
    for (const row of this.table.currentAll()) yield [row.path, row.roles];
  }

  override *keys(): MapIterator<string> {
    for (const row of this.table.currentAll()) yield row.path;
  }

  override *values(): MapIterator<string[]> {
    for (const row of this.table.currentAll()) yield row.roles;
  }

  override [Symbol.iterator](): MapIterator<[string, string[]]> {
    return this.entries();
  }

  override forEach(fn: (roles: string[], path: string, map: Map<string, string[]>) => void, thisArg?: unknown): void {
    for (const [path, roles] of this.entries()) fn.call(thisArg, roles, path, this);
  }

  /** A write without a replica link is "long ago": current everywhere at once, as a plain map's. */
  private now(): number {
    return this.link?.now() ?? Number.NEGATIVE_INFINITY;
  }
}
