/**
 * Sub-users and their keys: one `User` each, its keys in its `keys` prop (public keys in `keys/`),
 * its password a `Secret.fromEnv` placeholder (a password cannot be read back) or, for a program
 * made from an rbac.json, none (a user created gets a random one, as with `triton rbac apply`).
 */
import { PROFILE_FIELDS } from '../../common/kinds/index.js';
import type { FoundItem, KindGenerator } from '../../provider/generators/types.js';
import {
  keyLabel,
  keyName,
  keyProps,
  listNormalised,
  managedHandler,
} from '../../provider/generators/private/support.js';

/** Generates `user` and `user-key`. */
export const userGenerator: KindGenerator = {
  names: ['user'],
  kinds: ['user', 'user-key'],
  readOrder: 20,
  order: 20,
  async read(r) {
    if (!r.wants('user')) return [];
    return r.attempt('sub-users', [] as FoundItem[], async () => {
      const users = await listNormalised(r, 'user');
      const keys = await Promise.all(
        users.map((u) =>
          r.attempt(`keys of sub-user ${String(u['login'])}`, [] as FoundItem[], async () => {
            const live = (await managedHandler(r.handlers, 'user-key').list!(r.ctx, {
              parent: String(u['login']),
            })) as { key: string; fingerprint: string; name?: string }[];
            return live.map((k) => ({ kind: 'user-key', props: keyProps(k, { user: String(u['login']) }) }));
          }),
        ),
      );
      return [
        ...users.map((u) => {
          const props: Record<string, string> = { login: String(u['login']), email: String(u['email']) };
          for (const f of PROFILE_FIELDS) if (typeof u[f] === 'string' && u[f] !== '') props[f] = u[f];
          return { kind: 'user', props };
        }),
        ...keys.flat(),
      ];
    });
  },
  render(items, w) {
    const fromEnv = w.passwords === 'env';
    w.section(
      ...(fromEnv
        ? [
            'Sub-users. Passwords cannot be read back: each comes from the environment variable named,',
            'and is set only when that variable is exported (and differs from what the state recorded).',
          ]
        : [
            'Sub-users. As with `triton rbac apply`, a user created from here gets a random password',
            "(give one with password: Secret.fromEnv('NAME') to set it).",
          ]),
    );
    const keys = items.filter((i) => i.kind === 'user-key');
    for (const u of items.filter((i) => i.kind === 'user')) {
      const login = String(u.props['login']);
      const props = [
        `login: ${w.literal(login)}`,
        `email: ${w.literal(String(u.props['email'] ?? ''))}`,
        ...PROFILE_FIELDS.filter((f) => typeof u.props[f] === 'string').map(
          (f) => `${f}: ${w.literal(String(u.props[f]))}`,
        ),
        ...(fromEnv ? [`password: ${w.passwordOf(login)}`] : []),
      ];
      const own = keys.filter((k) => String(k.props['user']).toLowerCase() === login.toLowerCase());
      if (own.length > 0) {
        const specs = own.map((k) => {
          const label = keyLabel(k.props);
          const name = keyName(k.props);
          const file = w.file('keys', `${w.fileName(`${login}-${label}`)}.pub`, `${String(k.props['key'])}\n`);
          return `{ keyFile: ${file}${name !== undefined ? `, name: ${w.literal(name)}` : ''} }`;
        });
        props.push(`keys: [${specs.join(', ')}]`);
      }
      w.construct('User', login, props, {
        kind: 'user',
        key: login.toLowerCase(),
        from: login,
        taggedPath: `/${w.account}/users/${login}`,
      });
    }
  },
  taggedPath: (item, account) =>
    item.kind === 'user' ? `/${account}/users/${String(item.props['login'])}` : undefined,
};
