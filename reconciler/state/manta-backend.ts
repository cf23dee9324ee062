/**
 * A state backend that keeps a stack's state document as a Manta object, so that a team shares one
 * state without a shared disk.
 *
 * - Writes are compare-and-swap on the object's etag: `If-Match: <etag read>` to replace,
 *   `If-Match: ""` (create-only) for the first write. A lost race (412 PreconditionFailed, or 409
 *   ConcurrentRequest when two writes overlap in flight) is `STATE_CONFLICT`, never an overwrite.
 * - The lock is a second object, `<state>.lock`, created with `If-Match: ""` so that exactly one
 *   of two racing runs gets it. It records the holder (id, pid, host, command, time); a run that
 *   finds it held reports who holds it and for how long, and waits up to `lockTimeoutMs`.
 *   Release deletes it with `If-Match` on our lock's etag, so a run never removes another's lock.
 *   A lock left by a dead process on this host is broken; one from another host never is.
 *
 * Reads inside Manta's consistency window may return the previous document, but always with that
 * document's etag, so a write based on it fails the compare-and-swap instead of losing data.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { TritonApiError } from '../../provider/errors.js';
import type { MantaClient } from '../../provider/manta/client.js';
import { ReconcilerError } from '../errors.js';
import type { LockHolder, LockRequest, StateBackend, StateSnapshot } from './backend.js';
import { parseStateDocument, type StateDocument } from './document.js';
import { checkReadOwnership, nextDocumentToWrite, type StateOwner } from './private/ownership.js';
import { formatAge } from './file-lock.js';

/** The Manta calls the backend makes (a full `MantaClient` fits). */
export type MantaStateClient = Pick<MantaClient, 'getObjectBuffer' | 'putObject' | 'deleteObject' | 'makeDirectories'>;

/** Options for {@link MantaStateBackend}. */
export interface MantaStateBackendOptions {
  /** The stack whose state this is; a document of another stack is refused. */
  readonly stack: string;
  /** The account; a document of another account is refused. */
  readonly account: string;
  /** The signed Manta client. */
  readonly manta: MantaStateClient;
  /** Canonical path of the state object, e.g. `/acme/stor/triton-iac/prod.state.json`. */
  readonly path: string;
  /** How often to retry a held lock while waiting. @default 200 */
  readonly lockPollMs?: number;
  /** The current time. @default Date.now */
  readonly now?: () => number;
}

interface HeldLock {
  readonly holder: LockHolder;
  readonly etag: string;
}

/** The Manta {@link StateBackend}. */
export class MantaStateBackend implements StateBackend {
  /** `manta:<path>`, for messages. */
  readonly location: string;
  /** The state object's path. */
  readonly path: string;
  private readonly stack: string;
  private readonly account: string;
  private readonly manta: MantaStateClient;
  private readonly pollMs: number;
  private readonly now: () => number;
  private held: HeldLock | undefined;

  constructor(options: MantaStateBackendOptions) {
    const p = options.path;
    if (typeof p !== 'string' || !p.startsWith('/') || p.endsWith('/') || p.split('/').slice(1).some((s) => s === '' || s === '.' || s === '..') || p.split('/').length < 4) {
      throw new ReconcilerError('STATE_ADDRESS_INVALID', `Manta state path ${JSON.stringify(p)} is invalid: it must be a canonical object path such as /${options.account}/stor/triton-iac/${options.stack}.state.json`);
    }
    this.path = p;
    this.location = `manta:${p}`;
    this.stack = options.stack;
    this.account = options.account;
    this.manta = options.manta;
    this.pollMs = options.lockPollMs ?? 200;
    this.now = options.now ?? Date.now;
  }

  /** The lock object's path. */
  get lockPath(): string {
    return `${this.path}.lock`;
  }

  private owner(): StateOwner {
    return { stack: this.stack, account: this.account, location: this.location, noun: 'state object' };
  }

  async read(): Promise<StateSnapshot | undefined> {
    const got = await this.io('read', () => this.manta.getObjectBuffer(this.path));
    if (got === undefined) return undefined;
    const doc = parseStateDocument(got.data.toString('utf8'), this.location);
    checkReadOwnership(doc, this.owner());
    const etag = got.metadata.etag;
    if (etag === undefined || etag === '') throw new ReconcilerError('STATE_IO', `state object ${this.location} was served without an etag, so it cannot be updated safely`);
    return { doc, version: etag };
  }

  async write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot> {
    const next = nextDocumentToWrite(doc, this.owner());
    if (expectedVersion === undefined) await this.io('create the directory of', () => this.manta.makeDirectories(parentOf(this.path)));
    let etag: string | undefined;
    try {
      const put = await this.manta.putObject(this.path, `${JSON.stringify(next, null, 2)}\n`, { contentType: 'application/json', ifMatch: expectedVersion ?? '' });
      etag = put.etag;
    } catch (error) {
      if (isConditionLost(error)) {
        throw new ReconcilerError(
          'STATE_CONFLICT',
          `state object ${this.location} was changed by another writer since it was read (expected ${expectedVersion === undefined ? 'no state object' : `etag ${expectedVersion}`}); nothing was overwritten. Re-run the command to plan against the new state.`,
          { cause: error },
        );
      }
      throw ioError('write', this.location, error);
    }
    if (etag === undefined || etag === '') throw new ReconcilerError('STATE_IO', `writing state object ${this.location} answered without an etag; the next write cannot be made safely`);
    return { doc: next, version: etag };
  }

