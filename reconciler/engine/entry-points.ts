/**
 * The engine API the CLI drives: plan, apply (a saved plan or plan-and-apply in one lock), destroy,
 * drift, import, and the state backend of a stack. Each entry point reads live state fresh; the state
 * file is memory, never the truth.
 */
import { consistencyWindowOf } from '../../common/tunables.js';
import type { StackManifest } from '../../common/manifest.js';
import type { PlainObject, ResourceHandler } from '../contract/handler.js';
import { ReconcilerError } from '../errors.js';
import { driftItemsOf } from './drift-report.js';
import { executePlan } from './executor.js';
import { resolveOutputs, withOptionsAndOutputs } from './outputs.js';
import {
  destroyView,
  liveDigestsOf,
  planAgainstLive,
  recentlyWritten,
  reread,
  withMoves,
  type PlannedRun,
  type PlanRequest,
} from './plan-against-live.js';
import { withPlanWarnings } from './plan-warnings.js';
import { withUnmanagedAccess } from './unmanaged-access.js';
import { refuseCertainFailures } from './plan-refusals.js';
import { withRetries } from '../retry-loop.js';
import { refreshedState, type RefreshChange } from './refresh.js';
import { createRunContext, type RunContext } from './private/run-context.js';
import { StateWriter } from './private/state-writer.js';
import { assertSecretsReadable } from './secrets.js';
import type { Census } from './census.js';
import type { LiveRead } from './live-reader.js';
import {
  accessCensus,
  censusBeforeWrites,
  confirmedReading,
  priorReadsOf,
  readingShowsDrift,
  senseOnce,
  tableAfterApply,
  warnAccessChangedOutside,
  withRecordedAccess,
  type SensorReading,
} from './sensor.js';
import type { ApplyResult, DriftReport, EngineClients, EngineOptions } from './api-types.js';
import { confirmDrift, driftCandidates } from '../plan/drift.js';
import { manifestDigestOf } from '../plan/planner.js';
import { refuseBrokenExpectations } from '../plan/plan-expectations.js';
import { checkPlanStillValid } from '../plan/plan-validity.js';
import { conflictList, planConflicts, planHasChanges, type Plan } from '../plan/types.js';
import type { StateBackend, StateSnapshot } from '../state/backend.js';
import { LocalStateBackend, type ParsedStateFile } from '../state/local-backend.js';
import { formatAge } from '../state/file-lock.js';
import { MantaStateBackend } from '../state/manta-backend.js';
import { emptyState } from '../state/document.js';
import { digestOf } from '../private/canonical-json.js';
import {
  currentWriter,
  DEFAULT_HISTORY_KEEP,
  HistoryKeepingBackend,
  LocalHistoryStore,
  type AuditRecord,
} from '../state/history.js';
import { MantaHistoryStore } from '../state/manta-history.js';
import { putResource, withCreating } from '../state/operations.js';

export { connectStack, type ConnectOverrides } from './connect.js';
export { recordFound, type NotRecorded, type RecordFoundResult } from './record-found.js';
export type { RefreshChange } from './refresh.js';
export { destroyView } from './plan-against-live.js';
export { ReadAhead } from './read-ahead.js';
export { localStateStacks } from '../state/local-backend.js';
export * from './api-types.js';

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

/**
 * Plans the stack against live objects (no lock: planning writes nothing).
 * @throws ReconcilerError `SECRET_UNAVAILABLE` when apply would need a secret it cannot read.
 */
export async function planStack(stack: StackManifest, opts: EngineOptions): Promise<Plan> {
  const run = await runFor(stack, opts);
  const parsed = opts.readAhead?.takeStateFile?.();
  const snapshot = await openStateBackend(stack, { ...opts, ...(parsed !== undefined ? { parsed } : {}) }).read();
  const req = requestOf(stack, snapshot, opts);
  const plan = await withUnmanagedAccess(
    run,
    stack,
    req.state,
    await withPlanWarnings(run, (await planAgainstLive(run, req)).plan),
    opts.sensor,
  );
  assertSecretsReadable(plan, stack, run.handlers, run.secrets);
  refuseBrokenExpectations(stack, req.state, plan);
  await refuseCertainFailures(run, plan, stack);
  return plan;
}

