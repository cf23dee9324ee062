/** `datacenter-lookup`: a read-only GetDatacenter/ListDatacenters look-up. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `datacenter-lookup`. */
export const datacenterLookup = {
  kind: 'datacenter-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description: 'A read-only data center look-up.',
  properties: [str('name', true, 'Data center name.')],
  attributes: ['url'],
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'look-ups may repeat',
  ci: { actions: ['listdatacenters'], authorisedAt: { at: 'path', path: '/{account}/datacenters' } },
  // The copy holds the account's whole catalog (cli/rehearse/copy-catalog.ts), so the look-up finds there what it finds in the cloud.
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
