/**
 * `access-key`: an S3-style access key of the account (CreateAccessKey / UpdateAccessKey /
 * DeleteAccessKey). Status and description change in place; the secret, answered only by the
 * create, is handed over once to the file or Manta object the declaration names and never stored.
 */
import { ACCESS_KEY_FIELDS } from '../../common/kinds/private/access-key-fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `access-key`. */
export const accessKey = {
  kind: 'access-key',
  mode: 'managed',
  scope: 'account',
  description: 'An access key of the account; its secret is handed over once, at create, to a file or Manta object.',
  properties: ACCESS_KEY_FIELDS,
  serverFields: [
    { name: 'accesskeyid', computed: true },
    { name: 'created', computed: true },
  ],
  attributes: ['accesskeyid'],
  naturalKey: { from: 'fields', fields: [{ field: 'description' }] },
  naturalKeyText: 'description',
  uniqueness: "an account's access keys are told apart by their description",
  census: {
    order: 1,
    listed: 'account',
    nameField: 'description',
    note: { text: 'an access key of the account itself: full access through the S3 gateway' },
  },
  pulumi: {
    summary: 'An access key of the account; its secret is written once, at create, to a file or Manta object.',
    outputs: ['accesskeyid'],
  },
  // CloudAPI takes no role tags on /<account>/accesskeys (sdc-cloudapi lib/resources.js lists the
  // collections that take them), so no role can let a sub-user at the account's own keys.
  ci: {
    actions: ['listaccesskeys', 'createaccesskey', 'updateaccesskey', 'deleteaccesskey'],
    notes: [
      {
        text: "{address}: the account's own access keys can be managed only by the account owner (CloudAPI takes no role tags on /{account}/accesskeys, and such a key has the account's full access); apply it as the owner, or give the key to a sub-user instead (AccessKey with user)",
      },
    ],
  },
  writes: { field: 'secretTo.object', what: 'the secret it handed over' },
  rehearsal: { copies: 'account-access-keys', secretObject: 'secretTo.object' },
} as const satisfies KindDescriptor;
