/**
 * State history and audit: every state write keeps the serial it wrote (so every earlier serial
 * stays readable: `state history`, `state pull --serial N`), with who wrote it, when, with which
 * command and plan; and every apply appends an audit record (who, what, result). A decorator on
 * any {@link StateBackend}, with one store per backend kind (local numbered files with retention
 * here, Manta snaplinks in `manta-history.ts`).
 *
 * History is kept after the state write succeeds and before the next one starts: a crash loses at
 * most the history copy of the last serial, which the state itself still holds (the next write
 * copies it first).
 */
import { appendFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ReconcilerError } from '../errors.js';
import { writeFileAtomic } from '../private/atomic-write.js';
import type { LockHolder, LockRequest, StateBackend, StateSnapshot } from './backend.js';
import { parseStateDocument, type StateDocument } from './document.js';
import { serializeStateParts } from './private/serialize.js';

/** Who wrote a serial, when, and why. */
export interface HistoryMeta {
  readonly serial: number;
  /** ISO 8601 time of the write. */
  readonly writtenAt: string;
  /** `user@host` of the process that wrote it. */
  readonly who: string;
  /** The command, e.g. `triton-iac apply` (never with secrets). */
  readonly command: string;
  /** The digest of the plan being carried out, when the write was part of one. */
  readonly planDigest?: string;
}

/** One apply, as the audit log keeps it. */
export interface AuditRecord {
  /** ISO 8601 time the apply finished. */
  readonly at: string;
  readonly who: string;
  readonly command: string;
  readonly stack: string;
  readonly account: string;
  readonly planDigest: string;
  /** `ok`, `failed` (some actions failed) or `cancelled`. */
  readonly result: 'ok' | 'failed' | 'cancelled';
  /** Actions done by kind of action (`created`, `updated`...). */
  readonly counts: Readonly<Record<string, number>>;
  /** The addresses that failed, with the reason. */
  readonly failed: readonly { readonly address: string; readonly message: string }[];
  /** The state serial after the apply. */
  readonly serial: number;
  /**
   * Permissions gained or lost outside triton-iac since the last apply that this apply took into
   * its access baseline (what it warned about), one sentence each; absent when none.
   */
  readonly accessChangedOutside?: readonly string[];
}

/** Where a backend keeps its history. */
export interface HistoryStore {
  /** Human-readable location, for messages. */
  readonly location: string;
  /** Keeps `doc` (just written, or about to be overwritten) under its serial, with `meta`. */
  save(doc: StateDocument, meta: HistoryMeta): Promise<void>;
  /** Whether `serial` is kept. */
  has(serial: number): Promise<boolean>;
  /** The kept serials, oldest first. */
  list(): Promise<HistoryMeta[]>;
  /** The document of `serial`, or `undefined` when it is not kept. */
  get(serial: number): Promise<StateDocument | undefined>;
  /** Appends one audit record. */
  appendAudit(record: AuditRecord): Promise<void>;
  /** Every audit record, oldest first. */
  audit(): Promise<AuditRecord[]>;
}

/** The `user@host` of this process. */
export function currentWriter(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container's random uid): the host still says where.
  }
  return `${user}@${hostname()}`;
}

/** A backend that keeps history in `store` on every write. */
export class HistoryKeepingBackend implements StateBackend {
  readonly location: string;
  private command = 'triton-iac';
  private planDigest: string | undefined;
  /** The serial this backend last kept (no need to ask the store about it again). */
  private kept: number | undefined;

  constructor(
    private readonly inner: StateBackend,
    /** The history store. */
    readonly history: HistoryStore,
  ) {
    this.location = inner.location;
  }

  /** Names the plan the next writes carry out (recorded with each serial). */
  carryingOut(planDigest: string | undefined): void {
    this.planDigest = planDigest;
  }

  read(): Promise<StateSnapshot | undefined> {
    return this.inner.read();
  }

  async write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot> {
    // The serial about to be overwritten is kept first when it is not yet (a crash right after its
    // write, or a state older than history): read as stored, since `doc` already holds the edits.
    if (
      expectedVersion !== undefined &&
      doc.serial > 0 &&
      this.kept !== doc.serial &&
      !(await this.history.has(doc.serial))
    ) {
      const current = await this.inner.read();
      if (current !== undefined && current.version === expectedVersion)
        await this.history.save(current.doc, {
          serial: current.doc.serial,
          writtenAt: new Date().toISOString(),
          who: currentWriter(),
          command: '(written before history was kept)',
        });
    }
    const stored = await this.inner.write(doc, expectedVersion);
    await this.history.save(stored.doc, this.meta(stored.doc.serial));
    this.kept = stored.doc.serial;
    return stored;
  }

