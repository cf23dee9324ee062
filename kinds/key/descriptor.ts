/** `key`: an SSH key of the account (CreateKey / DeleteKey; keys cannot be updated, so any change is a replacement). */
import { FINGERPRINT, str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `key`. */
export const key = {
  kind: 'key',
  mode: 'managed',
  scope: 'account',
  description: 'An SSH key of the account; any change is a replacement.',
  properties: [
    str('name', false, "Key name; the server uses the key's comment, then the fingerprint, when absent.", {
      immutable: true,
      valueRule: 'key-name',
    }),
    str('key', true, 'The public key, one OpenSSH line.'),
    str('fingerprint', true, 'Colon-separated hexadecimal MD5 fingerprint of the key.', {
      derived: true,
      derivedFrom: { field: 'key', by: 'ssh-md5-fingerprint' },
      immutable: true,
      pattern: FINGERPRINT,
    }),
    strList('attestation', false, 'Hardware attestation certificate chain (PEM strings, leaf first).'),
  ],
  serverFields: [{ name: 'attested', immutable: true }],
  attributes: ['fingerprint', 'name'],
  naturalKey: { from: 'fields', fields: [{ field: 'fingerprint' }] },
  naturalKeyText: 'fingerprint',
  uniqueness: 'an account cannot hold one key twice',
  // CreateKey: "key already exists or is invalid": a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  uniqueValues: [{ field: 'name' }],
  census: {
    order: 0,
    listed: 'account',
    nameField: 'name',
    note: { text: 'an SSH key of the account itself: full access to everything' },
  },
  authoritative: true,
  pulumi: { summary: 'An SSH key of the account; any change replaces it.', outputs: ['fingerprint'] },
  ci: { actions: ['listkeys', 'createkey', 'deletekey'], authorisedAt: { at: 'path', path: '/{account}/keys' } },
  rehearsal: { copies: 'account-keys' },
} as const satisfies KindDescriptor;
