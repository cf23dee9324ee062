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
  str(
    'secretFile',
    false,
    'Local file the secret is written to once, at create: made with mode 0600, never over an existing file unless `overwriteSecret`. A relative path is relative to the directory of the synth.',
    { immutable: true, recorded: true },
  ),
  {
    name: 'overwriteSecret',
    type: 'bool',
    required: false,
    description:
      '`secretFile` may replace an existing file (atomically, by a rename); else an existing file is refused.',
    recorded: true,
  },
  str('secretObject', false, 'Manta object the secret is written to once, at create (instead of `secretFile`).', {
    immutable: true,
    recorded: true,
    pattern: ABSOLUTE,
    pathForm: 'manta',
    refersTo: { kind: 'directory', field: 'path', match: 'ancestor' },
    valueRule: 'manta-path',
  }),
  roleTags(false, 'Role names set as role tags on `secretObject`: the roles that may read the secret.', {
    name: 'secretObjectRoleTags',
    immutable: true,
    recorded: true,
  }),
];
