/**
 * An exclusive lock as a file next to the state (`<state>.lock`). The lock's content is written to a
 * temporary file first and then hard-linked into place, because `link` fails with EEXIST when the lock
 * exists and, unlike `open(wx)` followed by a write, never exposes a half-written lock file.
 *
 * A lock whose holder ran on this host and is no longer alive is stale and is taken over, saying so
 * (`request.onTakeOver`); a lock held from another host is never broken automatically (its pid means
 * nothing here). A lock taken is registered as held by this process (./held-locks.ts), so that a
 * signal or an exit releases it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { ReconcilerError } from '../errors.js';
import { isLockHolder, type LockHolder, type LockRequest } from './backend.js';
import { registerHeldLock } from './held-locks.js';

/** A held lock. */
export interface HeldFileLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Removes the lock if it is still ours. */
  release(): Promise<void>;
}

/** Extra knobs for tests and callers with their own clock. */
export interface FileLockOptions {
  /** How often to retry while waiting. @default 100 */
  readonly pollMs?: number;
  /** The current time. @default Date.now */
  readonly now?: () => number;
}

/**
 * Takes the lock at `lockPath`.
 * @param what names the locked thing in messages, e.g. `state .triton-iac/prod.state.json`
 * @throws ReconcilerError `STATE_LOCKED` naming the holder's pid, host, command and age, when the lock
 *   is still held after `request.lockTimeoutMs`; `STATE_IO` for file-system failures.
 */
export async function acquireFileLock(
  lockPath: string,
  what: string,
  request: LockRequest,
  options: FileLockOptions = {},
): Promise<HeldFileLock> {
  const now = options.now ?? Date.now;
  const deadline = now() + (request.lockTimeoutMs ?? 0);
  const id = randomUUID();
  const temp = `${lockPath}.${id}.tmp`;
  let told = false;
  try {
    for (;;) {
      // Rewritten each attempt so that the lock records when it was taken, not when we began waiting.
      const holder: LockHolder = {
        id,
        pid: process.pid,
        host: hostname(),
        command: request.command,
        createdAt: new Date(now()).toISOString(),
      };
      await io(() => writeFile(temp, `${JSON.stringify(holder)}\n`, { mode: 0o600 }), lockPath);
      try {
        await link(temp, lockPath);
        const forget = registerHeldLock({
          what,
          release: () => releaseIfOurs(lockPath, id),
          releaseSync: () => releaseIfOursSync(lockPath, id),
        });
        return {
          path: lockPath,
          holder,
          release: async () => {
            forget();
            await releaseIfOurs(lockPath, id);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError(lockPath, error);
      }
      const current = await readHolder(lockPath);
      if (current === undefined) continue; // released between our link and our read
      if (current !== 'unreadable' && isStale(current)) {
        request.onTakeOver?.(takeOverText(what, current));
        await releaseIfOurs(lockPath, current.id);
        continue;
      }
      if (now() >= deadline) throw lockedError(lockPath, what, current, now());
      if (!told) {
        told = true;
        request.onWait?.(
          `${what} is locked${current === 'unreadable' ? '' : ` by ${holderText(current, now())}`}; waiting up to ${formatAge(deadline - now())} for it to be released`,
        );
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(options.pollMs ?? 100, Math.max(1, deadline - now()))),
      );
    }
  } finally {
    await rm(temp, { force: true });
  }
}

/** Reads who holds the lock: `undefined` if there is no lock, `'unreadable'` if its content is damaged. */
export async function readHolder(lockPath: string): Promise<LockHolder | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw ioError(lockPath, error);
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isLockHolder(value)) return value;
  } catch {
    // fall through: a damaged lock is reported as such, never silently broken
  }
  return 'unreadable';
}

/**
 * Removes the lock only if it still carries `id`. The read-then-remove has a tiny window in which
 * another process could replace the lock; it only matters when two processes break the same stale
 * lock at the same instant, and the state write's compare-and-swap still catches the loser.
 */
