/**
 * The Manta state backend's lock object: what it holds (a holder, or the state a released lock's last
 * holder left), read from its bytes, and the small facts the backend decides by.
 */
import { hostname } from 'node:os';
import { ReconcilerError } from '../../errors.js';
import { isLockHolder, type LockHolder, type StateSnapshot } from '../backend.js';

export interface HeldLock {
  readonly holder: LockHolder;
  readonly etag: string;
}

/** The state as a holder last saw it: the object's etag and the document's serial, or no object. */
export type StateMark = { readonly etag: string; readonly serial: number } | null;

/** What a released lock object says: when, and the state its last holder left (absent if unknown). */
export interface ReleasedLock {
  readonly released: true;
  readonly releasedAt: string;
  readonly state?: StateMark;
}

/** The lock object as read: held, released, damaged, or absent. */
export type LockObject =
  | { readonly held: LockHolder; readonly etag: string }
  | { readonly released: ReleasedLock; readonly etag: string }
  | 'unreadable'
  | undefined;

export function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

export function isStateMark(value: unknown): value is StateMark {
  if (value === null) return true;
  const v = value as { etag?: unknown; serial?: unknown };
  return typeof v === 'object' && typeof v.etag === 'string' && Number.isSafeInteger(v.serial);
}

/** Whether a read shows the handed-over state or a later one. */
export function isAtLeast(snapshot: StateSnapshot | undefined, mark: NonNullable<StateMark>): boolean {
  return snapshot !== undefined && (snapshot.version === mark.etag || snapshot.doc.serial > mark.serial);
}

export function isDeadHere(holder: LockHolder): boolean {
  if (holder.host !== hostname() || holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function ioError(what: string, location: string, error: unknown): ReconcilerError {
  // TritonApiError messages name the operation, status and server message, never credentials.
  return new ReconcilerError('STATE_IO', `cannot ${what} ${location}: ${(error as Error).message}`, { cause: error });
}

/** The lock object from its bytes and etag: held, released (with the state it names), or damaged. */
export function parseLockObject(data: Buffer, etag: string): LockObject {
  try {
    const v = JSON.parse(data.toString('utf8')) as Partial<LockHolder> & Partial<ReleasedLock>;
    if (isLockHolder(v)) return { held: v, etag };
    if (
      v.released === true &&
      typeof v.releasedAt === 'string' &&
      etag !== '' &&
      (v.state === undefined || isStateMark(v.state))
    ) {
      return {
        released: { released: true, releasedAt: v.releasedAt, ...(v.state !== undefined ? { state: v.state } : {}) },
        etag,
      };
    }
  } catch {
    // reported as damaged below, never silently broken
  }
  return 'unreadable';
}