/** Plans the deletion of every object in the stack's state (the account itself is only forgotten). */
export async function planDestroy(stack: StackManifest, opts: EngineOptions): Promise<Plan> {
  const run = await runFor(stack, opts);
  const snapshot = await openStateBackend(stack, opts).read();
  const req = requestOf(stack, snapshot, opts, true);
  return withUnmanagedAccess(
    run,
    stack,
    req.state,
    await withPlanWarnings(run, (await planAgainstLive(run, req)).plan),
    opts.sensor,
  );
}

/**
 * Looks at the plan just made, under the lock, before anything changes: shows it and asks. Resolves
 * to false to change nothing.
 */
export type PlanReview = (plan: Plan) => Promise<boolean>;

/** The outcome of {@link applyReviewed}: the plan made, and the result when it was carried out. */
export interface ReviewedApply {
  readonly plan: Plan;
  /** Absent when the review declined the plan. */
  readonly result?: ApplyResult;
}

/**
 * Apply as a person runs it: takes the lock first, then reads the state, plans, hands the plan to
 * `review`, and carries out exactly that plan, all under the one lock, so that what was shown is
 * what happens and no other run can slip in between (a second run fails at once with
 * `STATE_LOCKED` before printing any plan, or waits with a lock timeout and plans afresh).
 * @param mode `destroy` plans the deletion of everything in state
 * @throws ReconcilerError `STATE_LOCKED`, `ADOPT_CONFLICT` when the plan would take over objects
 *   without consent (nothing is changed), or a state error; action failures are in the result.
 */
export async function applyReviewed(
  stack: StackManifest,
  opts: EngineOptions,
  review: PlanReview,
  mode: 'apply' | 'destroy' = 'apply',
): Promise<ReviewedApply> {
  const run = await runFor(stack, opts);
  return withLock(stack, opts, `triton-iac ${mode}`, async (backend, snapshot) => {
    const req = requestOf(stack, snapshot, opts, mode === 'destroy');
    const read = await planAgainstLive(run, req);
    // The plan a person reviews carries the kinds' warnings; the other plans (a saved plan's check,
    // refresh, generate) make none, so they do not pay for the reads warnings take.
    const planned = {
      ...read,
      plan: await withUnmanagedAccess(run, stack, req.state, await withPlanWarnings(run, read.plan), opts.sensor),
    };
    // Before asking: a plan apply could not carry out is refused before anyone says yes to it.
    assertSecretsReadable(planned.plan, stack, run.handlers, run.secrets);
    if (mode === 'apply') refuseBrokenExpectations(stack, req.state, planned.plan);
    if (mode === 'apply') await refuseCertainFailures(run, planned.plan, stack);
    const state = new StateWriter(backend, snapshot, stack.name, stack.account);
    if (!(await review(planned.plan))) {
      // Nothing to do in the cloud, but the code may have changed options or outputs: record them (no write when not).
      if (mode === 'apply' && !planHasChanges(planned.plan))
        await recordOptionsAndOutputs(
          run,
          stack,
          state,
          planned.byAddress,
          false,
          // A stack applied before access tables were recorded gets its first one; else nothing changed.
          state.current.access === undefined ? await accessCensus(run, stack, state.current, opts.sensor) : undefined,
          planned.plan.changes,
        );
      return { plan: planned.plan };
    }
    return {
      plan: planned.plan,
      result: await audited(backend, stack, planned.plan, `triton-iac ${mode}`, () =>
        carryOut(run, stack, planned.plan, state, planned.byAddress, mode === 'destroy', opts, planned.live),
      ),
    };
  });
}

/**
 * Applies a plan made earlier, under the lock. Refuses, naming what changed, when the state was
 * written since, a planned object changed live, or the plan was made from another manifest.
 * @throws ReconcilerError `PLAN_STALE`, `STATE_LOCKED`, or a state error; action failures are in the result.
 */
export async function applyPlan(stack: StackManifest, plan: Plan, opts: EngineOptions): Promise<ApplyResult> {
  const run = await runFor(stack, opts);
  const destroy = savedPlanIsDestroy(stack, plan);
  return withLock(stack, opts, 'triton-iac apply', async (backend, snapshot) => {
    const now = await stillCurrent(run, stack, plan, opts, destroy, snapshot);
    return audited(backend, stack, plan, 'triton-iac apply PLANFILE', () =>
      carryOut(
        run,
        stack,
        plan,
        new StateWriter(backend, snapshot, stack.name, stack.account),
        now.byAddress,
        destroy,
        opts,
        now.live,
      ),
    );
  });
}

