import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { MantaError, notFound } from './errors.js';
import { type Entry, type DirectoryEntry, type ObjectEntry, toListingEntry } from './entries.js';
import { checkWrite, checkCommit, type ConditionalHeaders } from './conditional.js';
import { ACCOUNT_DIRS, baseName, depthOf, isRootDirectory, loginOf, parentOf } from './private/paths.js';
import { writeFileAtomic } from './private/atomic-file.js';
import { ChangeHistory } from './private/change-history.js';
import { EmulatorStartError } from '../core/start-error.js';
import type { BlobInfo, BlobStore } from './blob-store.js';
import type { ListOptions, Listing, ObjectMeta, PersistedSection } from './namespace-types.js';
import { lowerBound, readSnapshot, snapshotBody } from './private/namespace-snapshot.js';

export type { ListOptions, Listing, ObjectMeta, PersistedSection } from './namespace-types.js';

const SNAPSHOT = 'namespace.json';

/**
 * The Manta namespace: directories and objects keyed by canonical path, with bytes kept in a
 * `BlobStore`. Every mutation is synchronous in memory (so two racing conditional writes are
 * decided in a definite order) and then saved with a group commit: concurrent mutations share one
 * atomic snapshot write, and each caller awaits the snapshot that contains its change.
 */
export class NamespaceStore {
  /** Where object bytes live. */
  readonly blobs: BlobStore;
  private readonly entries = new Map<string, Entry>();
  private readonly children = new Map<string, Set<string>>();
  private readonly refs = new Map<string, number>();
  private readonly sections = new Map<string, PersistedSection>();
  private readonly stateDir: string | undefined;
  private history = new ChangeHistory(
    0,
    Date.now,
    () => undefined,
    () => undefined,
  );
  private saving: Promise<void> | undefined;
  private pending: Promise<void> | undefined;

  /**
   * @param blobs the blob store holding object bytes
   * @param stateDir directory for the metadata snapshot; `undefined` keeps metadata in memory only
   */
  constructor(blobs: BlobStore, stateDir?: string) {
    this.blobs = blobs;
    this.stateDir = stateDir;
  }

  /**
   * Turns on the simulated eventual consistency: for `windowMs` after a change, {@link readAt}
   * can still serve the entry as it was before (or its absence), like a lagging replica.
   */
  setConsistencyWindow(windowMs: number, clock: () => number): void {
    this.history = new ChangeHistory(
      windowMs,
      clock,
      (b) => this.retainBlob(b),
      (b) => this.releaseBlob(b),
    );
  }

  /**
   * The entry at `path` as a read with view `cutoff` sees it: the current entry, or, when it
   * changed after `cutoff`, the entry before that change (`undefined` if it did not exist).
   */
  readAt(path: string, cutoff: number | undefined): Entry | undefined {
    if (cutoff !== undefined) {
      const before = this.history.before(path, cutoff);
      if (before !== 'unchanged') return before;
    }
    return this.entries.get(path);
  }

  /** Registers extra state saved with (and restored from) the namespace snapshot. */
  registerSection(name: string, section: PersistedSection): void {
    this.sections.set(name, section);
  }

  /** Restores the snapshot, if the state directory has one. Call after registering sections. */
  load(): void {
    if (this.stateDir === undefined) return;
    const file = join(this.stateDir, SNAPSHOT);
    const data = readSnapshot(file);
    if (data === undefined) return;
    try {
      for (const e of data.entries) this.insert(e);
      for (const [name, section] of this.sections) {
        if (data.sections?.[name] !== undefined) section.load(data.sections[name]);
      }
    } catch (err) {
      throw new EmulatorStartError(
        { kind: 'data-corrupt', file, detail: `does not hold the emulator's saved state (${(err as Error).message})` },
        { cause: err },
      );
    }
  }

  /** Saves the snapshot now (or joins the save about to start). Resolves once it is on disk. */
  save(): Promise<void> {
    if (this.stateDir === undefined) return Promise.resolve();
    if (this.pending !== undefined) return this.pending;
    const previous = this.saving ?? Promise.resolve();
    // The snapshot is taken when the previous write is done, so it holds every change made until then.
    const next: Promise<void> = previous
      .catch(() => undefined)
      .then(async () => {
        if (this.pending === next) this.pending = undefined;
        const body = snapshotBody(this.entries.values(), this.sections);
        const write = writeFileAtomic(join(this.stateDir as string, SNAPSHOT), body);
        this.saving = write;
        try {
          await write;
        } finally {
          if (this.saving === write) this.saving = undefined;
        }
      });
    this.pending = next;
    return next;
  }

  /** Creates the account root and its fixed directories (`jobs`, `public`, `reports`, `stor`, `uploads`) when missing. */
  ensureAccount(login: string): void {
    const root = `/${login}`;
    if (this.entries.has(root)) return;
    const now = Date.now();
    this.insert({ type: 'directory', path: root, mtime: now, roleTags: [], headers: {} });
    for (const d of ACCOUNT_DIRS)
      this.insert({ type: 'directory', path: `${root}/${d}`, mtime: now, roleTags: [], headers: {} });
  }

