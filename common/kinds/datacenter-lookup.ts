/** `datacenter-lookup`: a read-only GetDatacenter/ListDatacenters look-up. */
import { str } from './private/fields.js';
import type { KindDescriptor } from './types.js';

/** The descriptor of `datacenter-lookup`. */
export const datacenterLookup = {
  kind: 'datacenter-lookup',
  mode: 'lookup',
  description: 'A read-only data center look-up.',
  properties: [str('name', true, 'Data center name.')],
  attributes: ['url'],
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'look-ups may repeat',
  ci: { actions: ['listdatacenters'], authorisedAt: { at: 'path', path: '/{account}/datacenters' } },
  rehearsal: {
    copies: 'refused',
    reason:
      "the copy answers datacenters from the emulator's fixed catalog, not from the cloud's, so the look-up would find other datacenters (or none) there and the rehearsal would not show what the real apply does",
  },
} as const satisfies KindDescriptor;
