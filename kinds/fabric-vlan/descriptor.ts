/**
 * `fabric-vlan` (CreateFabricVLAN / UpdateFabricVLAN / DeleteFabricVLAN): one VLAN of the account's
 * default fabric. Its VLAN id is what identifies it on the server (there is no other id), so it is
 * both the natural key and immutable; the name and description are updated in place.
 */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `fabric-vlan`. */
export const fabricVlan = {
  kind: 'fabric-vlan',
  mode: 'managed',
  scope: 'datacenter',
  description: "A VLAN of the account's default fabric.",
  properties: [
    {
      name: 'vlanId',
      type: 'number',
      required: true,
      integer: true,
      minimum: 0,
      maximum: 4094,
      immutable: true,
      description: 'VLAN id, 0 to 4094 and not 1 (NAPI); a change replaces the VLAN.',
    },
    str('name', true, 'VLAN name (at most 64 characters); renamed in place.', {
      minLength: 1,
      valueRule: 'fabric-text',
    }),
    str('description', false, 'Description (at most 64 characters); updated in place.', { valueRule: 'fabric-text' }),
  ],
  attributes: ['vlanId'],
  naturalKey: { from: 'fields', fields: [{ field: 'vlanId' }] },
  naturalKeyText: 'VLAN id',
  uniqueness: 'a fabric has one VLAN per id',
  pulumi: { summary: "A VLAN of the account's default fabric.", outputs: ['name'] },
  ci: {
    actions: ['listfabricvlans', 'getfabricvlan', 'createfabricvlan', 'updatefabricvlan', 'deletefabricvlan'],
    // CloudAPI cannot tag these paths: what CI needs is the account owner, said in a note.
    notes: [
      {
        text: '{address}: fabric VLAN requests are authorised against /{account}/fabrics/default and /{account}/fabrics/default/vlans, which SetRoleTags cannot tag (fabrics is no role-tag collection of lib/resources.js), so no role gives a sub-user these actions; apply fabric VLANs as the account owner, or move them to a stack the owner applies',
      },
    ],
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