  /** The entry at `path`, or `undefined`. */
  tryGet(path: string): Entry | undefined {
    return this.entries.get(path);
  }

  /**
   * The entry at `path`.
   * @throws MantaError 404 `ResourceNotFound`
   */
  get(path: string): Entry {
    const e = this.entries.get(path);
    if (e === undefined) throw notFound(path);
    return e;
  }

  /** The object at `path`, or `undefined` when absent or a directory. */
  tryGetObject(path: string): ObjectEntry | undefined {
    const e = this.entries.get(path);
    return e?.type === 'object' ? e : undefined;
  }

  /**
   * Creates a directory, or updates its role tags and headers if it exists (PutDirectory is idempotent).
   * @throws MantaError 404 `DirectoryDoesNotExist`, 400 `ParentNotDirectory`, 400 `OperationNotAllowedOnRootDirectory`
   */
  putDirectory(
    path: string,
    roleTags?: readonly string[],
    headers: Readonly<Record<string, string>> = {},
  ): DirectoryEntry {
    const found = this.entries.get(path);
    // muskie's mkdir writes a directory record over an object (mantav1 lib/dir.js: its chain checks
    // only the parent), so the object is replaced.
    const existing = found?.type === 'object' ? undefined : found;
    if (existing === undefined) {
      this.checkUserPath(path);
      this.checkParent(path);
    }
    const dir: DirectoryEntry = {
      type: 'directory',
      path,
      mtime: existing?.mtime ?? Date.now(),
      roleTags: roleTags ?? existing?.roleTags ?? [],
      headers: existing === undefined ? headers : { ...existing.headers, ...headers },
    };
    this.insert(dir);
    return dir;
  }

  /**
   * Checks that an object may be written at `path` before its bytes are read.
   * @returns the etag a compare-and-swap write must still find at commit
   * @throws MantaError 404/400 for a bad parent, 400 `OperationNotAllowedOnDirectory`, 412 `PreconditionFailed`
   */
  beginObjectWrite(path: string, conditions: ConditionalHeaders): string | undefined {
    this.checkObjectTarget(path);
    return checkWrite(conditions, this.tryGetObject(path));
  }

  /**
   * Stores an object whose bytes are already in the blob store. Re-checks the target (the parent
   * may have gone while the bytes streamed in) and the compare-and-swap condition.
   * @throws MantaError 409 `ConcurrentRequest` when a conditional write lost a race
   */
  commitObject(
    path: string,
    blobs: readonly BlobInfo[],
    md5: string,
    meta: ObjectMeta,
    conditions: ConditionalHeaders = {},
    expected?: string,
  ): ObjectEntry {
    this.checkObjectTarget(path);
    const current = this.tryGetObject(path);
    checkCommit(conditions, expected, current);
    const obj: ObjectEntry = {
      type: 'object',
      path,
      mtime: Date.now(),
      roleTags: meta.roleTags ?? [],
      headers: meta.headers,
      etag: randomUUID(),
      blobs: blobs.map((b) => b.id),
      size: blobs.reduce((n, b) => n + b.size, 0),
      md5,
      contentType: meta.contentType,
      durability: meta.durability,
    };
    this.insert(obj);
    return obj;
  }

  /**
   * Replaces an entry's stored headers, content type and role tags (PutMetadata). Size, MD5,
   * durability and etag are kept.
   * @throws MantaError 404 `ResourceNotFound`, 412 `PreconditionFailed`
   */
  putMetadata(path: string, meta: Omit<ObjectMeta, 'durability'>, conditions: ConditionalHeaders = {}): Entry {
    const e = this.get(path);
    if (e.type === 'directory') {
      const dir: DirectoryEntry = {
        ...e,
        headers: meta.headers,
        roleTags: meta.roleTags ?? e.roleTags,
        mtime: Date.now(),
      };
      this.insert(dir);
      return dir;
    }
    checkWrite(conditions, e);
    const obj: ObjectEntry = {
      ...e,
      headers: meta.headers,
      contentType: meta.contentType,
      roleTags: meta.roleTags ?? e.roleTags,
      mtime: Date.now(),
    };
    this.insert(obj);
    return obj;
  }

  /**
   * Creates a snaplink: a new object at `path` sharing the bytes (and etag) of the object at `source`.
   * The link keeps the bytes after the source is overwritten or deleted.
   * @throws MantaError 404 `SourceObjectNotFound`, 400 `LinkNotObject`, plus the object-target errors
   */
  link(path: string, source: string, roleTags?: readonly string[]): ObjectEntry {
    const src = this.entries.get(source);
    if (src === undefined) throw new MantaError(404, 'SourceObjectNotFound', `${source} was not found`);
    if (src.type !== 'object')
      throw new MantaError(400, 'LinkNotObject', `${source} is a directory: only objects can be linked`);
    this.checkObjectTarget(path);
    const obj: ObjectEntry = { ...src, path, mtime: Date.now(), roleTags: roleTags ?? [] };
    this.insert(obj);
    return obj;
  }

