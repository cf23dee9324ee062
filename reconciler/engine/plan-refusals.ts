/**
 * The plan's certain failures: each kind whose handler has `planRefusals` is asked once per plan,
 * with its changes that write something, which of them apply would certainly fail at (a secret's
 * destination that cannot take it, a key found live whose secret nobody holds). A plan with any is
 * refused: what a read can predict is said at plan time, never promised and then refused by apply.
 */
import type { PlannedChange, PlanScope, ResourceHandler } from '../../common/contract/handler.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';
import type { Plan } from '../plan/types.js';
import type { RunContext } from './private/run-context.js';
import { changesByKindFor, plannedChangeOf } from './plan-warnings.js';

const WRITES = new Set<string>(['create', 'update', 'replace', 'adopt']);

/**
 * Refuses `plan` when a kind says apply would certainly fail at one of its changes.
 * @throws ReconcilerError `APPLY_WOULD_FAIL` naming every such change and why.
 */
export async function refuseCertainFailures(run: RunContext, plan: Plan, stack: StackManifest): Promise<void> {
  const declared = new Map(stack.resources.map((r) => [r.address, r.properties]));
  const byKind = changesByKindFor(run, plan, WRITES, 'planRefusals', (c) => {
    const properties = declared.get(c.address);
    return {
      ...plannedChangeOf(c),
      ...(properties !== undefined ? { declared: properties as PlannedChange['declared'] } : {}),
    };
  });
  const scope: PlanScope = {
    creates: plan.changes
      .filter((c) => c.action === 'create' || c.action === 'replace')
      .map((c) => ({ kind: c.kind, naturalKey: c.naturalKey })),
  };
  const refusals: string[] = [];
  for (const [kind, changes] of byKind) {
    const handler = run.handlers.get(kind) as ResourceHandler;
    try {
      for (const note of await handler.planRefusals!(run.ctx, changes, scope)) refusals.push(note.message);
    } catch (err) {
      if (run.signal?.aborted === true) throw err;
      // The check could not be made: apply makes it again before it writes.
      run.log.debug('a plan-time check could not be made', { kind, error: (err as Error).message });
    }
  }
  if (refusals.length === 0) return;
  throw new ReconcilerError(
    'APPLY_WOULD_FAIL',
    `apply would fail at ${refusals.length === 1 ? 'this change' : `these ${refusals.length} changes`}, so the plan is refused: ${refusals.join('; ')}`,
  );
}
