/**
 * The plan's warnings: each kind whose handler has `planWarnings` is asked once per plan, with its
 * changes that write something, what they do together (an apply that would pass a provisioning
 * limit). Warnings never stop a plan: a kind whose check fails says so as a warning instead.
 */
import type { PlannedChange, ResourceHandler } from '../../common/contract/handler.js';
import type { Plan, PlanWarning, ResourceChange } from '../plan/types.js';
import { LOOKUP_FOUND_NOTHING_REASON } from '../plan/planner.js';
import type { ResourceKind } from '../../common/manifest.js';
import { apiErrorFacts } from '../consistency.js';
import type { RunContext } from './private/run-context.js';

const WRITES = new Set<string>(['create', 'update', 'replace', 'delete', 'adopt']);

/** `plan` with the warnings its kinds make about it (unchanged when there are none). */
export async function withPlanWarnings(run: RunContext, plan: Plan): Promise<Plan> {
  const byKind = changesByKindFor(run, plan, WRITES, 'planWarnings', plannedChangeOf);
  const warnings: PlanWarning[] = [];
  for (const [kind, changes] of byKind) {
    const handler = run.handlers.get(kind) as ResourceHandler;
    try {
      for (const note of await handler.planWarnings!(run.ctx, changes)) warnings.push({ kind, ...note });
    } catch (err) {
      if (run.signal?.aborted === true) throw err;
      const why = apiErrorFacts(err).message ?? String(err);
      warnings.push({
        kind,
        message: `the ${kind} changes could not be checked against the account (${why}); apply may still be refused`,
        addresses: changes.map((c) => c.address),
      });
    }
  }
  for (const c of plan.changes)
    if (c.action === 'read' && c.reason === LOOKUP_FOUND_NOTHING_REASON)
      warnings.push({
        kind: c.kind,
        message: `the ${c.kind} ${c.naturalKey} matches nothing in the account now; apply looks again and fails unless something made first matches it`,
        addresses: [c.address],
      });
  return warnings.length === 0 ? plan : { ...plan, warnings };
}

/** A plan's change as a kind's plan hooks (`planWarnings`, `planRefusals`) see it. */
export function plannedChangeOf(c: ResourceChange): PlannedChange {
  return { address: c.address, action: c.action as PlannedChange['action'], before: c.before, after: c.after };
}

/**
 * The changes of `plan` whose action is in `writes`, grouped by kind, for the kinds whose managed
 * handler has `hook`: what each plan hook (`planWarnings`, `planRefusals`) is asked about, once per
 * kind, in the plan's order.
 */
export function changesByKindFor(
  run: RunContext,
  plan: Plan,
  writes: ReadonlySet<string>,
  hook: 'planWarnings' | 'planRefusals',
  toPlanned: (c: ResourceChange) => PlannedChange,
): Map<ResourceKind, PlannedChange[]> {
  const byKind = new Map<ResourceKind, PlannedChange[]>();
  for (const c of plan.changes) {
    const handler = run.handlers.get(c.kind);
    if (!writes.has(c.action) || handler?.mode !== 'managed' || handler[hook] === undefined) continue;
    const ofKind = byKind.get(c.kind) ?? [];
    if (ofKind.length === 0) byKind.set(c.kind, ofKind);
    ofKind.push(toPlanned(c));
  }
  return byKind;
}
