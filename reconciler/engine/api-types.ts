/**
 * The engine's public types: options, progress events and results. The CLI depends on these exact
 * shapes (see `entry-points.ts` for the functions).
 */
import type { ResourceKind } from '../../common/manifest.js';
import type { ClientsBundle } from '../../common/contract/clients.js';
import type { AnyHandler, JsonPatchOperation } from '../../common/contract/handler.js';
import type { DisplayValue } from '../render/mask.js';
import type { PlanAction } from '../plan/types.js';
import type { CrossStackObject } from '../plan/cross-stack.js';
import type { CrossStackDestroy } from './targets.js';
import type { ListedAhead } from './listed-ahead.js';
import type { SensorOptions } from './sensor-options.js';
import type { UnmanagedObject } from '../plan/unmanaged-objects.js';
import type { AccessDriftItem } from './access-drift-item.js';
import type { ExpectationFailure } from '../../common/access/index.js';
import type { WriteLog } from '../consistency.js';

/**
 * The API clients a run is given and hands to its handlers, as the engine sees them (the contract's
 * {@link ClientsBundle}): the provider's `Clients` (`connectStack`) fits it.
 */
export type EngineClients = ClientsBundle;

/** One action of a plan, as progress events name it. */
export type ChangeAction = PlanAction;