/**
 * Checks, under the lock and changing nothing, that a plan made earlier could be applied now: the
 * same refusals {@link applyPlan} makes before its first write. A saved plan of several stacks is
 * checked stack by stack this way before any of them is applied, so a stale one refuses them all.
 * @throws ReconcilerError `PLAN_STALE`, `ADOPT_CONFLICT`, `STATE_LOCKED`, or what the plan's
 *   secrets or a certain failure make apply refuse.
 */
export async function checkSavedPlan(stack: StackManifest, plan: Plan, opts: EngineOptions): Promise<void> {
  const run = await runFor(stack, opts);
  const destroy = savedPlanIsDestroy(stack, plan);
  await withLock(stack, opts, 'triton-iac apply PLANFILE (checking it)', async (_backend, snapshot) => {
    await stillCurrent(run, stack, plan, opts, destroy, snapshot);
  });
}

/**
 * Whether a saved plan is a destroy plan of `stack` (made from the stack without its resources and
 * only deleting or forgetting), checking first that it was made for this stack and manifest.
 * @throws ReconcilerError `ADOPT_CONFLICT` for a plan with conflicts; `PLAN_STALE` for another stack,
 *   account or manifest.
 */
function savedPlanIsDestroy(stack: StackManifest, plan: Plan): boolean {
  refuseConflicts(plan);
  if (plan.stack !== stack.name || plan.account !== stack.account) {
    throw new ReconcilerError(
      'PLAN_STALE',
      `the plan is for stack ${plan.stack} of account ${plan.account}, not stack ${stack.name} of account ${stack.account}`,
    );
  }
  const destroy =
    plan.manifestDigest === manifestDigestOf(destroyView(stack)) &&
    plan.changes.every((c) => c.action === 'delete' || c.action === 'forget');
  if (!destroy && plan.manifestDigest !== manifestDigestOf(stack)) {
    throw new ReconcilerError(
      'PLAN_STALE',
      `the manifest of stack ${stack.name} changed since the plan was made; run plan again`,
    );
  }
  return destroy;
}

/**
 * Reads the live objects a saved plan looked at, under the caller's lock, and refuses the plan when
 * anything moved since it was made (a difference on something written moments ago is read again
 * after the window first: it may be a stale read), or when apply could not carry it out.
 * @returns the live read, for carrying the plan out
 * @throws ReconcilerError `PLAN_STALE`, `SECRET_UNAVAILABLE`, `APPLY_WOULD_FAIL`
 */
async function stillCurrent(
  run: RunContext,
  stack: StackManifest,
  plan: Plan,
  opts: EngineOptions,
  destroy: boolean,
  snapshot: StateSnapshot | undefined,
): Promise<PlannedRun> {
  const req = requestOf(stack, snapshot, opts, destroy);
  let now = await planAgainstLiveQuick(run, req);
  let validity = checkPlanStillValid(plan, {
    stateSerial: snapshot?.doc.serial ?? 0,
    stateLineage: snapshot?.doc.lineage ?? null,
    liveDigests: liveDigestsOf(now.plan),
  });
  const stateMoved =
    (snapshot?.doc.serial ?? 0) !== plan.stateSerial || (snapshot?.doc.lineage ?? null) !== plan.stateLineage;
  if (!validity.valid && !stateMoved) {
    // A difference on something written moments ago may be a stale read: look again after the window.
    const recent = recentlyWritten(
      plan.changes.map((c) => ({ ...c, action: 'update' as const })),
      req.state,
      run.windowMs,
    );
    if (recent.length > 0) {
      await run.wait(
        Math.max(...recent.map((r) => r.writtenAt)) + run.windowMs - Date.now(),
        'the consistency window to pass since these were written, then checking the saved plan against them again (a difference seen now may be a stale read)',
        recent.map((r) => r.address),
      );
      now = await reread(
        run,
        destroy ? destroyView(stack) : stack,
        req,
        now.live,
        new Set(recent.map((r) => r.address)),
      );
      validity = checkPlanStillValid(plan, {
        stateSerial: snapshot?.doc.serial ?? 0,
        stateLineage: snapshot?.doc.lineage ?? null,
        liveDigests: liveDigestsOf(now.plan),
      });
    }
  }
  if (!validity.valid) {
    throw new ReconcilerError(
      'PLAN_STALE',
      `the saved plan cannot be applied, it is stale: ${validity.changes.join('; ')}. Run plan again.`,
    );
  }
  assertSecretsReadable(plan, stack, run.handlers, run.secrets);
  // A destination may have changed since the plan was saved (a file made there meanwhile).
  if (!destroy) await refuseCertainFailures(run, plan, stack);
  return now;
}

