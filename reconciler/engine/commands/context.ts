/**
 * The one context a command builds, once, from the options it is given: the run (clients and
 * handlers, the tunables resolved: window, retry policy, parallelism; secrets, logging, progress),
 * the stack's state backend and its lock, the access sensor's settings, and what the run plans.
 * Each command module (`plan.ts`, `apply.ts`, `drift.ts`, `import.ts`) takes what it needs from it
 * instead of reading the raw {@link EngineOptions}.
 */
import type { StackManifest } from '../../../common/manifest.js';
import { withMoves, type PlanRequest } from '../plan-against-live.js';
import { createRunContext, type RunContext } from '../private/run-context.js';
import type { EngineOptions } from '../api-types.js';
import type { SensorOptions } from '../sensor-options.js';
import type { StateSnapshot } from '../../state/backend.js';
import type { HistoryKeepingBackend } from '../../state/history.js';
import { openStateBackend, withLock } from '../state-backend.js';

/** What one command runs with. */
export interface CommandContext {
  readonly stack: StackManifest;
  /** Clients, handlers, the resolved tunables (window, retry policy, parallelism), secrets, log, progress. */
  readonly run: RunContext;
  /** The stack's state backend (a local file or a Manta object, with its history), opened once. */
  readonly backend: HistoryKeepingBackend;
  /** What drift, plan and apply do beyond the stack's own objects (`EngineOptions.sensor`). */
  readonly sensor: SensorOptions | undefined;
  /** Runs `fn` holding the state lock, with the state as read under it; the lock is released after. */
  locked<T>(command: string, fn: (snapshot: StateSnapshot | undefined) => Promise<T>): Promise<T>;
  /**
   * What to plan: the stack against `snapshot`, with the run's targets, consent to adopt and
   * controls, and the state with the renames already moved (once, so callers that look entries up by
   * the plan's addresses, such as the stale-read check and the drift report, find moved ones too).
   */
  request(snapshot: StateSnapshot | undefined, destroy?: boolean): PlanRequest;
}

/**
 * Builds the context of one command on `stack`.
 * @param use.parsedState take the state file the read-ahead parsed moments ago (`plan` only: a
 *   command that locks reads the state under the lock)
 */
export function commandContext(
  stack: StackManifest,
  opts: EngineOptions,
  use: { readonly parsedState?: boolean } = {},
): CommandContext {
  const run = createRunContext(stack, opts, opts.handlers);
  const parsed = use.parsedState === true ? opts.readAhead?.takeStateFile?.() : undefined;
  const backend = openStateBackend(stack, { ...opts, ...(parsed !== undefined ? { parsed } : {}) });
  return {
    stack,
    run,
    backend,
    sensor: opts.sensor,
    locked: (command, fn) => withLock(backend, stack.name, opts, command, fn),
    request: (snapshot, destroy = false) =>
      withMoves({
        stack,
        state: snapshot?.doc ?? null,
        ...(destroy ? { destroy } : {}),
        ...(opts.targets !== undefined && opts.targets.length > 0 ? { targets: opts.targets } : {}),
        ...(opts.adopt ? { adopt: true } : {}),
        ...(destroy && opts.destroyAcross !== undefined ? { destroyAcross: opts.destroyAcross } : {}),
        ...(opts.declaredElsewhere !== undefined ? { declaredElsewhere: opts.declaredElsewhere } : {}),
        ...((opts.replace?.length ?? 0) + (opts.exclude?.length ?? 0) > 0
          ? { controls: { replace: opts.replace ?? [], exclude: opts.exclude ?? [] } }
          : {}),
      }),
  };
}
