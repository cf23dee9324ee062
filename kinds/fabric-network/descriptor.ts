/**
 * `fabric-network` (CreateFabricNetwork / UpdateFabricNetwork / DeleteFabricNetwork): an IPv4
 * network on a fabric VLAN. UpdateFabricNetwork changes the name, description, provision range,
 * resolvers and routes in place; the VLAN, subnet, gateway and internet NAT are fixed at create, so
 * a change of those is a replacement.
 */
import { str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `fabric-network`. */
export const fabricNetwork = {
  kind: 'fabric-network',
  mode: 'managed',
  scope: 'datacenter',
  description: 'An IPv4 network on a fabric VLAN of the account.',
  properties: [
    {
      name: 'vlanId',
      type: 'number',
      required: true,
      integer: true,
      minimum: 0,
      maximum: 4094,
      immutable: true,
      refersTo: { kind: 'fabric-vlan', field: 'vlanId' },
      description: 'The VLAN id the network is on; a change replaces the network.',
    },
    str(
      'name',
      true,
      'Network name: a letter, then letters, digits, `_`, `.`, `/`, `-` (at most 64 characters); renamed in place.',
      {
        minLength: 1,
        valueRule: 'fabric-network-name',
      },
    ),
    str('description', false, 'Description (at most 64 characters); updated in place.', { valueRule: 'fabric-text' }),
    str('subnet', true, 'IPv4 subnet in CIDR form (`10.10.0.0/24`); a change replaces the network.', {
      immutable: true,
    }),
    str('provisionStartIp', true, 'First address instances are given; updated in place.'),
    str('provisionEndIp', true, 'Last address instances are given; updated in place.'),
    str('gateway', false, 'Gateway address inside the subnet; a change replaces the network.', { immutable: true }),
    strList('resolvers', false, 'DNS resolvers (at most 4), in order; updated in place.'),
    {
      name: 'routes',
      type: 'map',
      element: { type: 'string' },
      required: false,
      description: 'Static routes: destination subnet (or address) to gateway; updated in place.',
    },
    {
      name: 'internetNat',
      type: 'bool',
      required: true,
      default: true,
      immutable: true,
      description: 'Whether a NAT zone gives the network internet access (the server default); fixed at create.',
    },
  ],
  serverFields: [{ name: 'id', computed: true }],
  attributes: ['id', 'name'],
  naturalKey: { from: 'fields', fields: [{ field: 'vlanId' }, { field: 'name' }], separator: '/' },
  naturalKeyText: 'VLAN id/name',
  uniqueness: 'network names are unique within a VLAN of the account',
  pulumi: { summary: 'An IPv4 network on a fabric VLAN.', outputs: ['id'] },
  ci: {
    actions: [
      'listfabricnetworks',
      'getfabricnetwork',
      'createfabricnetwork',
      'updatefabricnetwork',
      'deletefabricnetwork',
    ],
    // CloudAPI cannot tag these paths: what CI needs is the account owner, said in a note.
    notes: [
      {
        text: '{address}: fabric network requests are authorised against /{account}/fabrics/default/vlans, which SetRoleTags cannot tag (fabrics is no role-tag collection of lib/resources.js), so no role gives a sub-user these actions; apply fabric networks as the account owner, or move them to a stack the owner applies',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