/** Plans and applies in one lock, without asking: nothing can change the state between the two. */
export async function applyStack(
  stack: StackManifest,
  opts: EngineOptions,
): Promise<{ plan: Plan; result: ApplyResult }> {
  const { plan, result } = await applyReviewed(stack, opts, async () => true);
  return { plan, result: result! };
}

/**
 * Compares live objects with the manifest and the last-applied state. A difference is reported only
 * when a second read, after the consistency window, still shows it (only the drifted objects are
 * read again), so a stale read never raises a false alarm.
 * @throws ReconcilerError `STATE_NOT_FOUND` when the stack has no state (it was never applied).
 */
export async function driftStack(stack: StackManifest, opts: EngineOptions): Promise<DriftReport> {
  const run = await runFor(stack, opts);
  const backend = openStateBackend(stack, opts);
  const snapshot = await backend.read();
  const state = snapshot?.doc ?? null;
  // Without a last apply everything would show as drift: there is nothing to have drifted from.
  if (state === null) {
    throw new ReconcilerError(
      'STATE_NOT_FOUND',
      `stack ${stack.name} has not been applied: there is no state at ${backend.location}, so there is nothing to compare the live objects with`,
    );
  }
  const req = { ...requestOf(stack, snapshot, opts), reportOnly: true };
  const first = await planAgainstLiveQuick(run, req);
  const sensor = opts.sensor ?? {};
  // The census takes what the plan just listed and read; the confirming read below reads afresh.
  const sensed = await senseOnce(
    run,
    stack,
    state,
    sensor,
    first.plan.changes,
    priorReadsOf(first.live, first.plan.changes),
  );
  const candidates = driftCandidates(first.plan.changes);
  const checked = first.plan.changes.filter((c) => c.action !== 'read' && !c.address.startsWith('~')).length;
  const extra = (reading: SensorReading): Partial<DriftReport> => ({
    ...(sensor.unmanaged !== false ? { unmanaged: reading.unmanaged, ignoredUnmanaged: reading.ignored } : {}),
    ...(reading.access !== undefined ? { access: reading.access } : {}),
    ...(reading.expectations !== undefined ? { expectations: reading.expectations } : {}),
    ...(reading.notes.length > 0 ? { sensorNotes: reading.notes } : {}),
  });
  if (candidates.length === 0 && !readingShowsDrift(sensed)) return { drifted: [], checked, ...extra(sensed) };
  run.log.debug('differences seen; confirming them by a second read after the consistency window', {
    addresses: candidates.map((c) => c.address),
  });
  await run.wait(
    run.windowMs,
    'the consistency window, then reading these again to confirm the differences seen (a stale read shows differences that are not there)',
    candidates.map((c) => c.address),
  );
  const second =
    candidates.length === 0
      ? first
      : await reread(run, stack, req, first.live, new Set(candidates.map((c) => c.address)));
  const sensedAgain = readingShowsDrift(sensed)
    ? confirmedReading(sensed, await senseOnce(run, stack, state, sensor, second.plan.changes))
    : sensed;
  return {
    drifted: driftItemsOf(confirmDrift(first.plan.changes, second.plan.changes), req.state, run.handlers),
    checked,
    ...extra(sensedAgain),
  };
}

/** The outcome of {@link refreshStack}: what differed, and whether it was recorded. */
export interface RefreshResult {
  /** The entries whose record differs from the live objects, sorted by address. */
  readonly changes: readonly RefreshChange[];
  /** The state's serial after the write; absent when nothing was written (nothing differed, or the review declined). */
  readonly serial?: number;
}

/**
 * Terraform's `-refresh-only`: under the lock, reads every object in the state and records it as it
 * is live (an object gone live is forgotten), without changing anything in the cloud. `review` sees
 * the differences first and may decline (nothing is written).
 * @throws ReconcilerError `STATE_NOT_FOUND` when the stack has no state, `STATE_LOCKED`.
 */
