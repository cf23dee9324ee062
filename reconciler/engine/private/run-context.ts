/**
 * Everything one engine run shares: handlers, the handler context, the write log, retry policy,
 * secrets, logging and progress. Built once per entry point from the {@link EngineOptions}.
 */
import type { WalkSlot } from '../../graph.js';
import { setMaxListeners } from 'node:events';
import type { ResourceKind, StackManifest } from '../../../common/manifest.js';
import type { CrossStackObject } from '../../plan/cross-stack.js';
import type { AnyHandler, HandlerContext, HandlerLogger } from '../../../common/contract/handler.js';
import { consistencyWindowOf, TUNABLE_DEFAULTS } from '../../../common/tunables.js';
import { retryPolicyFor, WriteLog, type RetryPolicy } from '../../consistency.js';
import { createSecretResolver, type EngineSecretResolver } from '../secrets.js';
import type { EngineClients, EngineOptions, ProgressEvent } from '../api-types.js';
import { VisibilityLag } from '../../parking.js';
import { datacenterKeyOf } from '../../../common/kinds/datacenter-scope.js';
import { pause, type RetryContext } from '../../retry-loop.js';
import type { ListedAhead } from '../listed-ahead.js';

/** The shared parts of one run. */
export interface RunContext {
  readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
  readonly ctx: HandlerContext<EngineClients>;
  readonly writeLog: WriteLog;
  readonly policy: RetryPolicy;
  readonly windowMs: number;
  readonly parallelism: number;
  /** Collections listed ahead of this run's first read (see `live-source.ts`). */
  readonly readAhead?: ListedAhead<EngineClients>;
  readonly secrets: EngineSecretResolver;
  /** The objects of the app's other stacks this stack refers to (`EngineOptions.crossStack`). */
  readonly crossStack?: ReadonlyMap<string, CrossStackObject | null>;
  readonly log: HandlerLogger;
  readonly signal: AbortSignal | undefined;
  /** Sends a progress event; a throwing listener never breaks the run. */
  emit(event: ProgressEvent): void;
  /**
   * Waits `ms` (cancellable by the run's signal), first telling the progress listener what for and
   * how long: a run never waits silently.
   */
  wait(ms: number, reason: string, addresses?: readonly string[]): Promise<void>;
  /**
   * A retry context reporting retries of `address` as progress events. An action's retries run to
   * the end even when the run is cancelled (what started finishes and is recorded); reads for a plan
   * pass `cancellable` so that cancelling stops them. `slot` is the action's place in the apply
   * walk, given up while a refused write is parked.
   */
  retryFor(address: string, options?: { readonly cancellable?: boolean; readonly slot?: WalkSlot }): RetryContext;
}

const SILENT: HandlerLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined };

/** Builds the run context of `stack` from `options`, with `handlers` already chosen. */
export function createRunContext(
  stack: StackManifest,
  options: EngineOptions,
  handlers: ReadonlyMap<ResourceKind, AnyHandler>,
): RunContext {
  const windowMs = consistencyWindowOf(options.consistencyWindowMs, options.env ?? process.env);
  const parallelism = options.parallelism ?? TUNABLE_DEFAULTS.parallelism;
  if (!Number.isInteger(parallelism) || parallelism < 1)
    throw new RangeError(`parallelism must be a positive integer, got ${String(parallelism)}`);
  if (!Number.isFinite(windowMs) || windowMs < 0)
    throw new RangeError(`consistencyWindowMs must be a non-negative number, got ${String(windowMs)}`);
  const secrets = createSecretResolver(options.env ?? process.env, options.workDir);
  const log = options.log ?? SILENT;
  // Handlers pass one signal to every request, many at once: a signal that may carry that many
  // listeners. It never fires: cancelling a run starts nothing new but lets the requests in flight
  // finish, so that what they did is recorded in the state rather than left unknown.
  const signal = new AbortController().signal;
  setMaxListeners(0, signal);
  // Shared with the app's other stacks of the account when the command gives one: one app, one window.
  // Seen from this stack's datacenter: a write another stack made through another one replicates.
  const writeLog = (options.writeLog ?? new WriteLog()).through(datacenterKeyOf(stack));
  const visibility = new VisibilityLag({ minStepMs: Math.min(100, Math.max(10, windowMs / 32)), windowMs });
  const replicationWindowMs = options.replicationWindowMs ?? TUNABLE_DEFAULTS.replicationWindowMs;
  if (!Number.isFinite(replicationWindowMs) || replicationWindowMs < 0)
    throw new RangeError(`replicationWindowMs must be a non-negative number, got ${String(replicationWindowMs)}`);
  const policy = { ...retryPolicyFor(windowMs), replicationWindowMs };
  noteCrossStackWrites(writeLog, options.crossStack, replicationWindowMs);
  const emit = (event: ProgressEvent): void => {
    try {
      options.onProgress?.(event);
    } catch (error) {
      log.warn('a progress listener threw; ignoring it', { error: (error as Error).message });
    }
  };
  return {
    handlers,
    ctx: {
      clients: options.clients,
      account: stack.account,
      signal,
      log,
      secrets,
      ...(options.contentDir !== undefined ? { contentDir: options.contentDir } : {}),
      ...(options.localOutputsUnder !== undefined ? { localOutputsUnder: options.localOutputsUnder } : {}),
    },
    writeLog,
    policy,
    windowMs,
    parallelism,
    ...(options.readAhead !== undefined ? { readAhead: options.readAhead } : {}),
    secrets,
    ...(options.crossStack !== undefined ? { crossStack: options.crossStack } : {}),
    log,
    signal: options.signal,
    emit,
    async wait(ms, reason, addresses = []) {
      if (ms <= 0) return;
      emit({ type: 'wait', reason, ms: Math.round(ms), addresses });
      await pause(ms, options.signal);
    },
    retryFor: (address, retryOptions = {}) => ({
      writeLog,
      policy,
      ...(options.signal && retryOptions.cancellable === true ? { signal: options.signal } : {}),
      // An action's refused writes are parked; the plan's reads are not writes.
      ...(retryOptions.cancellable === true ? {} : { visibility }),
      ...(retryOptions.slot !== undefined ? { slot: retryOptions.slot } : {}),
      onRetry: (reason, attempt) => {
        log.debug('retrying', { address, reason, attempt });
        emit({ type: 'retry', address, reason: secrets.scrub(reason), attempt });
      },
      onWait: (report) => {
        log.debug('waiting', { address, ...report });
        emit({ type: 'job-wait', address, ...report });
      },
    }),
  };
}

/**
 * The objects of other stacks this stack refers to that their stack wrote through another
 * datacenter, as writes of the log at the time their state records: an apply right after the
 * account stack's (the next command) still finds them replicating, and waits as this run would.
 */
function noteCrossStackWrites(
  writeLog: WriteLog,
  crossStack: EngineOptions['crossStack'],
  replicationWindowMs: number,
): void {
  const since = Date.now() - replicationWindowMs;
  for (const object of crossStack?.values() ?? []) {
    if (object?.writtenAt === undefined || object.datacenter === undefined) continue;
    if (object.datacenter === writeLog.datacenter) continue;
    const at = Date.parse(object.writtenAt);
    // Only a write recent enough to be replicating still: an older one is visible everywhere.
    if (Number.isFinite(at) && at > since)
      writeLog.record({ kind: object.kind, name: object.naturalKey }, at, object.datacenter);
  }
}
