/**
 * The one dependency graph a plan is applied in: creates, updates, adopts, reads and deletes
 * together, so that a failure anywhere skips exactly what depends on it.
 *
 * - A create, update, adopt, read or replace waits for what it depends on now (the manifest's edges).
 * - A delete waits for every former dependent (the state's recorded edges, and a deleted resource's
 *   own): a dependent that is deleted too must be gone first (or, where the deleted kind says that
 *   nothing of a dependent holds it, `deleteWaitsForDependents`, only its delete accepted: a role
 *   tagged on a machine whose destroy job runs), and one that stays must have been
 *   updated to stop referring to it. When that update fails, the delete is skipped: a user is never
 *   deleted while a role the apply could not change still lists it.
 * - A create-then-delete replacement is two steps: the new object is created (and dependents are
 *   pointed at it), and the old object is deleted only after every dependent moved to the new one.
 * - A delete-then-create replacement deletes its old object only once every dependent that is
 *   deleted, or replaced the same way, has deleted its own old one (a volume is refused while an
 *   instance mounts it, even one about to be replaced). A dependent replaced that way is then two
 *   steps too, the other way round: its old object is deleted first (`delete-first`), and its new
 *   one made after what it depends on was made again.
 *
 * Why one graph: with creates and updates walked first and deletes after, as two graphs, a failed
 * update could not stop the delete that relied on it.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import { Graph, type EdgeNeeds } from '../graph.js';
import type { StateDocument } from '../state/document.js';
import type { Plan, ResourceChange } from './types.js';

/** What one node of the apply graph does. */
export interface ApplyStep {
  /** The change this step carries out (the plan's, by address). */
  readonly change: ResourceChange;
  /**
   * `action`: the planned action (for a create-then-delete replacement, its create half; for a
   * delete-then-create replacement split in two, its create half);
   * `delete-old`: the deletion of the object a create-then-delete replacement replaced;
   * `delete-first`: the deletion of the old object of a delete-then-create replacement, split off
   * so that it can go before what it depends on is replaced.
   */
  readonly part: 'action' | 'delete-old' | 'delete-first';
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

/** The node id of the old-object deletion that a split delete-then-create replacement of `address` starts with. */
export function deleteFirstNodeOf(address: string): string {
  return `${address} (old object, first)`;
}

/** True when `change` is a replacement that deletes its old object before creating the new one. */
function deletesFirst(change: ResourceChange | undefined): boolean {
  return change?.action === 'replace' && change.replaceStrategy === 'delete-then-create';
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
  // What each change referred to before this apply, and what it refers to after.
  // A forgotten resource leaves the state as a deleted one does (its object stays, unmanaged).
  const leaves = (c: ResourceChange): boolean => c.action === 'delete' || c.action === 'forget';
  const before = (c: ResourceChange): readonly string[] =>
    leaves(c) ? c.dependsOn : (formerDeps.get(c.address) ?? []);
  // Delete-then-create replacements that referred to another one: their old object must be gone
  // before that one's is deleted, and their new one made after that one's is made.
  const splitFirst = new Set(
    plan.changes
      .filter((c) => deletesFirst(c) && before(c).some((dep) => dep !== c.address && deletesFirst(byAddress.get(dep))))
      .map((c) => c.address),
  );
  for (const c of plan.changes) {
    graph.addNode(c.address);
    steps.set(c.address, { change: c, part: 'action' });
    if (isSplitReplace(c)) {
      graph.addNode(deleteOldNodeOf(c.address)).addDependency(deleteOldNodeOf(c.address), c.address);
      steps.set(deleteOldNodeOf(c.address), { change: c, part: 'delete-old' });
    }
    if (splitFirst.has(c.address)) {
      graph.addNode(deleteFirstNodeOf(c.address)).addDependency(c.address, deleteFirstNodeOf(c.address));
      steps.set(deleteFirstNodeOf(c.address), { change: c, part: 'delete-first' });
    }
  }
  // The step that deletes a change's old object, for a delete or a delete-then-create replacement.
  const oldGoneAt = (c: ResourceChange): string =>
    splitFirst.has(c.address) ? deleteFirstNodeOf(c.address) : c.address;
  // The step after which a change no longer refers to anything it referred to before.
  const lastStepOf = (c: ResourceChange): string => (isSplitReplace(c) ? deleteOldNodeOf(c.address) : c.address);
  // What each change refers to after this apply.
  const after = (c: ResourceChange): readonly string[] => (leaves(c) ? [] : c.dependsOn);

  for (const c of plan.changes) {
    for (const dep of after(c)) {
      const target = byAddress.get(dep);
      if (target && !leaves(target) && dep !== c.address) graph.addDependency(c.address, dep);
    }
  }
  // What `target`'s deletion needs of `c` letting go of it: when `c`'s step is a deletion, its
  // object gone, or only its delete accepted where the kind says nothing of a dependent holds it.
  const needsOf = (target: ResourceChange, c: ResourceChange): EdgeNeeds =>
    (c.action === 'delete' || isSplitReplace(c)) && kindDescriptor(target.kind)?.deleteWaitsForDependents === 'accepted'
      ? 'accepted'
      : 'done';
  for (const c of plan.changes) {
    for (const dep of new Set([...before(c), ...after(c)])) {
      const target = byAddress.get(dep);
      if (!target || dep === c.address) continue;
      // `dep` loses its object here: wait until `c` stopped referring to it.
      if (target.action === 'delete') graph.addDependency(dep, lastStepOf(c), needsOf(target, c));
      else if (isSplitReplace(target)) graph.addDependency(deleteOldNodeOf(dep), lastStepOf(c), needsOf(target, c));
      // A delete-then-create replacement's old object goes once a dependent deleted, or replaced
      // the same way, has let go of it (a dependent that stays is pointed at the new one after).
      else if (deletesFirst(target) && before(c).includes(dep) && (c.action === 'delete' || splitFirst.has(c.address)))
        graph.addDependency(oldGoneAt(target), oldGoneAt(c));
    }
  }
  swapsAfterDeletes(graph, plan.changes);
  return { graph, steps };
}

/**
 * A path whose entry changes kind in a namespace kinds share (a file of a mirrored folder that
 * became a folder, or the reverse): the new entry is made only once the old one is gone, since the
 * store holds one entry per path (a directory's delete itself waits for what it held).
 */
function swapsAfterDeletes(graph: Graph, changes: readonly ResourceChange[]): void {
  const keyOf = (c: ResourceChange): string | undefined => {
    const namespace = kindDescriptor(c.kind)?.namespace;
    return namespace === undefined ? undefined : `${namespace}\u0000${c.naturalKey}`;
  };
  const deleted = new Map<string, ResourceChange>();
  for (const c of changes) {
    const key = keyOf(c);
    if (c.action === 'delete' && key !== undefined) deleted.set(key, c);
  }
  if (deleted.size === 0) return;
  for (const c of changes) {
    if (c.action !== 'create' && c.action !== 'replace' && c.action !== 'adopt') continue;
    const key = keyOf(c);
    const old = key === undefined ? undefined : deleted.get(key);
    if (old !== undefined && old.kind !== c.kind) graph.addDependency(c.address, old.address);
  }
}