export async function refreshStack(
  stack: StackManifest,
  opts: EngineOptions,
  review: (changes: readonly RefreshChange[]) => Promise<boolean> = async () => true,
): Promise<RefreshResult> {
  const run = await runFor(stack, opts);
  return withLock(stack, opts, 'triton-iac refresh', async (backend, snapshot) => {
    if (snapshot === undefined) {
      throw new ReconcilerError(
        'STATE_NOT_FOUND',
        `stack ${stack.name} has not been applied: there is no state at ${backend.location}, so there is nothing to refresh`,
      );
    }
    // No renames (moves: []): a refresh records the objects where the state has them.
    const planned = await planAgainstLive(run, { stack, state: snapshot.doc, moves: [] });
    const refreshed = refreshedState(snapshot.doc, planned, run.handlers);
    if (refreshed.changes.length === 0 || !(await review(refreshed.changes))) return { changes: refreshed.changes };
    const stored = await backend.write(refreshed.doc, snapshot.version);
    return { changes: refreshed.changes, serial: stored.doc.serial };
  });
}

/**
 * Adopts the live object `id` (a server id, or the natural key for kinds without one) into state at
 * `address`, after checking that the address is declared and that an object of its kind exists.
 * @throws ReconcilerError `IMPORT_INVALID` naming the address or id, `STATE_LOCKED`.
 */
export async function importResource(
  stack: StackManifest,
  address: string,
  id: string,
  opts: EngineOptions,
): Promise<void> {
  const run = await runFor(stack, opts);
  const resource = stack.resources.find((r) => r.address === address);
  if (!resource) {
    throw new ReconcilerError(
      'IMPORT_INVALID',
      `import: address ${JSON.stringify(address)} is not declared in stack ${stack.name}; add the resource to the code first`,
    );
  }
  const handler = run.handlers.get(resource.kind);
  if (!handler || handler.mode !== 'managed') {
    throw new ReconcilerError(
      'IMPORT_INVALID',
      `import: ${address} is a ${resource.kind}, which is ${handler ? 'a look-up and is read fresh on every run' : 'not supported'}; nothing to import`,
    );
  }
  const managed = handler as ResourceHandler<unknown, EngineClients>;
  await withLock(stack, opts, `triton-iac import ${address}`, async (backend, snapshot) => {
    const existing = snapshot?.doc.resources.find((r) => r.address === address);
    if (existing) {
      throw new ReconcilerError(
        'IMPORT_INVALID',
        `import: ${address} is already in the state (${existing.kind} ${existing.serverId ?? existing.naturalKey}); run \`triton-iac state rm ${address}\` first to import another object`,
      );
    }
    const live = await withRetries(run.retryFor(address), [], () => managed.read(run.ctx, { id, naturalKey: id }));
    if (live === undefined)
      throw new ReconcilerError(
        'IMPORT_INVALID',
        `import: no ${resource.kind} with id ${JSON.stringify(id)} exists in account ${stack.account}`,
      );
    const key = managed.naturalKeyOf(live);
    if (key !== resource.naturalKey)
      run.log.info('the imported object has another natural key than declared; the next apply will update it', {
        address,
        live: key,
        declared: resource.naturalKey,
      });
    const claimed = snapshot?.doc.resources.find(
      (r) =>
        r.kind === resource.kind &&
        ((r.serverId !== null && r.serverId === managed.idOf(live)) || r.naturalKey === key),
    );
    if (claimed)
      throw new ReconcilerError(
        'IMPORT_INVALID',
        `import: that ${resource.kind} is already managed at ${claimed.address}`,
      );
    const doc = snapshot?.doc ?? emptyState(stack.name, stack.account);
    await backend.write(
      putResource(doc, {
        address,
        kind: resource.kind,
        naturalKey: resource.naturalKey,
        serverId: managed.idOf(live) ?? null,
        properties: managed.normalizeLive(live, plainDesired(managed, resource)),
        writeOnly: {},
        dependsOn: [...resource.dependsOn].sort(),
        updatedAt: new Date().toISOString(),
        ...(resource.options !== undefined ? { options: resource.options } : {}),
        // It existed before the stack: a plan that deletes it says so (`StateResource.adopted`).
        adopted: true,
      }),
      snapshot?.version,
    );
  });
}

