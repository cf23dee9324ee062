/**
 * The stack's access expectations on a plan's after-state: the account's managed access-control
 * objects as the state records them, with each planned change laid over (its `after`; a delete
 * removes the object). A plan that would break one is refused before anything changes. Pure.
 */
import {
  accessModelFromResources,
  failedExpectations,
  failureText,
  type ExpectationFailure,
} from '../../common/access/index.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import type { StateDocument } from '../state/document.js';
import { accessAfterOf } from './access-changes.js';
import type { Plan } from './types.js';

/** The expectations of `stack` that the account as `plan` leaves it breaks. */
export function planExpectationFailures(
  stack: StackManifest,
  state: StateDocument | null,
  plan: Plan,
): ExpectationFailure[] {
  if ((stack.expectations ?? []).length === 0) return [];
  const after = new Map<string, { kind: string; properties: unknown }>();
  for (const r of state?.resources ?? []) after.set(r.address, { kind: r.kind, properties: r.properties });
  for (const c of plan.changes) {
    if (c.action === 'read') continue;
    if (c.after === null) after.delete(c.address);
    else after.set(c.address, { kind: c.kind, properties: accessAfterOf(c) });
  }
  return failedExpectations(accessModelFromResources(stack.account, [...after.values()]), stack.expectations ?? []);
}

/**
 * Refuses a plan that breaks an expectation, naming each and why.
 * @throws ReconcilerError `ACCESS_EXPECTATION_FAILED`
 */
export function refuseBrokenExpectations(stack: StackManifest, state: StateDocument | null, plan: Plan): void {
  const failures = planExpectationFailures(stack, state, plan);
  if (failures.length === 0) return;
  throw new ReconcilerError(
    'ACCESS_EXPECTATION_FAILED',
    `the plan for stack ${stack.name} would break ${failures.length === 1 ? 'an access expectation' : `${failures.length} access expectations`}: ${failures.map(failureText).join('; ')}`,
  );
}
