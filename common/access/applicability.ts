/**
 * Which actions a request on a path can carry: a rule granting `listmachines` through a role tagged
 * on `/acme/users` grants nothing a request could use, since no ListMachines request is made to
 * `/acme/users`. The permission table leaves such rows out so that it lists what can happen.
 *
 * The operations per collection are CloudAPI's authorisation table (`rules/cloudapi-authorisation.ts`,
 * which the list of known actions is derived from too): the collection path takes its list and
 * create operations, an item path the others; `setroletags` applies to every path. Manta paths
 * take Manta's actions only.
 */
import { KNOWN_ACTIONS, MANTA_ACTION_NAMES as MANTA_ACTIONS } from '../rules/actions.js';
import {
  ACCOUNT_ACTIONS as ACCOUNT_OPS,
  COLLECTION_ACTIONS as OPS,
  FABRIC_ACTIONS as FABRIC_OPS,
  USER_KEY_ACTIONS,
} from '../rules/cloudapi-authorisation.js';
import { serviceOf } from './model.js';

/** True for an action that names no known operation or is a pattern: it is shown as written. */
function unknownOrPattern(action: string): boolean {
  return !KNOWN_ACTIONS.has(action) || /[*?]/.test(action);
}

/**
 * Whether a request carrying `action` can be governed by the tags on `path` (with `items`: also
 * the collection's items, whose requests inherit the collection's tags).
 */
export function actionAppliesTo(action: string, path: string, items: boolean): boolean {
  const a = action.toLowerCase();
  if (unknownOrPattern(a) || a === 'setroletags') return true;
  const segments = path.split('/');
  if (serviceOf(path) === 'manta') return MANTA_ACTIONS.has(a);
  if (MANTA_ACTIONS.has(a)) return false;
  if (segments.length === 2) return ACCOUNT_OPS.includes(a);
  const collection = segments[2] ?? '';
  if (collection === 'fabrics') return (FABRIC_OPS[segments[segments.length - 1] ?? ''] ?? []).includes(a);
  const ops = OPS[collection];
  if (ops === undefined) return true;
  if (segments.length === 3) return ops.collection.includes(a) || (items && ops.item.includes(a));
  // A user's keys path: its own operations, and the keys below it inherit its tags.
  if (collection === 'users' && segments[4] === 'keys') return USER_KEY_ACTIONS.includes(a);
  return ops.item.includes(a);
}