  async lock(request: LockRequest): Promise<void> {
    if (this.held) return;
    const deadline = this.now() + (request.lockTimeoutMs ?? 0);
    const id = randomUUID();
    await this.io('create the directory of', () => this.manta.makeDirectories(parentOf(this.lockPath)));
    // Bounded by the deadline: every pass either takes the lock, breaks a dead lock, or waits.
    let vanished = 0;
    for (;;) {
      const holder: LockHolder = { id, pid: process.pid, host: hostname(), command: request.command, createdAt: new Date(this.now()).toISOString() };
      try {
        const put = await this.manta.putObject(this.lockPath, `${JSON.stringify(holder)}\n`, { contentType: 'application/json', ifMatch: '' });
        this.held = { holder, etag: put.etag ?? '' };
        return;
      } catch (error) {
        if (!isConditionLost(error)) throw ioError('take the lock', this.lockPath, error);
      }
      const current = await this.readLock();
      if (current === undefined) {
        // Released between our attempt and our read: retry at once, but only once in a row, since
        // a read inside Manta's consistency window may keep missing a lock that exists.
        vanished += 1;
        if (vanished === 1) continue;
        if (this.now() >= deadline) {
          throw new ReconcilerError('STATE_LOCKED', `state ${this.location} is locked (the lock object ${this.lockPath} exists but is not readable yet); retry with a lock timeout`);
        }
        await sleep(Math.min(this.pollMs, Math.max(1, deadline - this.now())));
        continue;
      }
      vanished = 0;
      if (current !== 'unreadable' && isDeadHere(current.holder)) {
        await this.removeLock(current.etag);
        continue;
      }
      if (this.now() >= deadline) throw this.lockedError(current === 'unreadable' ? current : current.holder);
      await sleep(Math.min(this.pollMs, Math.max(1, deadline - this.now())));
    }
  }

  async unlock(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (held) await this.removeLock(held.etag);
  }

  /** Who holds the lock: `undefined` when nobody, `'unreadable'` when the lock object is damaged. */
  async readLock(): Promise<{ holder: LockHolder; etag: string } | 'unreadable' | undefined> {
    const got = await this.io('read the lock', () => this.manta.getObjectBuffer(this.lockPath));
    if (got === undefined) return undefined;
    try {
      const v = JSON.parse(got.data.toString('utf8')) as Partial<LockHolder>;
      if (typeof v.id === 'string' && typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.command === 'string' && typeof v.createdAt === 'string') {
        return { holder: v as LockHolder, etag: got.metadata.etag ?? '' };
      }
    } catch {
      // reported as damaged below, never silently broken
    }
    return 'unreadable';
  }

  /** Deletes the lock if it still has `etag` (a lock someone else took meanwhile stays). */
  private async removeLock(etag: string): Promise<void> {
    try {
      await this.manta.deleteObject(this.lockPath, etag !== '' ? { ifMatch: etag } : {});
    } catch (error) {
      if (error instanceof TritonApiError && (error.isNotFound || isConditionLost(error))) return;
      throw ioError('release the lock', this.lockPath, error);
    }
  }

  private lockedError(holder: LockHolder | 'unreadable'): ReconcilerError {
    if (holder === 'unreadable') {
      return new ReconcilerError('STATE_LOCKED', `state ${this.location} is locked, but the lock object ${this.lockPath} is damaged. If no triton-iac run is active, remove it (mrm ${this.lockPath}) and retry.`);
    }
    const age = formatAge(this.now() - Date.parse(holder.createdAt));
    return new ReconcilerError(
      'STATE_LOCKED',
      `state ${this.location} is locked by pid ${holder.pid} on host ${holder.host} running "${holder.command}" since ${holder.createdAt} (held for ${age}). ` +
        `Wait for it to finish or retry with a lock timeout; if that run is gone, remove the lock object (mrm ${this.lockPath}).`,
    );
  }

  /** Runs a Manta call, mapping 404 to `undefined` and other failures to `STATE_IO`. */
  private async io<T>(what: string, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof TritonApiError && error.isNotFound) return undefined;
      throw ioError(what, this.location, error);
    }
  }
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

/** 412 PreconditionFailed (stale or create-only) or 409 ConcurrentRequest (lost an in-flight race). */
function isConditionLost(error: unknown): boolean {
  return error instanceof TritonApiError && (error.status === 412 || (error.status === 409 && /ConcurrentRequest/.test(error.apiCode)));
}

function isDeadHere(holder: LockHolder): boolean {
  if (holder.host !== hostname() || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function ioError(what: string, location: string, error: unknown): ReconcilerError {
  // TritonApiError messages name the operation, status and server message, never credentials.
  return new ReconcilerError('STATE_IO', `cannot ${what} ${location}: ${(error as Error).message}`, { cause: error });
}
