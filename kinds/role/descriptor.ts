/** `role` (CreateRole / UpdateRole / DeleteRole): members and policies are complete lists. */
import { str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `role`. */
export const role = {
  kind: 'role',
  mode: 'managed',
  scope: 'account',
  description: 'A role: members and the policies they get.',
  properties: [
    str('name', true, 'Role name.', { valueRule: 'role-name' }),
    {
      name: 'members',
      type: 'list',
      element: {
        type: 'object',
        typeName: {
          name: 'RoleMember',
          description: 'One role member in the 9.x object form, by login (never by id, so no read is needed first).',
        },
        label: {
          by: 'login',
          flags: [
            { field: 'type', equals: 'account', note: 'account owner' },
            { field: 'default', equals: true, note: 'default' },
          ],
        },
        fields: [
          str('type', true, '`subuser` for a sub-user, `account` for the account owner.', {
            oneOf: ['subuser', 'account'],
          }),
          str('login', true, "The member's login.", {
            refersTo: {
              kind: 'user',
              field: 'login',
              caseInsensitive: true,
              when: { field: 'type', equals: 'subuser' },
            },
            valueRule: 'login',
          }),
          {
            name: 'default',
            type: 'bool',
            required: true,
            description: 'Whether the role is active for this member by default.',
          },
        ],
      },
      required: true,
      description: 'Every member of the role, sorted by type then login.',
      default: [],
      sortBy: ['type', 'login'],
    },
    strList('policies', true, 'Names of the policies of the role, sorted.', {
      default: [],
      set: true,
      refersTo: { kind: 'policy', field: 'name' },
      element: { type: 'string', valueRule: 'policy-name' },
    }),
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id'],
  // What refers to a role names it in role tags, which hold nothing: DeleteRole (sdc-cloudapi
  // lib/roles.js `del`) deletes the group whatever still names it, so a role tagged on a machine
  // being destroyed goes once the machine's delete is accepted, not after its destroy job.
  deleteWaitsForDependents: 'accepted',
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'role names are unique within an account',
  // CreateRole: "Name is not unique": a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  census: {
    order: 3,
    listed: 'account',
    roleTagsAt: '/{account}/roles/{id}',
    note: { text: '{count:members} member(s), policies {json:policies}' },
  },
  authoritative: true,
  pulumi: { summary: 'A role: its complete member and policy lists.', outputs: ['name'] },
  access: 'roles',
  ci: {
    actions: ['listroles', 'createrole', 'updaterole', 'deleterole'],
    authorisedAt: { at: 'path', path: '/{account}/roles' },
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
