/**
 * `drift` and `refresh`: what changed live since the last apply, reported or recorded in the state.
 */
import type { StackManifest } from '../../../common/manifest.js';
import { ReconcilerError } from '../../errors.js';
import { driftItemsOf } from '../drift-report.js';
import { planAgainstLive, reread } from '../plan-against-live.js';
import { refreshedState, type RefreshChange } from '../refresh.js';
import { confirmedReading, priorReadsOf, readingShowsDrift, senseOnce, type SensorReading } from '../sensor.js';
import type { DriftReport, EngineOptions } from '../api-types.js';
import { confirmDrift, driftCandidates } from '../../plan/drift.js';
import { planAgainstLiveQuick } from './carry-out.js';
import { commandContext } from './context.js';

/**
 * Compares live objects with the manifest and the last-applied state. A difference is reported only
 * when a second read, after the consistency window, still shows it (only the drifted objects are
 * read again), so a stale read never raises a false alarm.
 * @throws ReconcilerError `STATE_NOT_FOUND` when the stack has no state (it was never applied).
 */
export async function driftStack(stack: StackManifest, opts: EngineOptions): Promise<DriftReport> {
  const c = commandContext(stack, opts);
  const { run, backend } = c;
  const snapshot = await backend.read();
  const state = snapshot?.doc ?? null;
  // Without a last apply everything would show as drift: there is nothing to have drifted from.
  if (state === null) {
    throw new ReconcilerError(
      'STATE_NOT_FOUND',
      `stack ${stack.name} has not been applied: there is no state at ${backend.location}, so there is nothing to compare the live objects with`,
    );
  }
  const req = { ...c.request(snapshot), reportOnly: true };
  const first = await planAgainstLiveQuick(run, req);
  const sensor = c.sensor ?? {};
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
  const c = commandContext(stack, opts);
  const { run, backend } = c;
  return c.locked('triton-iac refresh', async (snapshot) => {
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
