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
