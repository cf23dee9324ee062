/**
 * `user-access-key`: an S3-style access key of a sub-user (CreateUserAccessKey /
 * UpdateUserAccessKey / DeleteUserAccessKey), like `access-key` under the owner's path.
 */
import { ACCESS_KEY_FIELDS } from '../../common/kinds/private/access-key-fields.js';
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `user-access-key`. */
export const userAccessKey = {
  kind: 'user-access-key',
  mode: 'managed',
  scope: 'account',
  description: 'An access key of a sub-user; its secret is handed over once, at create, to a file or Manta object.',
  properties: [
    str('user', true, 'Login of the owning sub-user.', {
      immutable: true,
      refersTo: { kind: 'user', field: 'login', caseInsensitive: true },
      valueRule: 'login',
    }),
    ...ACCESS_KEY_FIELDS,
  ],
  serverFields: [
    { name: 'accesskeyid', computed: true },
    { name: 'created', computed: true },
  ],
  attributes: ['accesskeyid'],
  naturalKey: {
    from: 'fields',
    fields: [{ field: 'user', lowerCase: true }, { field: 'description' }],
    separator: '/',
  },
  naturalKeyText: '<login lower-cased>/<description>',
  uniqueness: "a sub-user's access keys are told apart by their description",
  census: {
    order: 2,
    listed: { under: 'user' },
    nameField: 'description',
    note: { text: 'lets sub-user {parent} sign S3 requests' },
  },
  parent: { from: 'field', field: 'user' },
  pulumi: {
    summary: 'An access key of a sub-user; its secret is written once, at create, to a file or Manta object.',
    outputs: ['accesskeyid'],
  },
  // CloudAPI authorises /<account>/users/<user>/accesskeys[/<id>] against the user's own path
  // (lib/resources.js resourceName), the one that can carry the role.
  ci: {
    actions: ['listuseraccesskeys', 'createuseraccesskey', 'updateuseraccesskey', 'deleteuseraccesskey'],
    authorisedAt: { at: 'path', path: '/{account}/users/{user}' },
    notes: [
      {
        text: '{address}: access keys of sub-user {user} are authorised against /{account}/users/{user}, which can be tagged only once {user} exists; create {user} first (or apply its keys as the account owner), then tag that path',
      },
    ],
  },
  writes: { field: 'secretTo.object', what: 'the secret it handed over' },
  rehearsal: { copies: 'user-access-keys', secretObject: 'secretTo.object' },
} as const satisfies KindDescriptor;
