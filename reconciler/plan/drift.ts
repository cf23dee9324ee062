/**
 * Drift confirmation. A plan made against live state right after someone else's write may see a stale
 * read; so drift is reported only when a second plan, made from a second read once the consistency
 * window has passed, shows the same difference. Pure: the caller makes both plans.
 */
import { canonicalJson } from '../private/canonical-json.js';
import type { ResourceChange } from './types.js';

/**
 * The changes that count as drift in one plan: anything but no-op and read, and but the replacement
 * of a tainted object (an apply's unfinished create, not a change made outside triton-iac).
 */
export function driftCandidates(changes: readonly ResourceChange[]): ResourceChange[] {
  return changes.filter((c) => c.action !== 'no-op' && c.action !== 'read' && c.tainted !== true);
}

/**
 * The drift both reads agree on: changes of the second plan whose address drifted in the first plan
 * with the same action and the same patch. A difference seen only once was a stale read (or was
 * fixed in between) and is not reported.
 */
export function confirmDrift(first: readonly ResourceChange[], second: readonly ResourceChange[]): ResourceChange[] {
  const earlier = new Map(driftCandidates(first).map((c) => [c.address, c]));
  return driftCandidates(second).filter((c) => {
    const e = earlier.get(c.address);
    return e !== undefined && e.action === c.action && canonicalJson(e.patch) === canonicalJson(c.patch);
  });
}
