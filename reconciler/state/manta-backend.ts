/**
 * A state backend that keeps a stack's state document as a Manta object, so that a team shares one
 * state without a shared disk.
 *
 * - Writes are compare-and-swap on the object's etag: `If-Match: <etag read>` to replace,
 *   `If-Match: ""` (create-only) for the first write. A lost race (412 PreconditionFailed, or 409
 *   ConcurrentRequest when two writes overlap in flight) is `STATE_CONFLICT`, never an overwrite.
 * - The lock is a second object, `<state>.lock`. It records the holder (id, pid, host, command,
 *   time); a run that finds it held reports who holds it and for how long at once, or waits up to
 *   `lockTimeoutMs` (saying so). A read of the lock may lag, so a held lock is confirmed before it
 *   is reported: a metadata write with `If-Match` on the etag read, which the server checks against
 *   the current object and which leaves a held lock as it is. (Re-reading until the consistency
 *   window had passed made "fail at once" wait 15-19 s.) Taking it is a compare-and-swap, so exactly one of two racing runs gets it:
 *   `If-Match: ""` when there is no lock object, `If-Match` on the etag of a released one.
 * - Release replaces the lock (`If-Match` on our lock's etag, so a run never touches another's
 *   lock) with a released record carrying the etag and serial of the state as the holder left it.
 *   A lock left by a dead process on this host is broken; one from another host never is.
 *
 * Reads inside Manta's consistency window may return the previous document, but always with that
 * document's etag, so a write based on it fails the compare-and-swap instead of losing data. The
 * hand-over keeps the next holder from doing that: having taken a released lock (whose record the
 * successful compare-and-swap proves current), its first read is repeated, for up to the
 * consistency window, until it shows the state the last holder wrote.
 */
import { serializeStateBytes } from './private/serialize.js';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isConditionLost, isMissingObject, type StateObjectStore } from './object-store.js';
import { ReconcilerError } from '../errors.js';
import { type LockHolder, type LockRequest, type StateBackend, type StateSnapshot } from './backend.js';
import { parseStateDocument, type StateDocument } from './document.js';
import { checkReadOwnership, nextDocumentToWrite, type StateOwner } from './private/ownership.js';
import { formatAge, holderText, lockMismatch, takeOverText } from './file-lock.js';
import { registerHeldLock } from './held-locks.js';
import {
  ioError,
  isAtLeast,
  isDeadHere,
  parentOf,
  parseLockObject,
  type HeldLock,
  type LockObject,
  type ReleasedLock,
  type StateMark,
} from './private/manta-lock.js';

/** The Manta calls the backend makes (a full `MantaClient` fits). */
export type MantaStateClient = Pick<
  StateObjectStore,
  'getObjectBuffer' | 'putObject' | 'putMetadata' | 'deleteObject' | 'makeDirectories'
