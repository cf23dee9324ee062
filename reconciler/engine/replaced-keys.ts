/**
 * Replacements under a new natural key (an object path edited in the code): each says which recorded
 * object it replaces, and one whose new key an object outside the state already holds is a conflict.
 */
import type { ResourceManifest } from '../../common/manifest.js';
import { changedFields, differenceOf } from '../core/difference.js';
import { recordedKeysOf, type UnmanagedLive } from '../plan/match-live.js';
import type { ResourceChange } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';
import type { RunContext } from './private/run-context.js';

/**
 * A replacement of an object the state recorded under another natural key says so
 * (`previousNaturalKey`): the apply deletes that object, not one under the new key.
 */
export function withRecordedKeys(
  changes: ResourceChange[],
  resources: readonly ResourceManifest[],
  state: StateDocument | null,
): ResourceChange[] {
  const recordedKeys = recordedKeysOf(resources, state);
  if (recordedKeys.size === 0) return changes;
  return changes.map((c) => {
    const key = recordedKeys.get(c.address);
    if (c.action !== 'replace' || key === undefined) return c;
    const why = `it replaces the ${c.kind} at ${key}`;
    return { ...c, previousNaturalKey: key, reason: c.reason === undefined ? why : `${c.reason}; ${why}` };
  });
}

/**
 * A replacement under a new natural key that an object outside the stack's state already holds would
 * overwrite that object (a Manta PUT replaces what is there): like an adoption, it needs the user's
 * consent (`--adopt`, or `import`) when that object differs from the declaration, and carries a
 * `conflict` naming the fields until then.
 */
export function withTakenKeys(
  changes: ResourceChange[],
  unmanaged: readonly UnmanagedLive[],
  handlers: RunContext['handlers'],
): ResourceChange[] {
  if (unmanaged.length === 0) return changes;
  const taken = new Map(unmanaged.map((u) => [`${u.kind}\u0000${u.naturalKey}`, u.live]));
  return changes.map((c) => {
    const found = taken.get(`${c.kind}\u0000${c.naturalKey}`);
    const handler = handlers.get(c.kind);
    if (c.previousNaturalKey === undefined || c.after === null || found === undefined || handler === undefined)
      return c;
    // Write-only fields cannot be read, so they are not compared.
    const ignored = { computed: [...handler.schema.computed, ...handler.schema.writeOnly] };
    const fields = changedFields(differenceOf(ignored, handler.normalizeLive(found, c.after), c.after));
    if (fields.length === 0) return c;
    const why = `${c.naturalKey} already holds a ${c.kind} outside this stack's state, which differs in ${fields.join(', ')}: import it or apply --adopt to overwrite it`;
    return { ...c, conflict: { fields }, reason: c.reason === undefined ? why : `${c.reason}; ${why}` };
  });
}
