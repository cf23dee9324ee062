/**
 * Ctrl-C (SIGINT) and SIGTERM while a command may hold the state lock: the lock is released before
 * the process ends, whatever the command was doing (reading the state, planning, waiting at the
 * confirmation prompt, applying). Node's default for both signals ends the process at once, which
 * skipped the `finally` that releases the lock: the next run from another host was refused until
 * someone ran `force-unlock`, and one on this host took the dead pid's lock over.
 *
 * While actions are being carried out, the first signal cancels gracefully instead (the actions in
 * flight finish and are recorded in the state, then the lock is released as usual): see
 * {@link whileCancellable}. A second signal leaves after releasing the lock; a third leaves at once,
 * releasing what can be released without waiting (a local lock file).
 *
 * The handlers are installed only while a command is connected ({@link guardLocks}: from the
 * session's opening to its close), so the `emulator` command, which saves its data on SIGINT,
 * keeps its own handling, and a signal before any lock can be taken (loading the app) ends the
 * process as Node does.
 */
import { heldLocks, releaseHeldLocks, releaseHeldLocksSync } from '../../reconciler/index.js';

type Signal = 'SIGINT' | 'SIGTERM';

/** The exit code a process ended by the signal has, as a shell reports it (128 + signal number). */
const EXIT_CODES: Readonly<Record<Signal, number>> = { SIGINT: 130, SIGTERM: 143 };

/** How long releasing a lock in Manta may take before the process leaves anyway. */
const RELEASE_BUDGET_MS = 10_000;

let guards = 0;
/** What else must happen before the process leaves (an embedded emulator saves its data on close). */
const cleanups = new Set<() => Promise<void>>();
let cancel: (() => void) | undefined;
let leaving = false;
let say: (line: string) => void = (line) => void process.stderr.write(line);

const onSigint = (): void => onSignal('SIGINT');
const onSigterm = (): void => onSignal('SIGTERM');

function onSignal(signal: Signal): void {
  if (leaving) {
    // Asked again while releasing: leave now, with what can be released without waiting.
    releaseHeldLocksSync();
    process.exit(EXIT_CODES[signal]);
  }
  const graceful = cancel;
  if (graceful !== undefined) {
    cancel = undefined;
    graceful();
    return;
  }
  leaving = true;
  void leave(signal);
}

async function leave(signal: Signal): Promise<void> {
  const locks = heldLocks();
  if (locks.length > 0) say(`\nInterrupted (${signal}): releasing the lock on ${locks.join(', ')} before exiting.\n`);
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), RELEASE_BUDGET_MS).unref());
  const outcome = await Promise.race([releaseHeldLocks(), timer]);
  if (outcome === 'late') {
    say(
      `Could not release the lock in ${RELEASE_BUDGET_MS / 1000}s; run \`triton-iac force-unlock LOCK_ID\` with the id a later run names.\n`,
    );
  } else {
    for (const failed of outcome)
      say(
        `Could not release the lock on ${failed.what} (${failed.error}); run \`triton-iac force-unlock LOCK_ID\` with the id a later run names.\n`,
      );
  }
  // After the release: a lock in the embedded emulator's Manta is saved with the rest of its data.
  await Promise.race([Promise.allSettled([...cleanups].map((c) => c())), timer]);
  process.exit(EXIT_CODES[signal]);
}

/** The process is ending some other way (`process.exit`, a crash): release the local lock files at least. */
const onExit = (): void => releaseHeldLocksSync();

/**
 * Makes SIGINT and SIGTERM release the held state locks before the process ends, from now until the
 * returned function is called (nested calls are counted).
 * @param write where the line saying so goes (the command's standard error)
 * @param cleanup run on such an exit after the locks are released (closing an embedded emulator)
 */
export function guardLocks(write: (line: string) => void, cleanup?: () => Promise<void>): () => void {
  say = write;
  if (cleanup !== undefined) cleanups.add(cleanup);
  if (guards++ === 0) {
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    process.on('exit', onExit);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (cleanup !== undefined) cleanups.delete(cleanup);
    if (--guards > 0) return;
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    process.off('exit', onExit);
  };
}

/**
 * Makes the next SIGINT (or SIGTERM) call `onCancel` instead of ending the process, until the
 * returned function is called: carrying out a plan, a signal cancels what has not started.
 */
export function whileCancellable(onCancel: () => void): () => void {
  if (guards === 0) {
    // Not guarded (no session open): the first Ctrl-C cancels, a second is Node's default.
    process.once('SIGINT', onCancel);
    return () => void process.off('SIGINT', onCancel);
  }
  cancel = onCancel;
  return () => {
    if (cancel === onCancel) cancel = undefined;
  };
}
