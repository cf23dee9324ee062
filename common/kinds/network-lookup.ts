/** `network-lookup`: a read-only ListNetworks query resolved at plan time; nothing is created. */
import { str } from './private/fields.js';
import type { KindDescriptor } from './types.js';

/** The descriptor of `network-lookup`. */
export const networkLookup = {
  kind: 'network-lookup',
  mode: 'lookup',
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
  rehearsal: {
    copies: 'refused',
    reason:
      "the copy answers networks from the emulator's fixed catalog, not from the cloud's, so the look-up would find other networks (or none) there and the rehearsal would not show what the real apply does",
  },
} as const satisfies KindDescriptor;
