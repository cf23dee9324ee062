/** `package-lookup`: a read-only ListPackages query resolved at plan time; nothing is created. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `package-lookup`. */
export const packageLookup = {
  kind: 'package-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description: 'A read-only package query (by name, or by memory and vCPU constraints) resolved at plan time.',
  properties: [
    str('name', false, 'Package name.'),
    { name: 'memory', type: 'number', required: false, description: 'Exact memory in MiB.', integer: true, minimum: 1 },
    {
      name: 'minMemory',
      type: 'number',
      required: false,
      description: 'At least this memory in MiB.',
      integer: true,
      minimum: 1,
    },
    { name: 'vcpus', type: 'number', required: false, description: 'Exact vCPU count.', integer: true, minimum: 1 },
    {
      name: 'minVcpus',
      type: 'number',
      required: false,
      description: 'At least this many vCPUs.',
      integer: true,
      minimum: 1,
    },
    str('group', false, 'Package group (`highcpu`, `general`, `memory`).'),
  ],
  attributes: ['id', 'name', 'memory', 'vcpus', 'disk'],
  naturalKey: { from: 'query' },
  naturalKeyText: 'the filters as key=value pairs joined with & in key order',
  uniqueness: 'look-ups may repeat',
  ci: { actions: ['listpackages'], authorisedAt: { at: 'path', path: '/{account}/packages' } },
  // The copy holds the account's whole catalog (cli/rehearse/copy-catalog.ts), so the look-up finds there what it finds in the cloud.
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