  async lock(request: LockRequest): Promise<void> {
    this.command = request.command;
    await this.inner.lock(request);
  }

  unlock(): Promise<void> {
    return this.inner.unlock();
  }

  forceUnlock(lockId: string): Promise<LockHolder> {
    return this.inner.forceUnlock(lockId);
  }

  private meta(serial: number): HistoryMeta {
    return {
      serial,
      writtenAt: new Date().toISOString(),
      who: currentWriter(),
      command: this.command,
      ...(this.planDigest !== undefined ? { planDigest: this.planDigest } : {}),
    };
  }
}

/** The default number of serials a local history keeps. */
export const DEFAULT_HISTORY_KEEP = 50;

/**
 * Local history: `history/<stack>/<serial>.json` beside the state file (each `{meta, state}`), the
 * oldest removed beyond `keep`; the audit log is `history/<stack>/audit.jsonl`.
 */
export class LocalHistoryStore implements HistoryStore {
  readonly location: string;

  constructor(
    statePath: string,
    private readonly keep: number = DEFAULT_HISTORY_KEEP,
  ) {
    const name = basename(statePath)
      .replace(/\.state\.json$/, '')
      .replace(/\.json$/, '');
    this.location = join(dirname(statePath), 'history', name);
  }

  private file(serial: number): string {
    return join(this.location, `${String(serial).padStart(8, '0')}.json`);
  }

  async save(doc: StateDocument, meta: HistoryMeta): Promise<void> {
    await this.io('keep a serial in', async () => {
      await mkdir(this.location, { recursive: true });
      // The state's own bytes (cached per entry by the serializer), not parsed and printed again:
      // every write of an apply keeps its serial, and re-printing the whole document each time was
      // 2.3 s of a 4,000-object apply's profile, growing with N × writes (docs/performance.md).
      // Handed to the kernel as parts: copying them into one buffer cost as much again.
      const parts = [
        Buffer.from(`{\n  "meta": ${JSON.stringify(meta)},\n  "state": `),
        ...serializeStateParts(doc),
        Buffer.from('\n}\n'),
      ];
      await writeFileAtomic(this.file(doc.serial), parts);
      const serials = await this.serials();
      for (const old of serials.slice(0, Math.max(0, serials.length - this.keep)))
        await rm(this.file(old), { force: true });
    });
  }

  async has(serial: number): Promise<boolean> {
    return (await this.serials()).includes(serial);
  }

  async list(): Promise<HistoryMeta[]> {
    const out: HistoryMeta[] = [];
    for (const serial of await this.serials()) {
      const entry = await this.entry(serial);
      if (entry !== undefined) out.push(entry.meta);
    }
    return out;
  }

  async get(serial: number): Promise<StateDocument | undefined> {
    return (await this.entry(serial))?.state;
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await this.io('append to the audit log in', async () => {
      await mkdir(this.location, { recursive: true });
      await appendFile(join(this.location, 'audit.jsonl'), `${JSON.stringify(record)}\n`);
    });
  }

  async audit(): Promise<AuditRecord[]> {
    const text = await readFile(join(this.location, 'audit.jsonl'), 'utf8').catch(() => '');
    // A line cut short by a crash mid-append is skipped, not fatal.
    return text.split('\n').flatMap((line) => {
      try {
        return line.trim() === '' ? [] : [JSON.parse(line) as AuditRecord];
      } catch {
        return [];
      }
    });
  }

  private async serials(): Promise<number[]> {
    const names = await readdir(this.location).catch(() => [] as string[]);
    return names
      .filter((n) => /^\d{8,}\.json$/.test(n))
      .map((n) => Number(n.slice(0, -5)))
      .sort((a, b) => a - b);
  }

  private async entry(serial: number): Promise<{ meta: HistoryMeta; state: StateDocument } | undefined> {
    let text: string;
    try {
      text = await readFile(this.file(serial), 'utf8');
    } catch {
      return undefined;
    }
    const parsed = JSON.parse(text) as { meta: HistoryMeta; state: unknown };
    return { meta: parsed.meta, state: parseStateDocument(JSON.stringify(parsed.state), this.file(serial)) };
  }

  private io<T>(what: string, body: () => Promise<T>): Promise<T> {
    return historyIo(this.location, what, body);
  }
}

/**
 * Runs a history store's I/O, turning a failure into `STATE_IO` naming what it was doing and where.
 * @internal
 */
export async function historyIo<T>(location: string, what: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ReconcilerError) throw error;
    throw new ReconcilerError('STATE_IO', `cannot ${what} the state history ${location}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
