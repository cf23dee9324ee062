/** `user-key`: an SSH key of a sub-user (CreateUserKey / DeleteUserKey; replace on change). */
import { FINGERPRINT, str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `user-key`. */
export const userKey = {
  kind: 'user-key',
  mode: 'managed',
  scope: 'account',
  description: 'An SSH key of a sub-user; any change is a replacement.',
  properties: [
    str('user', true, 'Login of the owning sub-user.', {
      immutable: true,
      refersTo: { kind: 'user', field: 'login', caseInsensitive: true },
      valueRule: 'login',
    }),
    str('name', false, 'Key name.', { immutable: true, valueRule: 'key-name' }),
    str('key', true, 'The public key, one OpenSSH line.'),
    str('fingerprint', true, 'Colon-separated hexadecimal MD5 fingerprint of the key.', {
      derived: true,
      derivedFrom: { field: 'key', by: 'ssh-md5-fingerprint' },
      immutable: true,
      pattern: FINGERPRINT,
    }),
  ],
  serverFields: [{ name: 'attested', immutable: true }],
  attributes: ['fingerprint'],
  naturalKey: {
    from: 'fields',
    fields: [{ field: 'user', lowerCase: true }, { field: 'fingerprint' }],
    separator: '/',
  },
  naturalKeyText: '<login lower-cased>/<fingerprint>',
  uniqueness: 'a user cannot hold one key twice',
  // CreateUserKey: "key already exists or is invalid": a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  uniqueValues: [{ field: 'name', within: 'user' }],
  census: {
    order: 2,
    listed: { under: 'user' },
    nameField: 'name',
    note: { text: 'lets sub-user {parent} sign requests' },
  },
  parent: { from: 'field', field: 'user' },
  pulumi: { summary: 'An SSH key of a sub-user; any change replaces it.', outputs: ['fingerprint'] },
  ci: {
    actions: ['listuserkeys', 'createuserkey', 'deleteuserkey'],
    authorisedAt: { at: 'path', path: '/{account}/users/{user}/keys' },
    notes: [
      {
        text: '{address}: keys of sub-user {user} are authorised against /{account}/users/{user}/keys, which can be tagged only once {user} exists; create {user} first (or apply its keys as the account owner), then tag that path',
      },
    ],
  },
  rehearsal: { copies: 'user-keys' },
} as const satisfies KindDescriptor;