/** Where the engine writes diagnostic lines. Never given a secret. */
export interface EngineLogger {
  debug(message: string, fields?: Readonly<Record<string, unknown>>): void;
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/**
 * Options every engine entry point takes. `C` is the type of the clients the caller built (the
 * provider's `Clients` from `connectStack`), kept so that a caller reading them back gets its own
 * type; the engine itself uses only what {@link EngineClients} names.
 */
export interface EngineOptions<C extends EngineClients = EngineClients> {
  /** The API clients, built by `connectStack` or by tests. */
  readonly clients: C;
  /**
   * One handler per kind: the engine drives every kind through these alone and names none itself.
   * Callers pass the default registry (`defaultHandlers()` of `provider/handlers/registry.ts`), with
   * any plug-in kind's handler added.
   */
  readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>;
  /** Where `.triton-iac/` lives (the local state's default path is relative to it). */
  readonly workDir: string;
  /**
   * Where relative object content files are read from: the directory the app was synthesized in
   * (a saved plan records it, so it can be applied from elsewhere).
   * @default process.cwd()
   */
  readonly contentDir?: string;
  /** A rehearsal's folder for the local files an apply writes ({@link HandlerContext.localOutputsUnder}). */
  readonly localOutputsUnder?: string;
  /**
   * How long after a write the servers may not see it yet (ms).
   * @default `TRITON_IAC_CONSISTENCY_WINDOW_MS` in `env`, else `TUNABLE_DEFAULTS.consistencyWindowMs` (15000)
   */
  readonly consistencyWindowMs?: number;
  /**
   * How long after a write of an account-wide object through another datacenter this stack's
   * datacenter may not see it yet (ms): a refusal naming such an object (a role tag naming a role
   * the account stack made through another datacenter) is retried within it, each wait reported as
   * a `job-wait` ("role ops to replicate to us-east-2").
   * @default TUNABLE_DEFAULTS.replicationWindowMs (60000)
   */
  readonly replicationWindowMs?: number;
  /**
   * How many actions (and reads) run at once: the walk's width. The requests in flight are capped by
   * the clients (`connectStack`'s `maxRequests`), not by this.
   * @default TUNABLE_DEFAULTS.parallelism (96)
   */
  readonly parallelism?: number;
  /** How long to wait for the state lock. @default 0 - fail at once, naming the holder */
  readonly lockTimeoutMs?: number;
  /**
   * Told, with a sentence naming the holder and how long the run may wait, when it starts waiting
   * for the state lock; then every 30 s with how long so far, and once with the total when it has
   * the lock.
   */
  readonly onLockWait?: (message: string) => void;
  /** Told, with a sentence naming the dead holder, when the run takes over a lock a dead process on this host left. */
  readonly onLockTakeOver?: (message: string) => void;
  /**
   * Consent to adopt objects found live, outside this stack's state, that differ from the
   * declaration (`--adopt`): they are planned as adopt (then updated) instead of as conflicts.
   * @default false - such objects are conflicts, and a plan with a conflict is not applied
   */
  readonly adopt?: boolean;
  /**
   * The writes of the app's other stacks of the same account in this command, for the consistency
   * window: a role of this stack naming a user another stack created moments ago is retried while
   * the server may not see that user yet, as it would be were both in one stack.
   * @default - a log of this run's own writes only
   */
  readonly writeLog?: WriteLog;
  /** Addresses to limit the run to; their dependencies are included. @default - every resource */
  readonly targets?: readonly string[];
  /**
   * The objects the app's other stacks declare in this stack's account (`declaredByOtherStacks`):
   * one this stack no longer declares has moved there, and is forgotten here, not deleted.
   * @default - none: every resource that leaves the stack is deleted
   */
  readonly declaredElsewhere?: ReadonlyMap<string, string>;
  /**
   * The objects of the app's other stacks this stack refers to (`StackManifest.crossStack`), as
   * `crossStackObjectsOf` reads them from their stacks' state: `null` (or absent) for one known only
   * after apply. A plan shows a reference to one as known after apply; apply refuses it.
   * @default - every such reference is known after apply
   */
  readonly crossStack?: ReadonlyMap<string, CrossStackObject | null>;
  /** How many state serials the history keeps (`triton-iac.json` `state.history.keep`). @default 50 */
  readonly stateHistoryKeep?: number;
  /** Addresses to replace even when unchanged (`--replace`). */
  readonly replace?: readonly string[];
  /**
   * Addresses to leave out of the run with their dependants (`--exclude`); in a destroy, with what
   * they depend on instead (and `targets` go with what depends on them).
   */
  readonly exclude?: readonly string[];
  /**
   * A destroy limited by `--target` or `--exclude` in an app of several stacks: what the other
   * stacks' selection adds to this one (`destroySelectionPerStack`).
   */
  readonly destroyAcross?: CrossStackDestroy;
  /**
   * What drift, plan and apply do beyond the stack's own objects (see `sensor-options.ts`). Apply
   * records the access table only when it is given. @default - drift looks for everything; apply records no table
   */
  readonly sensor?: SensorOptions;
  /**
   * Collections already being listed, through these same `clients` and for this stack's account
   * (`ReadAhead`): the run's first read of each takes it instead of listing it again.
   */
  readonly readAhead?: ListedAhead<C>;
  /**
   * Cancels the run: actions not yet started are skipped; actions in flight finish (with their
   * retries) and are recorded, so that the state matches what was done.
   */
  readonly signal?: AbortSignal;
  readonly log?: EngineLogger;
  /** Receives one event per action as the apply proceeds. */
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Where `{ $secret: { source: 'env' } }` values come from. @default process.env */
  readonly env?: NodeJS.ProcessEnv;
}

/** What an apply reports as it goes. Never carries a secret. */
export type ProgressEvent =
  | { readonly type: 'start'; readonly total: number }
  | { readonly type: 'action-start'; readonly address: string; readonly action: ChangeAction }
  | {
      readonly type: 'action-done';
      readonly address: string;
      readonly action: ChangeAction;
      readonly outcome: ActionOutcome;
      readonly durationMs: number;
    }
  | {
      readonly type: 'action-failed';
      readonly address: string;
      readonly action: ChangeAction;
      readonly message: string;
      readonly durationMs: number;
    }
  | { readonly type: 'action-skipped'; readonly address: string; readonly because: string }
  | { readonly type: 'retry'; readonly address: string; readonly reason: string; readonly attempt: number }
  /**
   * The run waits before going on (a consistency window to pass before a second read): what for,
   * how long, and the addresses it waits for (empty when it waits for none in particular).
   */
  | { readonly type: 'wait'; readonly reason: string; readonly ms: number; readonly addresses: readonly string[] }
  /**
   * An action waits for a job of the server (an instance's provision, its destroy before its volume
   * can go): `start` says what for, `end` how long it took.
   */
  | {
      readonly type: 'job-wait';
      readonly address: string;
      readonly phase: 'start' | 'end';
      readonly waitsFor: string;
      readonly detail?: string;
      readonly durationMs?: number;
    };

/** How one action ended. */
export type ActionOutcome =
  'created' | 'updated' | 'replaced' | 'deleted' | 'forgotten' | 'adopted' | 'read' | 'unchanged';

/** The outcome of an apply. */
export interface ApplyResult {
  /** True when every action succeeded. */
  readonly ok: boolean;
  /** How many actions ended each way (`created`, `updated`, …, `unchanged`, `failed`, `skipped`). */
  readonly counts: Record<string, number>;
  /**
   * Each failure once, with the server's message and, when the server answered, its status, error
   * code and the operation that failed (so that a caller can say what to do about it).
   */
  readonly failed: { address: string; message: string; status?: number; apiCode?: string; operation?: string }[];
  /** What was not started because something it depends on failed, or the run was cancelled (never an unchanged resource). */
  readonly skipped: { address: string; because: string }[];
  /** True when the run was cancelled (`signal`) before it started every action. */
  readonly cancelled: boolean;
  readonly durationMs: number;
  /**
   * Permissions gained or lost outside triton-iac since the last apply, through objects no stack
   * manages, that the apply recorded as its new access baseline (it warned about each), one sentence
   * each; absent when none.
   */
  readonly accessChangedOutside?: readonly string[];
}

/** One confirmed difference between live objects and the stack. */
export interface DriftItem {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  /** What would fix it. */
  readonly action: ChangeAction;
  /**
   * Where the difference comes from: `outside` when the live object no longer matches what the last
   * apply left, `configuration` when the manifest changed since, `both` when both happened.
   */
  readonly origin: 'outside' | 'configuration' | 'both';
  /** The fields that differ, as JSON Patch from live to desired (secrets and unknowns masked). */
  readonly changes: readonly (Omit<JsonPatchOperation, 'value'> & { value?: DisplayValue })[];
  /** Normalised live value, masked (`null` when missing). */
  readonly before: DisplayValue | null;
  /** Desired value, masked (`null` when no longer declared). */
  readonly after: DisplayValue | null;
}

export type { SensorOptions } from './sensor-options.js';
export type { UnmanagedObject } from '../plan/unmanaged-objects.js';
export type { AccessDriftItem } from './access-drift-item.js';

/** The result of a drift check. */
export interface DriftReport {
  /** Confirmed differences, sorted by address. */
  readonly drifted: DriftItem[];
  /** How many resources were compared. */
  readonly checked: number;
  /** Live objects no stack manages (seen by both reads), not silenced by the allow-list; absent when not looked for. */
  readonly unmanaged?: readonly UnmanagedObject[];
  /** How many unmanaged objects the allow-list silenced. */
  readonly ignoredUnmanaged?: number;
  /** Permissions gained or lost since the last apply recorded the access table (seen by both reads). */
  readonly access?: readonly AccessDriftItem[];
  /** The stack's access expectations the live account breaks (seen by both reads); absent when it has none. */
  readonly expectations?: readonly ExpectationFailure[];
  /** What the sensor could not check, and why (no access table recorded yet, a read not permitted). */
  readonly sensorNotes?: readonly string[];
}
