/**
 * Roles: default members (the role is active without asking) and other members as the `User`
 * variables, the account owner as `Role.ACCOUNT_OWNER`, policies as the `Policy` variables.
 */
import type { KindGenerator } from '../../provider/generators/types.js';
import { listNormalised, strings } from '../../provider/generators/private/support.js';

interface Member {
  readonly type: string;
  readonly login: string;
  readonly default?: boolean;
}

/** Generates `role`. */
export const roleGenerator: KindGenerator = {
  names: ['role'],
  kinds: ['role'],
  readOrder: 40,
  order: 40,
  async read(r) {
    if (!r.wants('role')) return [];
    return r.attempt('roles', [], async () =>
      (await listNormalised(r, 'role')).map((p) => ({
        kind: 'role',
        props: { name: p['name'], members: p['members'] ?? [], policies: p['policies'] ?? [] },
      })),
    );
  },
  render(items, w) {
    w.section('Roles: default members have the role active without asking for it');
    const member = (m: Member): string => {
      if (m.type === 'account') {
        w.use('Role');
        return m.login === w.account ? 'Role.ACCOUNT_OWNER' : `Role.account(${w.literal(m.login)})`;
      }
      return w.ref('user', m.login.toLowerCase()) ?? w.literal(m.login);
    };
    for (const r of items) {
      const name = String(r.props['name']);
      const members = (Array.isArray(r.props['members']) ? r.props['members'] : []) as Member[];
      const defaults = members.filter((m) => m.default === true).map(member);
      const others = members.filter((m) => m.default !== true).map(member);
      const policies = strings(r.props['policies']).map((p) => w.ref('policy', p) ?? w.literal(p));
      w.construct(
        'Role',
        name,
        (id) => [
          ...(id === name ? [] : [`name: ${w.literal(name)}`]),
          ...(defaults.length > 0 ? [`defaultMembers: [${defaults.join(', ')}]`] : []),
          ...(others.length > 0 ? [`members: [${others.join(', ')}]`] : []),
          ...(policies.length > 0 ? [`policies: [${policies.join(', ')}]`] : []),
        ],
        { kind: 'role', key: name, from: name, suffix: 'Role', taggedPath: `/${w.account}/roles/${name}` },
      );
    }
  },
  taggedPath: (item, account) => `/${account}/roles/${String(item.props['name'])}`,
};
