/**
 * What the writing commands share: carrying out a plan under the lock, in the command's context
 * (`context.ts`): conflicts refused, moves recorded, the plan executed, the access census taken,
 * options and outputs recorded, the apply audited.
 */
import type { StackManifest } from '../../../common/manifest.js';
import { ReconcilerError } from '../../errors.js';
import { executePlan } from '../executor.js';
import { resolveOutputs, withOptionsAndOutputs } from '../outputs.js';
import { planAgainstLive, type PlannedRun } from '../plan-against-live.js';
import type { RunContext } from '../private/run-context.js';
import { StateWriter } from '../private/state-writer.js';
import type { Census } from '../census.js';
import type { LiveRead } from '../live-reader.js';
import {
  accessCensus,
  censusFollows,
  leavingObjects,
  priorListsHold,
  writesBesideCensus,
  priorReadsOf,
  tableAfterApply,
  warnAccessChangedOutside,
  withRecordedAccess,
} from '../sensor.js';
import type { ApplyResult } from '../api-types.js';
import { conflictList, planConflicts, type Plan } from '../../plan/types.js';
import { digestOf } from '../../private/canonical-json.js';
import { currentWriter, type AuditRecord } from '../../state/history.js';
import { withCreating } from '../../state/operations.js';
import type { CommandContext } from './context.js';

/**
 * Refuses a plan that would take over objects without the user's consent, naming each and how they
 * differ.
 * @throws ReconcilerError `ADOPT_CONFLICT`
 */
export function refuseConflicts(plan: Plan): void {
  const conflicts = planConflicts(plan);
  if (conflicts.length === 0) return;
  throw new ReconcilerError(
    'ADOPT_CONFLICT',
    `nothing was changed: ${conflicts.length === 1 ? 'an object' : `${conflicts.length} objects`} of stack ${plan.stack} already exist${conflicts.length === 1 ? 's' : ''} live, outside its state, made by someone else:\n${conflictList(conflicts)}`,
  );
}

/** A plan without the second look (the caller decides what to re-read). */
export async function planAgainstLiveQuick(
  run: RunContext,
  req: Parameters<typeof planAgainstLive>[1],
): Promise<PlannedRun> {
  return planAgainstLive({ ...run, windowMs: 0 }, req);
}

/**
 * Carries out a plan the caller holds the lock for: refuses one with conflicts before changing
 * anything, records its moves in the state (one write), then executes it, and finally records the
 * resources' options and the stack's outputs (one write, none when nothing differs; a destroy
 * clears the outputs).
 */
export async function carryOut(
  c: CommandContext,
  plan: Plan,
  state: StateWriter,
  live: ReadonlyMap<string, unknown>,
  destroy: boolean,
  liveRead?: LiveRead,
): Promise<ApplyResult> {
  const { run, stack, sensor } = c;
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
  // The access census is read alongside the writes that change nothing it reads (see
  // censusFollows): from the first write answered on (an action done, or one waiting for its job)
  // once the writes it follows are done. Started before any write, its reads would take the first
  // places of the connection pool, which grows from a few, and hold back the first writes.
  let early: Promise<Census | undefined> | undefined;
  const follows = censusFollows(plan.changes);
  const leaving = leavingObjects(plan.changes);
  const pending = new Map<string, number>();
  for (const address of follows ?? []) pending.set(address, (pending.get(address) ?? 0) + 1);
  // Writes that all go to Manta leave the census's CloudAPI pool free: it starts with them.
  let answered = writesBesideCensus(plan.changes);
  const prior =
    liveRead !== undefined && priorListsHold(plan.changes) ? priorReadsOf(liveRead, plan.changes) : undefined;
  const begin = (): void => {
    if (answered && pending.size === 0) early ??= accessCensus(run, stack, state.current, sensor, prior, leaving);
  };
  const executing: RunContext =
    follows !== undefined
      ? {
          ...run,
          emit: (event) => {
            run.emit(event);
            if (event.type !== 'action-done' && event.type !== 'action-failed' && event.type !== 'action-skipped')
              return;
            const left = (pending.get(event.address) ?? 0) - 1;
            if (left > 0) pending.set(event.address, left);
            else pending.delete(event.address);
            // A no-op or a look-up done is no write answered.
            if (event.type === 'action-done' && event.action !== 'no-op' && event.action !== 'read') answered = true;
            begin();
          },
          // An action's wait for its job is reported through its retry context, not `emit`.
          retryFor: (address, options) => {
            const retry = run.retryFor(address, options);
            return {
              ...retry,
              onWait: (report) => {
                retry.onWait?.(report);
                if (report.phase !== 'start') return;
                answered = true;
                begin();
              },
            };
          },
        }
      : run;
  if (follows !== undefined) begin();
  const executed = await executePlan({ run: executing, stack, plan, state, live });
  const access =
    early !== undefined
      ? await early.then((census) => (run.signal?.aborted === true ? undefined : census))
      : await accessCensus(run, stack, state.current, sensor, undefined, leaving);
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
export async function recordOptionsAndOutputs(
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
 * Carries out `plan` with each state write recorded under its digest, then appends the apply's
 * audit record (also when it throws: the record says it failed, and the error goes on).
 */
export async function audited(
  { backend, stack }: CommandContext,
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
