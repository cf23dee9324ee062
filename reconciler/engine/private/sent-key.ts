/** The natural key a create that may have taken effect is looked up by (see {@link sentKeyOf}). */
import { kindDescriptor, naturalKeyFrom } from '../../../common/kinds/index.js';
import type { ResourceManifest } from '../../../common/manifest.js';
import type { PlainObject } from '../../../common/contract/handler.js';
import { holdsRef } from '../../plan/planner.js';

/**
 * The natural key of what a create sends, when the declaration refers to other objects: the plan's
 * key then may hold a placeholder for an id only this apply learned, and a look-up by it would never
 * find the object an earlier attempt made.
 *
 * Worked out from the resolved declaration overlaid by its normalised form: the normalised form has
 * the referred ids where the handler puts them (a rule's text), but may leave out a key field the
 * handler does not send (a snapshot's `instanceName`), which the resolved declaration holds. A key
 * with a field missing is never used: it would be looked up as the text `undefined`.
 */
export function sentKeyOf(
  change: { readonly kind: string; readonly naturalKey: string },
  account: string,
  resource: ResourceManifest,
  desired: { readonly send: PlainObject; readonly normalized: PlainObject },
): { sentKey?: string } {
  if (!holdsRef(resource.properties)) return {};
  try {
    const fields: PlainObject = { ...desired.send, ...desired.normalized };
    const rule = kindDescriptor(change.kind)?.naturalKey;
    const keyFields = rule?.from === 'fields' ? rule.fields.map((f) => f.field) : [];
    if (keyFields.some((f) => fields[f] === undefined || fields[f] === null)) return {};
    const key = naturalKeyFrom(change.kind, fields, account);
    return key !== change.naturalKey ? { sentKey: key } : {};
  } catch {
    return {};
  }
}
