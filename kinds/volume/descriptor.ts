/**
 * `volume` (CreateVolume / UpdateVolume / DeleteVolume): an NFS shared volume (`tritonnfs`).
 * UpdateVolume changes only the name (sdc-cloudapi lib/endpoints/volumes.js), so every other field
 * is fixed at create and a change replaces the volume.
 */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The sizes (MiB) VOLAPI offers for `tritonnfs` volumes (ListVolumeSizes): 10 to 100 GiB by 10, then to 1000 by 100. */
export const VOLUME_SIZES_MIB: readonly number[] = [
  ...Array.from({ length: 10 }, (_, i) => (i + 1) * 10 * 1024),
  ...Array.from({ length: 9 }, (_, i) => (i + 2) * 100 * 1024),
];

/** The longest volume name (lib/validation/volumes.js `MAX_VOLUME_NAME_LENGTH`). */
export const MAX_VOLUME_NAME_LENGTH = 256;

/**
 * What is wrong with a volume name as CloudAPI refuses it (`validateVolumeName`): a letter or
 * digit, then at least one letter, digit, `_`, `.` or `-`, at most 256 characters.
 */
export function volumeNameProblem(name: string): string | undefined {
  if (!/^[a-z0-9][\w.-]+$/i.test(name))
    return `${JSON.stringify(name)} must be a letter or digit, then letters, digits, "_", "." or "-" (2 or more characters)`;
  if (name.length > MAX_VOLUME_NAME_LENGTH) return `must be at most ${MAX_VOLUME_NAME_LENGTH} characters long`;
  return undefined;
}

/** The descriptor of `volume`. */
export const volume = {
  kind: 'volume',
  mode: 'managed',
  scope: 'datacenter',
  description: 'An NFS shared volume of the account, mounted by instances.',
  properties: [
    str('name', true, 'Volume name; renamed in place.', {
      pattern: '^[a-zA-Z0-9][a-zA-Z0-9_.-]*$',
      minLength: 2,
      valueRule: 'volume-name',
    }),
    {
      name: 'size',
      type: 'number',
      required: true,
      integer: true,
      default: 10240,
      immutable: true,
      oneOf: VOLUME_SIZES_MIB,
      plainType: true,
      description: 'Size in MiB, one of the sizes ListVolumeSizes offers; a change replaces the volume.',
    },
    {
      name: 'networks',
      type: 'list',
      element: { type: 'string', refable: true },
      required: false,
      immutable: true,
      description:
        "Fabric network ids the volume is reachable on; a change replaces it. Default: the account's default fabric network.",
    },
    {
      name: 'tags',
      type: 'map',
      element: { type: 'string' },
      required: false,
      immutable: true,
      description: 'Volume tags, set at create; a change replaces the volume.',
    },
  ],
  serverFields: [
    { name: 'id', computed: true },
    { name: 'state', computed: true },
  ],
  attributes: ['id', 'name'],
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'volume names are unique within an account',
  // CreateVolume: 409 VolumeAlreadyExists: a create sent again after an unknown outcome cannot make a second one.
  refusesDuplicateCreate: true,
  pulumi: { summary: 'An NFS shared volume.', outputs: ['id'] },
  ci: {
    actions: ['listvolumes', 'getvolume', 'listvolumesizes', 'createvolume', 'updatevolume', 'deletevolume'],
    // CloudAPI cannot tag these paths: what CI needs is the account owner, said in a note.
    notes: [
      {
        text: '{address}: volume requests are authorised against /{account}/volumes, which SetRoleTags cannot tag (volumes is no role-tag collection of lib/resources.js), so no role gives a sub-user these actions; apply volumes as the account owner, or move them to a stack the owner applies',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
