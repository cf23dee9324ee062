/**
 * The state backend of a stack (a local file or a Manta object, each with its history) and the lock
 * every writing command holds while it runs.
 */
import { consistencyWindowOf } from '../../common/tunables.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import type { EngineClients, EngineOptions } from './api-types.js';
import type { StateBackend, StateSnapshot } from '../state/backend.js';
import { LocalStateBackend, type ParsedStateFile } from '../state/local-backend.js';
import { formatAge } from '../state/file-lock.js';
import { MantaStateBackend } from '../state/manta-backend.js';
import { DEFAULT_HISTORY_KEEP, HistoryKeepingBackend, LocalHistoryStore } from '../state/history.js';
import { MantaHistoryStore } from '../state/manta-history.js';

/**
 * The stack's state backend: the local file `.triton-iac/<stack>.state.json` under `workDir` (or
 * `stack.state.path`), or a Manta object when `stack.state.type` is `manta` (needs `clients`).
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for a Manta backend without clients.
 */
export function openStateBackend(
  stack: StackManifest,
  opts: {
    readonly workDir: string;
    readonly clients?: EngineClients;
    readonly consistencyWindowMs?: number;
    /** Where the consistency window is read from when not given. @default process.env */
    readonly env?: NodeJS.ProcessEnv;
    /** A local state file parsed moments ago (`LocalStateBackendOptions.parsed`). */
    readonly parsed?: ParsedStateFile;
    /** How many serials the history keeps. @default DEFAULT_HISTORY_KEEP */
    readonly stateHistoryKeep?: number;
  },
): HistoryKeepingBackend {
  const cfg = stack.state ?? { type: 'local' as const };
  const keep = opts.stateHistoryKeep ?? DEFAULT_HISTORY_KEEP;
  if (cfg.type === 'manta') {
    const backend = openMantaBackend(
      stack,
      cfg.path,
      opts.clients,
      consistencyWindowOf(opts.consistencyWindowMs, opts.env ?? process.env),
    );
    return new HistoryKeepingBackend(backend, new MantaHistoryStore(opts.clients!.manta, cfg.path, keep));
  }
  const local = new LocalStateBackend({
    stack: stack.name,
    account: stack.account,
    workingDirectory: opts.workDir,
    ...(cfg.path !== undefined ? { path: cfg.path } : {}),
    ...(opts.parsed !== undefined ? { parsed: opts.parsed } : {}),
  });
  return new HistoryKeepingBackend(local, new LocalHistoryStore(local.location, keep));
}

/** How often a wait for the state lock is told again while it lasts. */
const LOCK_WAIT_REPEAT_MS = 30_000;

/** Runs `fn` holding the lock of `backend` (the state of stack `stackName`), with the state read under it. */
export async function withLock<T>(
  backend: HistoryKeepingBackend,
  stackName: string,
  opts: Pick<EngineOptions, 'lockTimeoutMs' | 'onLockWait' | 'onLockTakeOver'>,
  command: string,
  fn: (snapshot: StateSnapshot | undefined) => Promise<T>,
): Promise<T> {
  // A wait for the lock is told when it starts (by the backend, naming the holder), again every
  // LOCK_WAIT_REPEAT_MS with how long so far, and with its total once the lock is taken.
  const tell = opts.onLockWait;
  let waitStarted: number | undefined;
  let repeat: NodeJS.Timeout | undefined;
  const since = (): string => formatAge(Date.now() - (waitStarted ?? Date.now()));
  try {
    await backend.lock({
      command,
      lockTimeoutMs: opts.lockTimeoutMs ?? 0,
      ...(tell
        ? {
            onWait: (message: string) => {
              waitStarted = Date.now();
              tell(message);
              repeat = setInterval(
                () => tell(`still waiting for the state lock of stack ${stackName}, ${since()} so far`),
                LOCK_WAIT_REPEAT_MS,
              ).unref();
            },
          }
        : {}),
      ...(opts.onLockTakeOver ? { onTakeOver: opts.onLockTakeOver } : {}),
    });
  } finally {
    clearInterval(repeat);
  }
  if (waitStarted !== undefined) tell?.(`took the state lock of stack ${stackName} after waiting ${since()}`);
  try {
    return await fn(await backend.read());
  } finally {
    await backend.unlock();
  }
}

function openMantaBackend(
  stack: StackManifest,
  path: string,
  clients: EngineClients | undefined,
  consistencyWindowMs: number,
): StateBackend {
  if (!clients) {
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `stack ${stack.name} keeps its state in Manta (${path}): connect to Manta first (the state backend needs the Manta client)`,
    );
  }
  // The run's window (as in the run context): how long a read of the state or the lock may lag
  // behind a write.
  return new MantaStateBackend({
    stack: stack.name,
    account: stack.account,
    manta: clients.manta,
    path,
    consistencyWindowMs,
  });
}