async function releaseIfOurs(lockPath: string, id: string): Promise<void> {
  const current = await readHolder(lockPath);
  if (current !== undefined && current !== 'unreadable' && current.id === id)
    await io(() => rm(lockPath, { force: true }), lockPath);
}

/** {@link releaseIfOurs} for an exit under way, when nothing can be awaited. */
function releaseIfOursSync(lockPath: string, id: string): void {
  const holder: unknown = JSON.parse(readFileSync(lockPath, 'utf8'));
  if (isLockHolder(holder) && holder.id === id) rmSync(lockPath, { force: true });
}

/**
 * The line that says a dead run's lock is being taken over: a lock left behind means that run was
 * killed mid-way, which the user should know (its apply may be half done).
 */
export function takeOverText(what: string, holder: LockHolder): string {
  return `Taking over the lock on ${what} left by pid ${holder.pid} ("${holder.command}"), which is no longer running, from ${holder.createdAt}; that run ended without releasing it, so check its output if it was an apply`;
}

/**
 * Removes the lock at `lockPath` if it carries `lockId` (`force-unlock`).
 * @returns who held it.
 * @throws ReconcilerError `STATE_LOCK_MISMATCH` when there is no lock, a damaged one, or one with another id.
 */
export async function forceReleaseFileLock(lockPath: string, what: string, lockId: string): Promise<LockHolder> {
  const current = await readHolder(lockPath);
  if (current === undefined)
    throw new ReconcilerError(
      'STATE_LOCK_MISMATCH',
      `${what} is not locked (there is no ${lockPath}); nothing to unlock`,
    );
  if (current === 'unreadable') {
    throw new ReconcilerError(
      'STATE_LOCK_MISMATCH',
      `${what} is locked, but the lock file ${lockPath} is damaged, so its id cannot be checked against ${JSON.stringify(lockId)}. If no triton-iac run is active, remove ${lockPath}.`,
    );
  }
  if (current.id !== lockId) throw lockMismatch(what, lockId, current);
  await releaseIfOurs(lockPath, lockId);
  return current;
}

/** The refusal of a force-unlock whose id is not the lock held: names both ids and the holder. */
export function lockMismatch(what: string, lockId: string, holder: LockHolder): ReconcilerError {
  return new ReconcilerError(
    'STATE_LOCK_MISMATCH',
    `lock id ${JSON.stringify(lockId)} does not match the lock on ${what}: it is lock id ${holder.id}, held by ${holderText(holder, Date.now())}. Nothing was unlocked; check the id in the error that named the lock.`,
  );
}

function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function lockedError(
  lockPath: string,
  what: string,
  holder: LockHolder | 'unreadable',
  nowMs: number,
): ReconcilerError {
  if (holder === 'unreadable') {
    return new ReconcilerError(
      'STATE_LOCKED',
      `${what} is locked, but the lock file ${lockPath} is damaged. If no triton-iac run is active, remove ${lockPath} and retry.`,
    );
  }
  return new ReconcilerError(
    'STATE_LOCKED',
    `${what} is locked by ${holderText(holder, nowMs)}, lock id ${holder.id}. Wait for it to finish or retry with a lock timeout; if that process is gone, run \`triton-iac force-unlock ${holder.id}\`.`,
  );
}

/** `pid 42 on host ci-3 running "triton-iac apply" since <time> (held for 5s)`: who holds a lock. */
export function holderText(holder: LockHolder, nowMs: number): string {
  return `pid ${holder.pid} on host ${holder.host} running "${holder.command}" since ${holder.createdAt} (held for ${formatAge(nowMs - Date.parse(holder.createdAt))})`;
}

/** `42s`, `3m 5s`, `2h 7m`. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

async function io<T>(fn: () => Promise<T>, path: string): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw ioError(path, error);
  }
}

function ioError(path: string, error: unknown): ReconcilerError {
  return new ReconcilerError('STATE_IO', `cannot use lock file ${path}: ${(error as Error).message}`, { cause: error });
}
