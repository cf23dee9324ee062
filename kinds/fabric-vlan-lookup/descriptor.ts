/** `fabric-vlan-lookup`: a read-only ListFabricVLANs query resolved at plan time; nothing is created. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `fabric-vlan-lookup`. */
export const fabricVlanLookup = {
  kind: 'fabric-vlan-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description:
    'A read-only fabric VLAN query (data `triton_fabric_vlan`): by VLAN id, name or description, the last two with `*` and `?` wildcards, all given filters together.',
  properties: [
    {
      name: 'vlanId',
      type: 'number',
      required: false,
      integer: true,
      minimum: 0,
      maximum: 4095,
      description: 'The VLAN id.',
    },
    str('name', false, 'VLAN name; `*` matches any run of characters, `?` one.'),
    str('description', false, 'VLAN description; `*` and `?` as in the name.'),
  ],
  attributes: ['vlanId', 'name', 'description'],
  naturalKey: { from: 'query' },
  naturalKeyText: 'the filters as key=value pairs joined with & in key order',
  uniqueness: 'look-ups may repeat',
  ci: {
    actions: ['listfabricvlans'],
    // As for fabric-vlan: the path cannot be role-tagged, so the note says who may read it.
    notes: [
      {
        text: '{address}: ListFabricVLANs is authorised against /{account}/fabrics/default/vlans, which SetRoleTags cannot tag, so no role gives a sub-user the action; plan as the account owner',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
