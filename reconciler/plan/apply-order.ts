/**
 * The one dependency graph a plan is applied in: creates, updates, adopts, reads and deletes
 * together, so that a failure anywhere skips exactly what depends on it.
 *
 * - A create, update, adopt, read or replace waits for what it depends on now (the manifest's edges).
 * - A delete waits for every former dependent (the state's recorded edges, and a deleted resource's
 *   own): a dependent that is deleted too must be gone first, and one that stays must have been
 *   updated to stop referring to it. When that update fails, the delete is skipped: a user is never
 *   deleted while a role the apply could not change still lists it.
 * - A create-then-delete replacement is two steps: the new object is created (and dependents are
 *   pointed at it), and the old object is deleted only after every dependent moved to the new one.
 *
 * Why one graph: with creates and updates walked first and deletes after, as two graphs, a failed
 * update could not stop the delete that relied on it.
 */
import { Graph } from '../graph.js';
import type { StateDocument } from '../state/document.js';
import type { Plan, ResourceChange } from './types.js';

/** What one node of the apply graph does. */
export interface ApplyStep {
  /** The change this step carries out (the plan's, by address). */
  readonly change: ResourceChange;
  /**
   * `action`: the planned action (for a create-then-delete replacement, its create half);
   * `delete-old`: the deletion of the object a create-then-delete replacement replaced.
   */
  readonly part: 'action' | 'delete-old';
}

/** The apply graph of {@link applyGraph}: node ids and what each does. */
export interface ApplyGraph {
  /** Walk forwards: a node runs once everything it depends on succeeded. */
  readonly graph: Graph;
  readonly steps: ReadonlyMap<string, ApplyStep>;
}

/** The node id of the old-object deletion of a create-then-delete replacement of `address`. */
export function deleteOldNodeOf(address: string): string {
  return `${address} (old object)`;
}

/** True when `change` is carried out as a create step and a later delete-old step. */
export function isSplitReplace(change: ResourceChange): boolean {
  return change.action === 'replace' && change.replaceStrategy === 'create-then-delete';
}

/**
 * Builds the apply graph of `plan`.
 * @param state the state the plan was made against: its recorded dependencies order the deletes.
 *   Edges to addresses outside the plan are dropped: what is not planned cannot be waited for.
 */
export function applyGraph(plan: Plan, state: StateDocument | null): ApplyGraph {
  const graph = new Graph();
  const steps = new Map<string, ApplyStep>();
  const byAddress = new Map(plan.changes.map((c) => [c.address, c]));
  const formerDeps = new Map((state?.resources ?? []).map((r) => [r.address, r.dependsOn]));

  for (const c of plan.changes) {
    graph.addNode(c.address);
    steps.set(c.address, { change: c, part: 'action' });
    if (isSplitReplace(c)) {
      graph.addNode(deleteOldNodeOf(c.address)).addDependency(deleteOldNodeOf(c.address), c.address);
      steps.set(deleteOldNodeOf(c.address), { change: c, part: 'delete-old' });
    }
  }
  // The step after which a change no longer refers to anything it referred to before.
  const lastStepOf = (c: ResourceChange): string => (isSplitReplace(c) ? deleteOldNodeOf(c.address) : c.address);
  // What each change referred to before this apply, and what it refers to after.
  // A forgotten resource leaves the state as a deleted one does (its object stays, unmanaged).
  const leaves = (c: ResourceChange): boolean => c.action === 'delete' || c.action === 'forget';
  const before = (c: ResourceChange): readonly string[] =>
    leaves(c) ? c.dependsOn : (formerDeps.get(c.address) ?? []);
  const after = (c: ResourceChange): readonly string[] => (leaves(c) ? [] : c.dependsOn);

  for (const c of plan.changes) {
    for (const dep of after(c)) {
      const target = byAddress.get(dep);
      if (target && !leaves(target) && dep !== c.address) graph.addDependency(c.address, dep);
    }
  }
  for (const c of plan.changes) {
    for (const dep of new Set([...before(c), ...after(c)])) {
      const target = byAddress.get(dep);
      if (!target || dep === c.address) continue;
      // `dep` loses its object here: wait until `c` stopped referring to it.
      if (target.action === 'delete') graph.addDependency(dep, lastStepOf(c));
      else if (isSplitReplace(target)) graph.addDependency(deleteOldNodeOf(dep), lastStepOf(c));
    }
  }
  return { graph, steps };
}
