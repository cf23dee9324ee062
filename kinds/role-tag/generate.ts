/**
 * Role tags of CloudAPI paths: each collection's, and each object's a role tag can name (the paths
 * the other generators give for what they read: sub-users, roles, policies, keys). A tag on an
 * object the program declares names its variable and owns the whole list (exclusive); one on a
 * collection manages the roles listed and leaves any others alone. Machines' tags are the
 * `roleTags` of their `Instance`; without instances (`--kinds` leaving them out) they are role
 * tags of `/my/machines/<id>`.
 */
import { ROLE_TAG_COLLECTIONS } from '../../common/rules/index.js';
import type { KindGenerator } from '../../provider/generators/types.js';
import { managedHandler, mapLimit, roleList, strings } from '../../provider/generators/private/support.js';
import { refusal } from '../../provider/generators/refusal.js';

/** Generates `role-tag`. */
export const roleTagGenerator: KindGenerator = {
  names: ['role-tag'],
  kinds: ['role-tag'],
  readOrder: 90,
  order: 90,
  async read(r) {
    if (!r.wants('role-tag')) return [];
    const base = `/${r.account}`;
    const machines = r.wants('instance')
      ? []
      : await r.attempt('machines (for their role tags)', [] as string[], async () =>
          (await r.ctx.clients.cloudapi.listMachines(undefined, { signal: r.ctx.signal })).map((m) => m.id),
        );
    const paths = [
      ...ROLE_TAG_COLLECTIONS.map((c) => `${base}/${c}`),
      ...r.found.flatMap((i) => r.taggedPathOf(i) ?? []),
      ...machines.map((id) => `${base}/machines/${id}`),
    ];
    const handler = managedHandler(r.handlers, 'role-tag');
    const tags = await mapLimit(paths, 8, async (path) => {
      try {
        const live = await handler.read(r.ctx, { naturalKey: path });
        return { path, roles: live === undefined ? [] : strings(handler.normalizeLive(live)['roles']) };
      } catch (err) {
        // A collection this cloud does not serve, or one the sub-user may not read: say so once.
        if (!path.slice(base.length + 1).includes('/')) r.note(`role tags of ${path}: not read (${refusal(err)})`);
        return { path, roles: [] };
      }
    });
    return tags.filter((t) => t.roles.length > 0).map((t) => ({ kind: 'role-tag', props: t }));
  },
  render(items, w) {
    w.section(
      'Role tags. On a user, role, policy or key the tag owns the whole list (exclusive); on a',
      'collection it manages the roles listed and leaves any others alone.',
    );
    const prefix = `/${w.account}/`;
    for (const t of items) {
      const path = String(t.props['path']);
      const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path.replace(/^\/+/, '');
      const target = w.refByPath(path);
      w.construct('RoleTag', `tags-${rest}`, [
        `resource: ${target ?? w.literal(`/my/${rest}`)}`,
        `roles: ${roleList(w, strings(t.props['roles']))}`,
        ...(target !== undefined ? ['exclusive: true'] : []),
      ]);
    }
  },
};