async function runFor(stack: StackManifest, opts: EngineOptions): Promise<RunContext> {
  return createRunContext(stack, opts, opts.handlers);
}

/**
 * The normalised desired value of `resource` when it holds no reference or secret, so that import
 * records what apply would (only the managed part of a shared object, such as a role tag's own roles).
 */
function plainDesired(
  handler: ResourceHandler<unknown, EngineClients>,
  resource: StackManifest['resources'][number],
): PlainObject | undefined {
  const plain = JSON.stringify(resource.properties);
  return plain.includes('"$ref"') || plain.includes('"$secret"')
    ? undefined
    : handler.normalizeDesired(resource.properties as PlainObject);
}

/**
 * What to plan: the stack against the state read, with the run's targets and consent to adopt, and
 * the state with the renames already moved (once, so callers that look entries up by the plan's
 * addresses, such as the stale-read check and the drift report, find moved ones too).
 */
function requestOf(
  stack: StackManifest,
  snapshot: StateSnapshot | undefined,
  opts: EngineOptions,
  destroy = false,
): PlanRequest {
  return withMoves({
    stack,
    state: snapshot?.doc ?? null,
    ...(destroy ? { destroy } : {}),
    ...(opts.targets !== undefined && opts.targets.length > 0 ? { targets: opts.targets } : {}),
    ...(opts.adopt ? { adopt: true } : {}),
    ...(opts.declaredElsewhere !== undefined ? { declaredElsewhere: opts.declaredElsewhere } : {}),
    ...((opts.replace?.length ?? 0) + (opts.exclude?.length ?? 0) > 0
      ? { controls: { replace: opts.replace ?? [], exclude: opts.exclude ?? [] } }
      : {}),
  });
}

/**
 * Carries out a plan the caller holds the lock for: refuses one with conflicts before changing
 * anything, records its moves in the state (one write), then executes it, and finally records the
 * resources' options and the stack's outputs (one write, none when nothing differs; a destroy
 * clears the outputs).
 */
async function carryOut(
  run: RunContext,
  stack: StackManifest,
  plan: Plan,
  state: StateWriter,
  live: ReadonlyMap<string, unknown>,
  destroy: boolean,
  opts: EngineOptions,
  liveRead?: LiveRead,
): Promise<ApplyResult> {
  refuseConflicts(plan);
  const moves = plan.changes
    .filter((c) => c.movedFrom !== undefined)
    .map((c) => ({ from: c.movedFrom!, to: c.address }));
  if (moves.length > 0) await state.move(moves);
  // Before any create is sent: which addresses this apply creates, so that the next plan knows an
  // object found there as this stack's own (a run cut off before recording it), not someone else's.
  if (!destroy) {
    const creates = plan.changes.filter((c) => c.action === 'create').map((c) => c.address);
    const resumed = plan.changes.filter((c) => c.action === 'adopt' && c.preexisting !== true).map((c) => c.address);
    await state.edit((doc) => withCreating(doc, creates, resumed));
  }
  // A plan that only creates reads the access census alongside its writes (see censusBeforeWrites),
  // from the first answered write on: started before them, its reads would take the first places
  // of the connection pool, which grows from a few, and hold back the first writes.
  let early: Promise<Census | undefined> | undefined;
  const alongside = !destroy && censusBeforeWrites(plan.changes);
  const executing: RunContext = alongside
    ? {
        ...run,
        emit: (event) => {
          run.emit(event);
          if (event.type === 'action-done')
            early ??= accessCensus(
              run,
              stack,
              state.current,
              opts.sensor,
              liveRead !== undefined ? priorReadsOf(liveRead, plan.changes) : undefined,
            );
        },
      }
    : run;
  const executed = await executePlan({ run: executing, stack, plan, state, live });
  const access =
    early !== undefined
      ? await early.then((census) => (run.signal?.aborted === true ? undefined : census))
      : await accessCensus(run, stack, state.current, opts.sensor);
  const outside = await recordOptionsAndOutputs(run, stack, state, live, destroy, access, plan.changes);
  const result = outside.length > 0 ? { ...executed, accessChangedOutside: outside } : executed;
  return moves.length > 0 ? { ...result, counts: { moved: moves.length, ...result.counts } } : result;
}

/**
 * Records each declared resource's options and the stack's outputs (a destroy clears them), and the
 * access table from `access` (warning about access changed outside `changes`, the plan carried
 * out); no write when nothing differs.
 * @returns the access changes made outside that the recorded table takes in (see `warnAccessChangedOutside`)
 */
