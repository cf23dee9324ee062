/** `image-lookup`: a read-only ListImages query resolved at plan time; nothing is created. */
import { str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `image-lookup`. */
export const imageLookup = {
  kind: 'image-lookup',
  mode: 'lookup',
  scope: 'datacenter',
  description: 'A read-only image query resolved at plan time.',
  properties: [
    str('name', false, 'Image name.'),
    str('os', false, 'Operating system.'),
    str('version', false, 'Image version.'),
    str('owner', false, 'Owner account UUID.'),
    {
      name: 'public',
      type: 'bool',
      required: false,
      description: 'Public images only (true) or private only (false).',
    },
    str('type', false, 'Image type.'),
    str('state', false, 'Image state; `active` unless given, `all` for every state.'),
    {
      name: 'mostRecent',
      type: 'bool',
      required: true,
      description: 'Pick the newest of several matches instead of failing.',
      default: false,
    },
  ],
  attributes: ['id', 'name', 'version', 'os', 'owner'],
  naturalKey: { from: 'query' },
  naturalKeyText: 'the filters as key=value pairs joined with & in key order',
  uniqueness: 'look-ups may repeat',
  ci: { actions: ['listimages'], authorisedAt: { at: 'path', path: '/{account}/images' } },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
