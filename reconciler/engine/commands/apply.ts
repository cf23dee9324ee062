/**
 * `apply`: a saved plan (refused when stale), plan-and-apply in one lock, or a plan reviewed under the
 * lock before it is carried out.
 */
import type { StackManifest } from '../../../common/manifest.js';
import { ReconcilerError } from '../../errors.js';
import { destroyView, planAgainstLive, reread, type PlannedRun } from '../plan-against-live.js';
import { liveDigestsOf, recentlyWritten } from '../recent-writes.js';
import { withPlanWarnings } from '../plan-warnings.js';
import { withUnmanagedAccess } from '../unmanaged-access.js';
import { refuseCertainFailures } from '../plan-refusals.js';
import { StateWriter } from '../private/state-writer.js';
import { assertSecretsReadable } from '../secrets.js';
import { accessCensus } from '../sensor.js';
import type { ApplyResult, EngineOptions } from '../api-types.js';
import type { StateSnapshot } from '../../state/backend.js';
import { manifestDigestOf } from '../../plan/planner.js';
import { refuseBrokenExpectations } from '../../plan/plan-expectations.js';
import { checkPlanStillValid } from '../../plan/plan-validity.js';
import { refuseUnappliedCrossStack } from '../../plan/cross-stack.js';
import { planHasChanges, type Plan } from '../../plan/types.js';
import { refuseConflicts, planAgainstLiveQuick, carryOut, recordOptionsAndOutputs, audited } from './carry-out.js';
import { commandContext, type CommandContext } from './context.js';

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
  const c = commandContext(stack, opts);
  const { run, backend } = c;
  // Before the lock: a stack whose other stacks have not made what it refers to cannot be applied.
  if (mode === 'apply') refuseUnappliedCrossStack(stack, opts.crossStack);
  return c.locked(`triton-iac ${mode}`, async (snapshot) => {
    const req = c.request(snapshot, mode === 'destroy');
    const read = await planAgainstLive(run, req);
    // The plan a person reviews carries the kinds' warnings; the other plans (a saved plan's check,
    // refresh, generate) make none, so they do not pay for the reads warnings take.
    const planned = {
      ...read,
      plan: await withUnmanagedAccess(run, stack, req.state, await withPlanWarnings(run, read.plan), c.sensor),
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
          state.current.access === undefined ? await accessCensus(run, stack, state.current, c.sensor) : undefined,
          planned.plan.changes,
        );
      return { plan: planned.plan };
    }
    return {
      plan: planned.plan,
      result: await audited(c, planned.plan, `triton-iac ${mode}`, () =>
        carryOut(c, planned.plan, state, planned.byAddress, mode === 'destroy', planned.live),
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
  const c = commandContext(stack, opts);
  const destroy = savedPlanIsDestroy(stack, plan);
  if (!destroy) refuseUnappliedCrossStack(stack, opts.crossStack);
  return c.locked('triton-iac apply', async (snapshot) => {
    const now = await stillCurrent(c, plan, destroy, snapshot);
    return audited(c, plan, 'triton-iac apply PLANFILE', () =>
      carryOut(
        c,
        plan,
        new StateWriter(c.backend, snapshot, stack.name, stack.account),
        now.byAddress,
        destroy,
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
  const c = commandContext(stack, opts);
  const destroy = savedPlanIsDestroy(stack, plan);
  await c.locked('triton-iac apply PLANFILE (checking it)', async (snapshot) => {
    await stillCurrent(c, plan, destroy, snapshot);
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
  c: CommandContext,
  plan: Plan,
  destroy: boolean,
  snapshot: StateSnapshot | undefined,
): Promise<PlannedRun> {
  const { run, stack } = c;
  const whole = c.request(snapshot, destroy);
  // A destroy plan may delete part of the state (made with --target or --exclude): that part is checked.
  const req = destroy ? { ...whole, only: new Set(plan.changes.map((ch) => ch.address)) } : whole;
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
