/** `volume-lookup`: a read-only ListVolumes query resolved at plan time; nothing is created. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `volume-lookup`. */
export const volumeLookup = {
  kind: 'volume-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description:
    "A read-only volume query (data `triton_volume`): ListVolumes' own filters, name (a `*` at either end matches any run), size, state and type.",
  properties: [
    str('name', false, 'Volume name; a leading or trailing `*` matches any run of characters (VOLAPI).'),
    {
      name: 'size',
      type: 'number',
      required: false,
      integer: true,
      minimum: 1,
      description: 'Size in MiB.',
    },
    str('state', false, 'State (`ready`, `creating`, `failed`, …).'),
    str('type', false, 'Volume type (`tritonnfs`).'),
  ],
  attributes: ['id', 'name', 'size', 'state', 'type', 'networks', 'filesystemPath'],
  naturalKey: { from: 'query' },
  naturalKeyText: 'the filters as key=value pairs joined with & in key order',
  uniqueness: 'look-ups may repeat',
  ci: {
    actions: ['listvolumes'],
    // As for volume: the path cannot be role-tagged, so the note says who may read it.
    notes: [
      {
        text: '{address}: ListVolumes is authorised against /{account}/volumes, which SetRoleTags cannot tag, so no role gives a sub-user the action; plan as the account owner',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
