/** `fabric-network-lookup`: a read-only ListFabricNetworks query of one VLAN resolved at plan time; nothing is created. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `fabric-network-lookup`. */
export const fabricNetworkLookup = {
  kind: 'fabric-network-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description:
    'A read-only query of the networks of one fabric VLAN (data `triton_fabric_network`): by name, subnet or both.',
  properties: [
    {
      name: 'vlanId',
      type: 'number',
      required: true,
      integer: true,
      minimum: 0,
      maximum: 4094,
      description: 'The VLAN id whose networks are searched.',
    },
    str('name', false, 'Network name (exact: names are unique within a VLAN).'),
    str('subnet', false, 'Subnet in CIDR form (`10.10.0.0/24`).'),
  ],
  attributes: ['id', 'name', 'vlanId', 'subnet', 'gateway', 'provisionStartIp', 'provisionEndIp'],
  naturalKey: { from: 'query' },
  naturalKeyText: 'the filters as key=value pairs joined with & in key order',
  uniqueness: 'look-ups may repeat',
  ci: {
    actions: ['listfabricnetworks'],
    // As for fabric-network: the path cannot be role-tagged, so the note says who may read it.
    notes: [
      {
        text: '{address}: ListFabricNetworks is authorised against /{account}/fabrics/default/vlans, which SetRoleTags cannot tag, so no role gives a sub-user the action; plan as the account owner',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
