/**
 * `plan` and the plan of `destroy`: the stack against live objects, no lock (planning writes nothing).
 */
import type { StackManifest } from '../../../common/manifest.js';
import { planAgainstLive } from '../plan-against-live.js';
import { withPlanWarnings } from '../plan-warnings.js';
import { withUnmanagedAccess } from '../unmanaged-access.js';
import { refuseCertainFailures } from '../plan-refusals.js';
import { assertSecretsReadable } from '../secrets.js';
import type { EngineOptions } from '../api-types.js';
import { refuseBrokenExpectations } from '../../plan/plan-expectations.js';
import { type Plan } from '../../plan/types.js';
import { commandContext } from './context.js';

/**
 * Plans the stack against live objects (no lock: planning writes nothing).
 * @throws ReconcilerError `SECRET_UNAVAILABLE` when apply would need a secret it cannot read.
 */
export async function planStack(stack: StackManifest, opts: EngineOptions): Promise<Plan> {
  const c = commandContext(stack, opts, { parsedState: true });
  const { run } = c;
  const snapshot = await c.backend.read();
  const req = c.request(snapshot);
  const plan = await withUnmanagedAccess(
    run,
    stack,
    req.state,
    await withPlanWarnings(run, (await planAgainstLive(run, req)).plan),
    c.sensor,
  );
  assertSecretsReadable(plan, stack, run.handlers, run.secrets);
  refuseBrokenExpectations(stack, req.state, plan);
  await refuseCertainFailures(run, plan, stack);
  return plan;
}

/** Plans the deletion of every object in the stack's state (the account itself is only forgotten). */
export async function planDestroy(stack: StackManifest, opts: EngineOptions): Promise<Plan> {
  const c = commandContext(stack, opts);
  const { run } = c;
  const snapshot = await c.backend.read();
  const req = c.request(snapshot, true);
  return withUnmanagedAccess(
    run,
    stack,
    req.state,
    await withPlanWarnings(run, (await planAgainstLive(run, req)).plan),
    c.sensor,
  );
}
