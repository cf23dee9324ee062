/**
 * The state locks this process holds, so that whatever ends the process (Ctrl-C or SIGTERM while it
 * plans, waits at the confirmation prompt or applies; a `process.exit` anywhere) can release them
 * first. A lock left behind blocks the next run from another host until someone runs
 * `force-unlock`, and on this host is taken over only because its pid is dead.
 *
 * Process-wide on purpose: a lock records this process's pid, and the signal that ends the process
 * knows nothing of the backend that took it. The backends register a lock when they take it and
 * drop it when they release it; the CLI's signal handling (cli/private/interrupts.ts) calls
 * {@link releaseHeldLocks}.
 */

/** One held lock, as the registry knows it. */
export interface RegisteredLock {
  /** Names the locked state in messages, e.g. `state .triton-iac/prod.state.json`. */
  readonly what: string;
  /** Releases the lock if it is still this process's (the backend's own `unlock`). */
  release(): Promise<void>;
  /**
   * Releases it without waiting, for an exit already under way (a local lock file can; a Manta
   * lock object cannot and leaves this out).
   */
  releaseSync?(): void;
}

const held = new Set<RegisteredLock>();

/**
 * Records a lock just taken.
 * @returns the function that forgets it, called when the lock is released.
 */
export function registerHeldLock(lock: RegisteredLock): () => void {
  held.add(lock);
  return () => void held.delete(lock);
}

/** What the locks held now lock (empty when none is held). */
export function heldLocks(): string[] {
  return [...held].map((l) => l.what);
}

/**
 * Releases every lock this process holds, each as its backend does.
 * @returns the locks that could not be released, with why (the process is leaving; a failure is
 *   reported, not thrown).
 */
export async function releaseHeldLocks(): Promise<{ what: string; error: string }[]> {
  const locks = [...held];
  const outcomes = await Promise.allSettled(locks.map((l) => l.release()));
  for (const l of locks) held.delete(l);
  return outcomes.flatMap((o, i) =>
    o.status === 'rejected' ? [{ what: locks[i]!.what, error: (o.reason as Error)?.message ?? String(o.reason) }] : [],
  );
}

/** Releases, synchronously, every held lock that can be (local lock files), for the process's `exit` event. */
export function releaseHeldLocksSync(): void {
  for (const l of [...held]) {
    if (l.releaseSync === undefined) continue;
    try {
      l.releaseSync();
    } catch {
      // Exiting: nothing more can be done, and the next run on this host takes over a dead pid's lock.
    }
    held.delete(l);
  }
}
