/** `policy` (CreatePolicy / UpdatePolicy / DeletePolicy). */
import { str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `policy`. */
export const policy = {
  kind: 'policy',
  mode: 'managed',
  scope: 'account',
  description: 'An access-control policy.',
  properties: [
    str('name', true, 'Policy name.', { valueRule: 'policy-name' }),
    strList('rules', true, 'Rules in the access-control language, in order.', {
      minItems: 1,
      element: { type: 'string', valueRule: 'policy-rule' },
    }),
    str('description', false, 'Description.'),
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id'],
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'policy names are unique within an account',
  // CreatePolicy: "Name is not unique": a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  census: { order: 4, listed: 'account', roleTagsAt: '/{account}/policies/{id}', note: { text: 'rules {json:rules}' } },
  authoritative: true,
  generate: {
    construct: 'Policy',
    heading: 'Policies',
    order: 30,
    idField: 'name',
    idIsDefault: true,
    variable: { field: 'name', suffix: 'Policy' },
    taggedPath: '/{account}/policies/{name}',
  },
  pulumi: { summary: 'An access-control policy.', outputs: ['name'] },
  access: 'policies',
  ci: {
    actions: ['listpolicies', 'createpolicy', 'updatepolicy', 'deletepolicy'],
    authorisedAt: { at: 'path', path: '/{account}/policies' },
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
