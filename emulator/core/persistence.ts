import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EmulatorStartError } from './start-error.js';

/** Something that keeps part of the emulator's state and can save and reload it. */
export interface PersistentPart {
  /** The JSON-serialisable state to write. */
  save(): unknown;
  /** Replaces the in-memory state with what `save` returned in an earlier run. */
  load(data: unknown): void;
}

/**
 * Writes `data` to `path` so that a crash at any moment leaves either the old or the new file,
 * never a torn one: write a temporary file, fsync it, rename it over the target, fsync the folder.
 */
export function writeFileAtomic(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  try {
    const dirFd = openSync(dirname(path), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch (err) {
    // Some file systems refuse fsync on a directory; the rename itself is still atomic there.
    if ((err as NodeJS.ErrnoException).code !== 'EISDIR' && (err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
  }
}

/**
 * Saves registered parts as `<dataDir>/<name>.json`, debounced (many writes in a burst cost one
 * file write), and flushes on close. Without a data directory it keeps nothing on disk.
 */
export class Persistence {
  private readonly parts = new Map<string, PersistentPart>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param dataDir where state lives; `undefined` means in memory only
   * @param debounceMs how long to gather changes before writing
   */
  constructor(
    readonly dataDir: string | undefined,
    private readonly debounceMs = 50,
  ) {}

  /**
   * Registers a part under `name` and loads its saved state, if any.
   * @throws EmulatorStartError `EMULATOR_DATA_CORRUPT` when the saved file exists but is not valid
   *   JSON or not what this part saved (better than starting empty and overwriting the user's data)
   */
  register(name: string, part: PersistentPart): void {
    if (this.parts.has(name)) throw new Error(`persistence: the part name "${name}" is already registered`);
    this.parts.set(name, part);
    if (this.dataDir === undefined) return;
    const file = this.fileOf(name);
    if (!existsSync(file)) return;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new EmulatorStartError(
        { kind: 'data-corrupt', file, detail: `is not valid JSON (${(err as Error).message})` },
        { cause: err },
      );
    }
    try {
      part.load(data);
    } catch (err) {
      // Valid JSON of the wrong shape (an edited or foreign file): the part cannot make sense of it.
      throw new EmulatorStartError(
        { kind: 'data-corrupt', file, detail: `does not hold the emulator's saved state (${(err as Error).message})` },
        { cause: err },
      );
    }
  }

  /** Notes that part `name` changed; it is written within the debounce delay. */
  markDirty(name: string): void {
    // Once closed, the data directory may already belong to a restarted emulator: never write it.
    if (this.dataDir === undefined || this.closed) return;
    this.dirty.add(name);
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, this.debounceMs);
      this.timer.unref();
    }
  }

  /** Writes every changed part now. */
  flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.dataDir === undefined) return;
    for (const name of [...this.dirty]) {
      const part = this.parts.get(name);
      this.dirty.delete(name);
      if (part !== undefined) writeFileAtomic(this.fileOf(name), `${JSON.stringify(part.save())}\n`);
    }
  }

  /**
   * The same data directory for one datacenter's own parts: `register('cloudapi')` saves
   * `<dataDir>/<prefix>cloudapi.json` (`datacenters/us-east-1/cloudapi.json`).
   */
  scoped(prefix: string): Persistence {
    return new ScopedPersistence(this, prefix);
  }

  /** Writes every changed part, then stops: later changes are not saved. */
  close(): void {
    this.flush();
    this.closed = true;
  }

  private fileOf(name: string): string {
    return join(this.dataDir!, `${name}.json`);
  }
}

/** A {@link Persistence} whose part names carry a prefix (a datacenter's folder). */
class ScopedPersistence extends Persistence {
  constructor(
    private readonly base: Persistence,
    private readonly prefix: string,
  ) {
    super(base.dataDir);
  }

  override register(name: string, part: PersistentPart): void {
    this.base.register(`${this.prefix}${name}`, part);
  }

  override markDirty(name: string): void {
    this.base.markDirty(`${this.prefix}${name}`);
  }

  override flush(): void {
    this.base.flush();
  }

  override close(): void {
    this.base.close();
  }

  override scoped(prefix: string): Persistence {
    return this.base.scoped(`${this.prefix}${prefix}`);
  }
}
