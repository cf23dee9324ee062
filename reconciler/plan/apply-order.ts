/**
 * The dependency graphs a plan is applied in, as the executor walks them: first every create,
 * update, replace, adopt and read, parents first; then every delete, children first.
 *
 * Why two phases: a delete's dependents in state may be resources that stay and are updated to stop
 * referring to it (a role dropping a member before the user is deleted). Running all deletes after all
 * other actions orders those pairs without needing the old dependency edges of surviving resources.
 */
import { Graph } from '../graph.js';
import type { Plan, ResourceChange } from './types.js';

/** The two graphs of {@link applyGraphs}. */
export interface ApplyGraphs {
  /** Non-delete changes; walk forwards. No-ops are included so that ordering through them holds. */
  readonly forward: Graph;
  /** Delete changes; walk with `reverse: true` so that dependents are deleted before what they need. */
  readonly deletes: Graph;
}

/**
 * Builds the apply graphs of `plan`. Dependencies on addresses outside a phase are dropped: across
 * phases the order is already fixed (forward first), and a dependency on a resource that is not in the
 * plan at all cannot be waited for.
 */
export function applyGraphs(plan: Plan): ApplyGraphs {
  const isDelete = (c: ResourceChange): boolean => c.action === 'delete';
  return { forward: graphOf(plan.changes.filter((c) => !isDelete(c))), deletes: graphOf(plan.changes.filter(isDelete)) };
}

function graphOf(changes: readonly ResourceChange[]): Graph {
  const graph = new Graph();
  const present = new Set(changes.map((c) => c.address));
  for (const c of changes) graph.addNode(c.address);
  for (const c of changes) for (const dep of c.dependsOn) if (present.has(dep)) graph.addDependency(c.address, dep);
  return graph;
}
