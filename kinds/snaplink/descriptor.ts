/** `snaplink`: a Manta snaplink (PutSnapLink; replace on change). */
import { ABSOLUTE, str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `snaplink`. */
export const snaplink = {
  kind: 'snaplink',
  mode: 'managed',
  scope: 'object-store',
  service: 'manta',
  description: 'A Manta snaplink; any change is a replacement.',
  namespace: 'manta-paths',
  treeEntry: 'file',
  properties: [
    str('path', true, "The link's canonical path.", {
      immutable: true,
      pattern: ABSOLUTE,
      pathForm: 'manta',
      refersTo: { kind: 'directory', field: 'path', match: 'ancestor' },
      valueRule: 'manta-path',
    }),
    str('source', true, 'The canonical path of the object linked to.', {
      immutable: true,
      pattern: ABSOLUTE,
      pathForm: 'manta',
      refersTo: { kind: 'object', field: 'path' },
      valueRule: 'manta-path',
    }),
  ],
  serverFields: [
    { name: 'etag', computed: true },
    { name: 'md5', computed: true },
  ],
  attributes: ['etag'],
  naturalKey: { from: 'fields', fields: [{ field: 'path' }] },
  naturalKeyText: 'path',
  uniqueness: 'one object-store path holds one directory, object or link',
  census: { order: 22, note: { text: 'role tags {list:roleTags}', when: 'roleTags' } },
  typeName: 'SnapLink',
  pulumi: { summary: 'A Manta snaplink; any change replaces it.' },
  ci: { actions: ['getobject', 'putsnaplink', 'deleteobject'], authorisedAt: { at: 'manta-entry' } },
  rehearsal: { copies: 'manta-entry', alsoPath: 'source' },
} as const satisfies KindDescriptor;
