/**
 * Why an object the state records is no longer live, when the reason is the stack's own: it belonged
 * to an object an apply replaced since (a snapshot of an instance goes with the instance), so it was
 * deleted by triton-iac, not outside it, and is made again for the new object.
 */
import { isRef, type ResourceManifest } from '../../common/manifest.js';
import type { PlainObject } from '../../common/contract/handler.js';
import type { StateResource } from '../state/document.js';

/**
 * The reason to plan the re-create of `resource`, not found live, with: set when a field that refers
 * to another object's attribute recorded a value that object no longer has (the object was
 * replaced), `undefined` otherwise (then it was deleted outside triton-iac, as far as the plan knows).
 * @param resolved the declared fields with references resolved (an unknown one holds no string)
 */
export function wentWithReplaced(
  resource: ResourceManifest,
  stateEntry: StateResource | undefined,
  resolved: PlainObject,
): string | undefined {
  if (stateEntry === undefined) return undefined;
  for (const [field, value] of Object.entries(resource.properties)) {
    if (!isRef(value)) continue;
    const was = stateEntry.properties[field];
    const now = resolved[field];
    if (typeof was !== 'string' || typeof now !== 'string' || was === now) continue;
    return `in state but not found live: it went with the object ${value.$ref.address} was (${field} ${was}), which an apply replaced; made again for the new one (${now})`;
  }
  return undefined;
}