>;

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
  /**
   * How long a read may lag behind a write: bounds the wait for the handed-over state, and how long
   * a lock that reads as held is re-read before it is reported. @default 0 (reads are current)
   */
  readonly consistencyWindowMs?: number;
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
  private readonly windowMs: number;
  private held: HeldLock | undefined;
  /** The state as this backend last read or wrote it; `undefined` when unknown. */
  private seen: StateMark | undefined;
  /** The state the previous holder handed over, until the first read under the lock shows it. */
  private handedOver: StateMark | undefined;
  /** Drops the held lock from the process's registry (./held-locks.ts). */
  private forgetHeld: (() => void) | undefined;

  constructor(options: MantaStateBackendOptions) {
    const p = options.path;
    if (
      typeof p !== 'string' ||
      !p.startsWith('/') ||
      p.endsWith('/') ||
      p
        .split('/')
        .slice(1)
        .some((s) => s === '' || s === '.' || s === '..') ||
      p.split('/').length < 4
    ) {
      throw new ReconcilerError(
        'STATE_ADDRESS_INVALID',
        `Manta state path ${JSON.stringify(p)} is invalid: it must be a canonical object path such as /${options.account}/stor/triton-iac/${options.stack}.state.json`,
      );
    }
    this.path = p;
    this.location = `manta:${p}`;
    this.stack = options.stack;
    this.account = options.account;
    this.manta = options.manta;
    this.pollMs = options.lockPollMs ?? 200;
    this.now = options.now ?? Date.now;
    this.windowMs = options.consistencyWindowMs ?? 0;
  }

  /** The lock object's path. */
  get lockPath(): string {
    return `${this.path}.lock`;
  }

  private owner(): StateOwner {
    return { stack: this.stack, account: this.account, location: this.location, noun: 'state object' };
  }

  async read(): Promise<StateSnapshot | undefined> {
    const expected = this.handedOver;
    this.handedOver = undefined;
    const deadline = this.now() + this.windowMs;
    for (let pause = 10; ; pause = Math.min(pause * 2, this.pollMs)) {
      const snapshot = await this.readOnce();
      this.seen = snapshot === undefined ? null : { etag: snapshot.version, serial: snapshot.doc.serial };
      // A read older than what the last holder wrote would make our first write a conflict.
      if (expected === undefined || expected === null || isAtLeast(snapshot, expected) || this.now() >= deadline)
        return snapshot;
      await sleep(Math.min(pause, Math.max(1, deadline - this.now())));
    }
  }

  private async readOnce(): Promise<StateSnapshot | undefined> {
    const got = await this.io('read', () => this.manta.getObjectBuffer(this.path));
    if (got === undefined) return undefined;
    const doc = parseStateDocument(got.data.toString('utf8'), this.location);
    checkReadOwnership(doc, this.owner());
    const etag = got.metadata.etag;
    if (etag === undefined || etag === '')
      throw new ReconcilerError(
        'STATE_IO',
        `state object ${this.location} was served without an etag, so it cannot be updated safely`,
      );
    return { doc, version: etag };
  }

  async write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot> {
    const next = nextDocumentToWrite(doc, this.owner());
    if (expectedVersion === undefined)
      await this.io('create the directory of', () => this.manta.makeDirectories(parentOf(this.path)));
    let etag: string | undefined;
    // Until this write answers, what the state now is is unknown (it may have taken effect).
    this.seen = undefined;
    try {
      const put = await this.manta.putObject(this.path, serializeStateBytes(next), {
        contentType: 'application/json',
        ifMatch: expectedVersion ?? '',
      });
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
    if (etag === undefined || etag === '')
      throw new ReconcilerError(
        'STATE_IO',
        `writing state object ${this.location} answered without an etag; the next write cannot be made safely`,
      );
    this.seen = { etag, serial: next.serial };
    return { doc: next, version: etag };
  }

  async lock(request: LockRequest): Promise<void> {
    if (this.held) return;
    const deadline = this.now() + (request.lockTimeoutMs ?? 0);
    const id = randomUUID();
    await this.io('create the directory of', () => this.manta.makeDirectories(parentOf(this.lockPath)));
    // Bounded by the deadline (and, while reads lag, by the consistency window): every pass takes
    // the lock, breaks a dead lock, finds the read stale, or waits.
    let vanished = 0;
    let told = false;
    // While reads lag behind the lock's last change, a free lock can look absent or held: wait for
    // them to catch up (at most the consistency window) before reporting it as locked.
    let laggingSince: number | undefined;
    const lagDeadline = (): number => Math.max(deadline, (laggingSince ??= this.now()) + this.windowMs);
    let released: { readonly released: ReleasedLock; readonly etag: string } | undefined;
    for (;;) {
      const holder: LockHolder = {
        id,
        pid: process.pid,
        host: hostname(),
        command: request.command,
        createdAt: new Date(this.now()).toISOString(),
      };
      try {
        const put = await this.manta.putObject(this.lockPath, `${JSON.stringify(holder)}\n`, {
          contentType: 'application/json',
          ifMatch: released?.etag ?? '',
        });
        this.held = { holder, etag: put.etag ?? '' };
        // A signal that ends the process releases it (cli/private/interrupts.ts): no sync release,
        // a lock object takes a request.
        this.forgetHeld = registerHeldLock({ what: `state ${this.location}`, release: () => this.unlock() });
        // The swap succeeded on that etag, so the released record read was the current one.
        this.handedOver = released?.released.state;
        this.seen = undefined;
        return;
      } catch (error) {
        if (!isConditionLost(error)) throw ioError('take the lock', this.lockPath, error);
      }
      const tried = released?.etag;
      released = undefined;
      // When the read was sent decides whether it may still lag: one sent after the window has
      // passed shows the current lock, however late its answer arrives.
      const readSentAt = this.now();
      const current = await this.readLockObject();
      const free = current !== undefined && current !== 'unreadable' && 'released' in current ? current : undefined;
      if (free !== undefined && free.etag !== tried) {
        // Free: take it by swapping on its etag (a stale read fails the swap and is read again).
        released = free;
        continue;
      }
      if (current === undefined || free !== undefined) {
        // Released between our attempt and our read (or the read shows the record our swap just
        // lost on): retry at once, but only once in a row, since a read inside Manta's consistency
        // window may keep missing the current lock.
        if (free !== undefined) released = free;
        vanished += 1;
        if (vanished === 1) continue;
        if (readSentAt >= lagDeadline()) {
          throw new ReconcilerError(
            'STATE_LOCKED',
            `state ${this.location} is locked (the lock object ${this.lockPath} exists but is not readable yet); retry with a lock timeout`,
          );
        }
        await sleep(Math.min(this.pollMs, Math.max(1, deadline - this.now())));
        continue;
      }
      vanished = 0;
      const held = current === 'unreadable' || 'released' in current ? undefined : current;
      if (held !== undefined && isDeadHere(held.held)) {
        request.onTakeOver?.(takeOverText(`state ${this.location}`, held.held));
        await this.removeLock(held.etag);
        continue;
      }
      // A read inside the consistency window may show a holder that has since released the lock.
      // A conditional metadata write, which the server checks against the current object (never a
      // lagging copy) and which leaves a held lock's content and etag as they are, tells at once.
      if (held !== undefined && !(await this.stillHeld(held.etag))) {
        // The read lagged: the lock changed (most likely released). Read again shortly; reads show
        // the current lock once the window after its change has passed.
        if (readSentAt >= lagDeadline()) throw this.lockedError(held.held);
        await sleep(Math.min(this.pollMs, 50));
        continue;
      }
      if (this.now() >= deadline) throw this.lockedError(held?.held ?? 'unreadable');
      if (!told) {
        told = true;
        const who = held !== undefined ? ` by ${holderText(held.held, this.now())}` : ' (its lock object is damaged)';
        request.onWait?.(
          `state ${this.location} is locked${who}; waiting up to ${formatAge(deadline - this.now())} for it to be released`,
        );
      }
      await sleep(Math.min(this.pollMs, Math.max(1, deadline - this.now())));
    }
  }

  /**
   * Whether the lock object still has `etag` (so the holder read is current): `If-Match` on a
   * metadata write that rewrites what the lock object already has.
   */
  private async stillHeld(etag: string): Promise<boolean> {
    if (etag === '') return true;
    try {
      await this.manta.putMetadata(this.lockPath, { contentType: 'application/json', headers: { 'if-match': etag } });
      return true;
    } catch (error) {
      if (isMissingObject(error) || isConditionLost(error)) return false;
      throw ioError('read the lock', this.lockPath, error);
    }
  }

  async unlock(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    this.forgetHeld?.();
    this.forgetHeld = undefined;
    this.handedOver = undefined;
    if (!held) return;
    const record: ReleasedLock = {
      released: true,
      releasedAt: new Date(this.now()).toISOString(),
      ...(this.seen !== undefined ? { state: this.seen } : {}),
    };
    try {
      await this.manta.putObject(this.lockPath, `${JSON.stringify(record)}\n`, {
        contentType: 'application/json',
        ...(held.etag !== '' ? { ifMatch: held.etag } : {}),
      });
    } catch (error) {
      // Our lock was broken and maybe taken by another run meanwhile: it is not ours to release.
      if (isMissingObject(error) || isConditionLost(error)) return;
      throw ioError('release the lock', this.lockPath, error);
    }
  }

  async forceUnlock(lockId: string): Promise<LockHolder> {
    const what = `state ${this.location}`;
    const current = await this.readLockObject();
    if (current === undefined || (current !== 'unreadable' && 'released' in current)) {
      throw new ReconcilerError(
        'STATE_LOCK_MISMATCH',
        `${what} is not locked (the lock object ${this.lockPath} is ${current === undefined ? 'absent' : 'released'}); nothing to unlock`,
      );
    }
    if (current === 'unreadable') {
      throw new ReconcilerError(
        'STATE_LOCK_MISMATCH',
        `${what} is locked, but the lock object ${this.lockPath} is damaged, so its id cannot be checked against ${JSON.stringify(lockId)}. If no triton-iac run is active, remove it (mrm ${this.lockPath}).`,
      );
    }
    if (current.held.id !== lockId) throw lockMismatch(what, lockId, current.held);
    // Conditional on the etag read: a lock taken by another run meanwhile is left alone.
    await this.removeLock(current.etag);
    return current.held;
  }

  /** Who holds the lock: `undefined` when nobody (no lock object, or a released one), `'unreadable'` when it is damaged. */
  async readLock(): Promise<{ holder: LockHolder; etag: string } | 'unreadable' | undefined> {
    const current = await this.readLockObject();
    if (current === undefined || current === 'unreadable') return current;
    return 'held' in current ? { holder: current.held, etag: current.etag } : undefined;
  }

  private async readLockObject(): Promise<LockObject> {
    const got = await this.io('read the lock', () => this.manta.getObjectBuffer(this.lockPath));
    return got === undefined ? undefined : parseLockObject(got.data, got.metadata.etag ?? '');
  }

  /** Deletes the lock if it still has `etag` (a lock someone else took meanwhile stays). */
  private async removeLock(etag: string): Promise<void> {
    try {
      await this.manta.deleteObject(this.lockPath, etag !== '' ? { ifMatch: etag } : {});
    } catch (error) {
      if (isMissingObject(error) || isConditionLost(error)) return;
      throw ioError('release the lock', this.lockPath, error);
    }
  }

  private lockedError(holder: LockHolder | 'unreadable'): ReconcilerError {
    if (holder === 'unreadable') {
      return new ReconcilerError(
        'STATE_LOCKED',
        `state ${this.location} is locked, but the lock object ${this.lockPath} is damaged. If no triton-iac run is active, remove it (mrm ${this.lockPath}) and retry.`,
      );
    }
    return new ReconcilerError(
      'STATE_LOCKED',
      `state ${this.location} is locked by ${holderText(holder, this.now())}, lock id ${holder.id}. ` +
        `Wait for it to finish or retry with a lock timeout; if that run is gone, run \`triton-iac force-unlock ${holder.id}\`.`,
    );
  }

  /** Runs a Manta call, mapping 404 to `undefined` and other failures to `STATE_IO`. */
  private async io<T>(what: string, call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw ioError(what, this.location, error);
    }
  }
}
