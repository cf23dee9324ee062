/**
 * Which role tags govern a request: the one rule shared by the emulator's enforcement and the
 * access analysis.
 */

/**
 * The parent whose tags also count for `path`: a CloudAPI item's collection (`/acme/users` for
 * `/acme/users/bob`), a Manta entry's directory; `undefined` for the account path and for what sits
 * right under it (a collection, a top directory such as `/acme/stor`), which have no governing parent.
 */
export function governingParentOf(path: string): string | undefined {
  const parent = path.slice(0, path.lastIndexOf('/'));
  return parent.split('/').length >= 3 ? parent : undefined;
}

/**
 * The CloudAPI resource a request path is authorised against and tagged on (sdc-cloudapi
 * lib/resources.js `resourceName`): the path itself up to an item (`/acme/fwrules/<id>`), and a
 * sub-user's keys path whole (`/acme/users/bob/keys[/<key>]`); anything deeper is its item
 * (`/acme/fwrules/<id>/enable`, `/acme/machines/<id>/tags`, `/acme/users/bob/change_password` are
 * the rule, the machine, the user). A path of four segments under another collection keeps three
 * (`/acme/machines/<id>/fwrules` is the machine); five or more keep four, but a machine's keep three.
 */
export function cloudApiResourceName(path: string): string {
  const p = path.split('/').slice(1);
  if (p.length <= 3 || (p[1] === 'users' && p[3] === 'keys')) return path;
  const keep = p.length === 4 || p[1] === 'machines' ? 3 : 4;
  return `/${p.slice(0, keep).join('/')}`;
}

/**
 * CloudAPI: the path's own tags plus, for an item, its collection's (`PUT /acme/users` with
 * `role-tag: ops` makes every user readable under the ops role). The account path `/acme` and a
 * collection govern only themselves.
 * @param tagsOf the role names tagged on a path (empty when none)
 */
export function cloudApiGoverningTags(tagsOf: (path: string) => readonly string[], path: string): string[] {
  const own = tagsOf(path);
  const parent = governingParentOf(path);
  const inherited = parent !== undefined ? tagsOf(parent) : [];
  return inherited.length === 0 ? [...own] : [...new Set([...own, ...inherited])];
}

/**
 * Manta: an existing entry is governed by its own tags; a write that creates an entry by its parent
 * directory's (muskie authorizes a new object against the directory it goes into).
 * @param tagsOf the role names on an existing entry, `undefined` when the entry does not exist
 */
export function mantaGoverningTags(
  tagsOf: (path: string) => readonly string[] | undefined,
  path: string,
  write: boolean,
): readonly string[] {
  const own = tagsOf(path);
  if (own !== undefined || !write) return own ?? [];
  return tagsOf(path.slice(0, path.lastIndexOf('/')) || '/') ?? [];
}
