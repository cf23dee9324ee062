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
