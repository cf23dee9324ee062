/**
 * The old object of a create-then-delete replacement under a new natural key (a Manta path edited in
 * the code): between the create of the new object and the delete of the old one, the state keeps the
 * old object at `~replaced/<address>`, written in the same state write as the new object, so that a
 * run cut off there (or an old directory that cannot be deleted yet) leaves it to the next plan to
 * delete, never forgotten in the cloud.
 */
import { isSplitReplace } from '../../plan/apply-order.js';
import { replacedAddressOf } from '../../plan/moves.js';
import type { ResourceChange } from '../../plan/types.js';
import type { StateResource } from '../../state/document.js';

/** Whether the apply keeps `change`'s old object in the state until it is deleted (see the module comment). */
export function keepsOldObjectInState(change: ResourceChange): boolean {
  return isSplitReplace(change) && change.previousNaturalKey !== undefined && change.retainPrevious !== true;
}

/**
 * The state entry of a replaced object, at {@link replacedAddressOf}: as the state recorded it, its
 * dependencies pointed at the old objects of dependencies replaced the same way (`kept`), so that the
 * next plan deletes a directory's old children before the old directory.
 * @param entry the state's entry of the replaced resource; `undefined` when it had none
 */
export function oldObjectEntry(entry: StateResource | undefined, kept: ReadonlySet<string>): StateResource | undefined {
  if (entry === undefined) return undefined;
  return {
    ...entry,
    address: replacedAddressOf(entry.address),
    dependsOn: entry.dependsOn.map((d) => (kept.has(d) ? replacedAddressOf(d) : d)).sort(),
    updatedAt: new Date().toISOString(),
  };
}

/**
 * The entries written beside a create-then-delete replacement's new object while it is unfinished
 * (tainted): the old object's, at {@link replacedAddressOf}, when it is another object (another id),
 * so that the state never loses it while the new object takes its address; none otherwise.
 * @param newId the new object's server id
 */
export function replacedAlongside(
  change: ResourceChange,
  entry: StateResource | undefined,
  newId: string | undefined,
  kept: ReadonlySet<string>,
): readonly StateResource[] {
  if (change.action !== 'replace' || change.replaceStrategy !== 'create-then-delete' || entry === undefined) return [];
  if (change.retainPrevious === true || entry.serverId === null || entry.serverId === newId) return [];
  const old = oldObjectEntry(entry, kept);
  return old === undefined ? [] : [old];
}
