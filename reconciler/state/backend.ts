/**
 * The state backend contract. Callers (the executor, the `state` commands) use only this, so a Manta
 * backend (compare-and-swap with `If-Match` on the object's etag, a lock object created with
 * `If-Match: ""`) can be added without changing them.
 *
 * Protocol: `lock` → `read` → any number of `write(doc, versionFromLastReadOrWrite)` → `unlock`.
 * `write` is a compare-and-swap: it fails with `STATE_CONFLICT` when the stored version is not the
 * expected one, so even a caller that skipped the lock cannot silently overwrite another's work.
 */
import type { StateDocument } from './document.js';

/** A document and the backend's opaque version of it (a content digest locally, an etag in Manta). */
export interface StateSnapshot {
  readonly doc: StateDocument;
  readonly version: string;
}

/** Who is taking the lock; recorded in the lock so that a blocked user knows whom to ask. */
export interface LockRequest {
  /** The command line, e.g. `triton-iac apply`. Never include secrets. */
  readonly command: string;
  /**
   * How long to keep retrying while someone else holds the lock.
   * @default 0 - fail at once with `STATE_LOCKED`
   */
  readonly lockTimeoutMs?: number;
  /**
   * Called once when the lock is found held and the caller is going to wait for it (a lock timeout
   * was given), with a sentence naming the holder and how long it will wait, so that the wait is
   * never silent.
   */
  readonly onWait?: (message: string) => void;
  /**
   * Called when the lock found was left by a process on this host that is no longer running and is
   * about to be taken over, with a sentence naming its pid, command and when it was taken, so that
   * the take-over is never silent.
   */
  readonly onTakeOver?: (message: string) => void;
}

/** What a lock file (or object) says about its holder. */
export interface LockHolder {
  /** Random id of this lock, so a process never releases a lock it does not hold. */
  readonly id: string;
  readonly pid: number;
  readonly host: string;
  readonly command: string;
  /** ISO 8601 time the lock was taken. */
  readonly createdAt: string;
}

/** True for a parsed lock record with every field of a {@link LockHolder} (a local lock file or a Manta lock object). */
export function isLockHolder(value: unknown): value is LockHolder {
  const v = value as Partial<LockHolder> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.pid === 'number' &&
    typeof v.host === 'string' &&
    typeof v.command === 'string' &&
    typeof v.createdAt === 'string'
  );
}

/** Where a stack's state lives. */
export interface StateBackend {
  /** Human-readable location for messages (a path or URL). */
  readonly location: string;
  /**
   * Reads the state.
   * @returns `undefined` when no state exists yet.
   * @throws ReconcilerError `STATE_MALFORMED` for an unreadable document, `STATE_MISMATCH` when it
   *   belongs to another stack or account.
   */
  read(): Promise<StateSnapshot | undefined>;
  /**
   * Stores `doc` with its serial incremented, if the stored version is still `expectedVersion`
   * (`undefined` = no state must exist yet).
   * @returns the stored document (new serial) and its new version.
   * @throws ReconcilerError `STATE_CONFLICT` when the version moved, `STATE_MALFORMED` when the stored
   *   document is corrupt (it is never overwritten).
   */
  write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot>;
  /**
   * Takes the exclusive lock, waiting up to `lockTimeoutMs`.
   * @throws ReconcilerError `STATE_LOCKED` naming the holder and the lock's age.
   */
  lock(request: LockRequest): Promise<void>;
  /** Releases the lock this backend took; a no-op when it holds none. */
  unlock(): Promise<void>;
  /**
   * Removes a lock another run left behind (`triton-iac force-unlock`), only if its id is `lockId`,
   * so that a mistyped or outdated id never breaks a lock a live run has just taken.
   * @returns who held the lock that was removed.
   * @throws ReconcilerError `STATE_LOCK_MISMATCH` when no lock is held, or the lock held has another
   *   id (both named), or it is damaged.
   */
  forceUnlock(lockId: string): Promise<LockHolder>;
}
