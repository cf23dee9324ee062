/**
 * The CloudAPI resource paths that take role tags, shared by the `RoleTag` construct, the manifest
 * validator and the emulator's SetRoleTags (sdc-cloudapi `lib/resources.js`; ../spec/server-behaviour.md,
 * "Role tags").
 */
import { hasUnsafeCharacters } from '../text/safe-text.js';

/**
 * The CloudAPI collections whose paths (`/<login>/<collection>` and items below them) accept role
 * tags through SetRoleTags.
 */
export const ROLE_TAG_COLLECTIONS: readonly string[] = [
  'machines',
  'users',
  'roles',
  'packages',
  'images',
  'policies',
  'keys',
  'datacenters',
  'fwrules',
  'networks',
  'services',
];

/**
 * The rule a role-tag path breaks, or undefined: absolute, no empty segments, under the account
 * (`/my` already replaced by it), a collection from {@link ROLE_TAG_COLLECTIONS}, at most one item
 * below it (or a user's keys), and no control characters (the path travels in the request line).
 * Returns the rule alone: callers name the field and show the value as given.
 */
export function roleTagPathRule(path: string, account: string): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'must be an absolute path such as /my/machines';
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '')) return 'must not contain empty segments ("//" or a trailing "/")';
  if (segments[0] !== account) return `must be under /${account} (or /my), the stack's account`;
  const collection = segments[1];
  if (collection !== undefined && !ROLE_TAG_COLLECTIONS.includes(collection))
    return `"${collection}" is not a collection that takes role tags (${ROLE_TAG_COLLECTIONS.join(', ')})`;
  const userKeys = collection === 'users' && segments[3] === 'keys';
  if (segments.length > 5 || (segments.length > 3 && !userKeys))
    return 'must be /<account>, /<account>/<collection>, /<account>/<collection>/<id> or /<account>/users/<login>/keys[/<key>]';
  if (hasUnsafeCharacters(path)) return 'must not contain control characters';
  return undefined;
}