  /**
   * Deletes an object or an empty directory.
   * @throws MantaError 404 `ResourceNotFound`, 400 `DirectoryNotEmpty`, 400 `OperationNotAllowedOnRootDirectory`, 412
   */
  delete(path: string, conditions: ConditionalHeaders = {}): Entry {
    const e = this.get(path);
    if (isRootDirectory(path)) {
      throw new MantaError(
        400,
        'OperationNotAllowedOnRootDirectory',
        `${path} is a top-level directory and cannot be deleted`,
      );
    }
    if (e.type === 'directory') {
      if ((this.children.get(path)?.size ?? 0) > 0)
        throw new MantaError(400, 'DirectoryNotEmpty', `${path} is not empty`);
    } else {
      checkWrite(conditions, e);
    }
    this.remove(path);
    return e;
  }

  /**
   * One page of a directory, sorted by name; `marker` is inclusive. With a `cutoff` (a stale read
   * inside the consistency window) entries changed after it appear as they were before.
   * @throws MantaError 404 `ResourceNotFound`, 400 `InvalidArgument` when `path` is an object
   */
  list(path: string, options: ListOptions, cutoff?: number): Listing {
    const dir = this.readAt(path, cutoff);
    if (dir === undefined) throw notFound(path);
    if (dir.type !== 'directory') throw new MantaError(400, 'InvalidArgument', `${path} is an object, not a directory`);
    const visible = new Map<string, Entry>();
    for (const name of this.children.get(path) ?? []) {
      const e = this.readAt(`${path}/${name}`, cutoff);
      if (e !== undefined) visible.set(name, e);
    }
    if (cutoff !== undefined) {
      for (const changed of this.history.paths()) {
        if (parentOf(changed) !== path || visible.has(baseName(changed))) continue;
        const e = this.readAt(changed, cutoff);
        if (e !== undefined) visible.set(baseName(changed), e);
      }
    }
    const names = [...visible.keys()].sort();
    const start = options.marker === undefined ? 0 : lowerBound(names, options.marker);
    const page = names.slice(start, start + options.limit);
    return { entries: page.map((n) => toListingEntry(n, visible.get(n) as Entry)), total: names.length };
  }

  /** Adds one reference to a blob (an object, a link or a multipart part using it). */
  retainBlob(id: string): void {
    this.refs.set(id, (this.refs.get(id) ?? 0) + 1);
  }

  /** Drops one reference to a blob and deletes its file when none remain. */
  releaseBlob(id: string): void {
    const n = (this.refs.get(id) ?? 0) - 1;
    if (n > 0) {
      this.refs.set(id, n);
      return;
    }
    this.refs.delete(id);
    void this.blobs.remove(id);
  }

  /** Creates missing directories from the account root down to `path` (for job output trees). */
  mkdirp(path: string): void {
    const parts = path.split('/').filter(Boolean);
    for (let i = 2; i <= parts.length; i++) {
      const p = `/${parts.slice(0, i).join('/')}`;
      if (!this.entries.has(p))
        this.insert({ type: 'directory', path: p, mtime: Date.now(), roleTags: [], headers: {} });
    }
  }

  private checkUserPath(path: string): void {
    if (depthOf(path) <= 2) {
      throw new MantaError(
        400,
        'OperationNotAllowedOnRootDirectory',
        `${path} is invalid: only ${ACCOUNT_DIRS.join(', ')} exist at the top of an account`,
      );
    }
  }

  private checkParent(path: string): void {
    const parentPath = parentOf(path);
    const parent = this.entries.get(parentPath);
    if (parent === undefined) throw new MantaError(404, 'DirectoryDoesNotExist', `${parentPath} does not exist`);
    if (parent.type !== 'directory')
      throw new MantaError(400, 'ParentNotDirectory', `${parentPath} is an object, not a directory`);
  }

  private checkObjectTarget(path: string): void {
    const e = this.entries.get(path);
    if (e?.type === 'directory') {
      throw new MantaError(
        400,
        'OperationNotAllowedOnDirectory',
        `${path} is a directory: an object cannot replace it`,
      );
    }
    this.checkUserPath(path);
    this.checkParent(path);
  }

  private insert(e: Entry): void {
    const old = this.entries.get(e.path);
    this.history.record(e.path, old);
    if (e.type === 'object') for (const b of e.blobs) this.retainBlob(b);
    if (old?.type === 'object') for (const b of old.blobs) this.releaseBlob(b);
    this.entries.set(e.path, e);
    if (e.path !== `/${loginOf(e.path)}`) {
      const parent = parentOf(e.path);
      let set = this.children.get(parent);
      if (set === undefined) this.children.set(parent, (set = new Set()));
      set.add(baseName(e.path));
    }
  }

  private remove(path: string): void {
    const old = this.entries.get(path);
    if (old === undefined) return;
    this.history.record(path, old);
    this.entries.delete(path);
    this.children.get(parentOf(path))?.delete(baseName(path));
    this.children.delete(path);
    if (old.type === 'object') for (const b of old.blobs) this.releaseBlob(b);
  }
}
