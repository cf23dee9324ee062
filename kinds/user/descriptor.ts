/** `user`: a sub-user (CreateUser / UpdateUser / ChangeUserPassword / DeleteUser). */
import { PROFILE, str } from '../../common/kinds/private/fields.js';
import type { FieldSchema, KindDescriptor } from '../../common/kinds/types.js';

const SECRET_FIELDS: readonly FieldSchema[] = [
  str(
    'source',
    true,
    'Where the value comes from at apply time: an environment variable, a file, or generated at create.',
    { oneOf: ['env', 'file', 'generated'] },
  ),
  str('name', false, 'The environment variable or file name (absent for generated).'),
];

/** The descriptor of `user`. */
export const user = {
  kind: 'user',
  mode: 'managed',
  scope: 'account',
  description: 'A sub-user of the account.',
  properties: [
    str('login', true, 'Login, case preserved.', { valueRule: 'login' }),
    str('email', true, 'Email address.', { valueRule: 'email' }),
    ...PROFILE,
    {
      name: 'password',
      type: 'object',
      secret: true,
      fields: SECRET_FIELDS,
      required: true,
      description: 'Where the password comes from at apply time; never stored.',
      default: { $secret: { source: 'generated' } },
      writeOnly: true,
    },
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id'],
  naturalKey: { from: 'fields', fields: [{ field: 'login', lowerCase: true }] },
  naturalKeyText: 'login lower-cased',
  uniqueness: 'logins are unique case-insensitively within an account',
  // CreateUser: "Login is already taken": a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  uniqueValues: [{ field: 'email', caseInsensitive: true }],
  census: { order: 1, listed: 'account', roleTagsAt: '/{account}/users/{id}' },
  authoritative: true,
  pulumi: {
    summary: 'A sub-user. Its password is stored in the Pulumi state only as a secret.',
    argsNote: 'absent, a password is generated and kept nowhere',
    outputs: ['login'],
  },
  access: 'users',
  ci: {
    actions: ['listusers', 'createuser', 'updateuser', 'deleteuser'],
    authorisedAt: { at: 'path', path: '/{account}/users' },
    givenSecret: { field: 'password', actions: ['changeuserpassword'] },
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
