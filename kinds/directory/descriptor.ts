/** `directory`: a Manta directory (PutDirectory, idempotent). */
import { ABSOLUTE, roleTags, str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `directory`. */
export const directory = {
  kind: 'directory',
  mode: 'managed',
  scope: 'object-store',
  service: 'manta',
  description: 'A Manta directory.',
  namespace: 'manta-paths',
  treeEntry: 'folder',
  properties: [
    str('path', true, 'Canonical Manta path.', {
      immutable: true,
      pattern: ABSOLUTE,
      pathForm: 'manta',
      refersTo: { kind: 'directory', field: 'path', match: 'ancestor' },
      valueRule: 'manta-path',
    }),
    roleTags(false, 'Role names sent as the role-tag header, sorted.'),
  ],
  attributes: [],
  naturalKey: { from: 'fields', fields: [{ field: 'path' }] },
  naturalKeyText: 'path',
  uniqueness: 'one object-store path holds one directory, object or link',
  census: { order: 20, listed: 'managed-directories', note: { text: 'role tags {list:roleTags}', when: 'roleTags' } },
  parent: { from: 'dirname' },
  pulumi: { summary: 'A Manta directory.', argsNote: 'the path may start with `~~`', outputs: ['path'] },
  access: 'mantaEntries',
  ci: { actions: ['listdirectory', 'putdirectory', 'deletedirectory'], authorisedAt: { at: 'manta-entry' } },
  rehearsal: { copies: 'manta-entry' },
} as const satisfies KindDescriptor;
