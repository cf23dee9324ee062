/** `network-lookup`: a read-only ListNetworks query resolved at plan time; nothing is created. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `network-lookup`. */
export const networkLookup = {
  kind: 'network-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description: 'A read-only network query (by name, public or private) resolved at plan time.',
  properties: [
    str('name', false, 'Network name.'),
    {
      name: 'public',
      type: 'bool',
      required: false,
      description: 'Public networks only (true) or private only (false).',
    },
  ],
  attributes: ['id', 'name'],
  naturalKey: { from: 'query' },
  naturalKeyText: 'the filters as key=value pairs joined with & in key order',
  uniqueness: 'look-ups may repeat',
  ci: { actions: ['listnetworks'], authorisedAt: { at: 'path', path: '/{account}/networks' } },
  // The copy holds the account's whole catalog (cli/rehearse/copy-catalog.ts), so the look-up finds there what it finds in the cloud.
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
