/**
 * Plan = apply for a create that finds its object already there: the object turned up after the
 * plan read (made outside this apply, or not yet visible then). Recording it is what the plan
 * promised only when it is already as declared (a crashed run's leftover); one that differs belongs
 * to someone else's intent, and the plan never said it would be changed.
 */
import type { PlainObject, ResourceHandler } from '../../contract/handler.js';
import { ReconcilerError } from '../../errors.js';
import { changedFields, differenceOf } from '../../core/difference.js';
import { liveForm } from '../../plan/comparable.js';
import type { ResourceChange } from '../../plan/types.js';
import type { EngineClients } from '../api-types.js';

/**
 * Throws unless `live` matches `desired` (write-only fields aside: they cannot be read).
 * @param desired the normalised desired value without write-only fields
 * @throws ReconcilerError `ADOPT_CONFLICT` naming the object and the fields that differ
 */
export function refuseUnplannedTakeover(
  change: ResourceChange,
  handler: ResourceHandler<unknown, EngineClients>,
  live: unknown,
  desired: PlainObject,
): void {
  // Recorded fields (the server keeps none) are taken as declared: nothing says they differ.
  const patch = differenceOf(handler.schema, liveForm({ handler, live: { raw: live } }, desired)!, desired);
  const fields = changedFields(patch);
  if (fields.length === 0) return;
  throw new ReconcilerError(
    'ADOPT_CONFLICT',
    `${change.address}: the plan said the ${change.kind} ${change.naturalKey} would be created, but it now exists, made outside this apply, and differs from the declaration in ${fields.join(', ')}; it was not changed. ` +
      'Run plan again to see it, then import it (`triton-iac import ADDRESS ID`) or apply --adopt to manage it as declared',
  );
}
