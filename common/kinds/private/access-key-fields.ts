/**
 * The fields an account's and a sub-user's access key share: what the key is for, its status, and
 * where its secret is handed over once (the server returns the secret only to the create).
 */
import type { FieldSchema } from '../types.js';
import { ABSOLUTE, roleTags, str } from './fields.js';

/** The statuses a declaration may ask for (`Expired` is the server's, for temporary credentials). */
export const ACCESS_KEY_STATUSES = ['Active', 'Inactive'] as const;

/** The longest description the server keeps (sdc-ufds schema/accesskey.js). */
export const ACCESS_KEY_DESCRIPTION_MAX = 150;

/** Description, status and the secret's destination, in that order. */
export const ACCESS_KEY_FIELDS: readonly FieldSchema[] = [
  str(
    'description',
    true,
    `What the key is for (1 to ${ACCESS_KEY_DESCRIPTION_MAX} characters); it names the key, so it is unique per owner in a stack; changed in place.`,
    { minLength: 1 },
  ),
  {
    name: 'status',
    type: 'string',
    required: true,
    description: '`Active` (the key signs requests) or `Inactive` (disabled, kept); changed in place.',
    oneOf: ACCESS_KEY_STATUSES,
    default: 'Active',
  },
  {
    name: 'secretTo',
    type: 'object',
    required: true,
    description:
      'Where the secret is handed over, once, at create: a local `file` (made with mode 0600; relative to the directory of the synth) or a Manta `object` under `roleTags`. A change makes a new key there.',
    typeName: {
      name: 'AccessKeySecretTo',
      description: "Where an access key's secret is handed over: exactly one of `file` and `object`.",
    },
    fields: [
      str('file', false, 'Local file the secret is written to, with mode 0600.'),
      str('object', false, 'Manta object the secret is written to.', { pattern: ABSOLUTE, valueRule: 'manta-path' }),
      roleTags(false, 'Role names set as role tags on `object`: the roles that may read the secret.'),
    ],
    immutable: true,
    recorded: true,
  },
  {
    name: 'overwriteSecret',
    type: 'bool',
    required: true,
    default: false,
    description:
      'The destination may be replaced when it exists (a file atomically, by a rename); else an existing one is refused before the key is made.',
    recorded: true,
  },
];