async function recordOptionsAndOutputs(
  run: RunContext,
  stack: StackManifest,
  state: StateWriter,
  live: ReadonlyMap<string, unknown>,
  destroy: boolean,
  access: Census | undefined,
  changes: Plan['changes'],
): Promise<string[]> {
  const recorded = destroy ? { outputs: {}, unresolved: [] } : resolveOutputs(stack, state.current, live, run.handlers);
  if (recorded.unresolved.length > 0)
    run.log.warn('outputs not recorded: a resource they refer to has no value yet', { outputs: recorded.unresolved });
  // The access table drift compares with: the account as this apply leaves it.
  const table = access === undefined ? undefined : tableAfterApply(stack, access, state.current);
  const outside = table === undefined ? [] : warnAccessChangedOutside(run.log, stack, state.current, access!, changes);
  await state.edit((doc) => {
    const next = withOptionsAndOutputs(doc, destroy ? { ...stack, resources: [] } : stack, recorded.outputs);
    return table === undefined ? next : withRecordedAccess(next, table);
  });
  return outside;
}

/**
 * Refuses a plan that would take over objects without the user's consent, naming each and how they
 * differ.
 * @throws ReconcilerError `ADOPT_CONFLICT`
 */
function refuseConflicts(plan: Plan): void {
  const conflicts = planConflicts(plan);
  if (conflicts.length === 0) return;
  throw new ReconcilerError(
    'ADOPT_CONFLICT',
    `nothing was changed: ${conflicts.length === 1 ? 'an object' : `${conflicts.length} objects`} of stack ${plan.stack} already exist${conflicts.length === 1 ? 's' : ''} live, outside its state, made by someone else:\n${conflictList(conflicts)}`,
  );
}

/**
 * Carries out `plan` with each state write recorded under its digest, then appends the apply's
 * audit record (also when it throws: the record says it failed, and the error goes on).
 */
async function audited(
  backend: HistoryKeepingBackend,
  stack: StackManifest,
  plan: Plan,
  command: string,
  body: () => Promise<ApplyResult>,
): Promise<ApplyResult> {
  const planDigest = digestOf(plan);
  backend.carryingOut(planDigest);
  const record = async (
    result: AuditRecord['result'],
    counts: ApplyResult['counts'],
    failed: ApplyResult['failed'],
    outside?: readonly string[],
  ) => {
    const now = await backend.read().catch(() => undefined);
    await backend.history.appendAudit({
      at: new Date().toISOString(),
      who: currentWriter(),
      command,
      stack: stack.name,
      account: stack.account,
      planDigest,
      result,
      counts,
      failed: failed.map((f) => ({ address: f.address, message: f.message })),
      serial: now?.doc.serial ?? 0,
      ...(outside !== undefined && outside.length > 0 ? { accessChangedOutside: outside } : {}),
    });
  };
  try {
    const result = await body();
    await record(
      result.cancelled ? 'cancelled' : result.ok ? 'ok' : 'failed',
      result.counts,
      result.failed,
      result.accessChangedOutside,
    );
    return result;
  } catch (error) {
    await record('failed', {}, [{ address: '(apply)', message: (error as Error).message }]).catch(() => undefined);
    throw error;
  } finally {
    backend.carryingOut(undefined);
  }
}

/** A plan without the second look (the caller decides what to re-read). */
async function planAgainstLiveQuick(run: RunContext, req: Parameters<typeof planAgainstLive>[1]): Promise<PlannedRun> {
  return planAgainstLive({ ...run, windowMs: 0 }, req);
}

/** How often a wait for the state lock is told again while it lasts. */
const LOCK_WAIT_REPEAT_MS = 30_000;

async function withLock<T>(
  stack: StackManifest,
  opts: EngineOptions,
  command: string,
  fn: (backend: HistoryKeepingBackend, snapshot: StateSnapshot | undefined) => Promise<T>,
): Promise<T> {
  const backend = openStateBackend(stack, opts);
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
                () => tell(`still waiting for the state lock of stack ${stack.name}, ${since()} so far`),
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
  if (waitStarted !== undefined) tell?.(`took the state lock of stack ${stack.name} after waiting ${since()}`);
  try {
    return await fn(backend, await backend.read());
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
