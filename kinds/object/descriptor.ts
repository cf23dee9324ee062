/** `object`: a Manta object (PutObject; PutMetadata when only metadata changes; content changes re-upload). */
import { ABSOLUTE, roleTags, str } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `object`. */
export const object = {
  kind: 'object',
  mode: 'managed',
  scope: 'object-store',
  service: 'manta',
  description: 'A Manta object.',
  namespace: 'manta-paths',
  treeEntry: 'file',
  properties: [
    str('path', true, 'Canonical Manta path.', {
      immutable: true,
      pattern: ABSOLUTE,
      pathForm: 'manta',
      refersTo: { kind: 'directory', field: 'path', match: 'ancestor' },
      valueRule: 'manta-path',
    }),
    {
      name: 'content',
      type: 'object',
      exactlyOne: true,
      typeName: {
        name: 'ObjectContent',
        description:
          "Where an object's bytes come from. Strings and Buffers are carried inline; files are referenced by path (the manifest stays small and the apply streams the file), with `md5` and `size` on the object computed at synth so the plan can compare without reading the file again. A relative file path is relative to the working directory of the synth, stored with `/` separators; the apply must run from the same directory (as with Terraform's root module).",
      },
      fields: [
        str('text', false, 'Inline UTF-8 text.'),
        str('base64', false, 'Inline bytes, base64.'),
        str('file', false, 'A local file, relative to the working directory.'),
      ],
      required: true,
      description: "Where the object's bytes come from: exactly one of text, base64 or file.",
    },
    str('md5', true, 'Base64 MD5 of the content.', {
      derived: true,
      derivedFrom: { field: 'content', by: 'content-md5' },
    }),
    {
      name: 'size',
      type: 'number',
      required: true,
      description: 'Content length in bytes.',
      derived: true,
      derivedFrom: { field: 'content', by: 'content-size' },
      integer: true,
      minimum: 0,
    },
    str('contentType', true, 'Content-Type.', { default: 'application/octet-stream' }),
    {
      name: 'headers',
      type: 'map',
      element: { type: 'string', refable: true },
      required: true,
      description: 'Custom headers (m-* and CORS), names lower-cased.',
      default: {},
      lowerCaseKeys: true,
      valueRule: 'manta-headers',
    },
    {
      name: 'durability',
      type: 'number',
      required: true,
      description: 'Number of copies (durability-level).',
      default: 2,
      integer: true,
      minimum: 1,
      valueRule: 'durability',
    },
    roleTags(true, 'Role names sent as the role-tag header, sorted.', { default: [] }),
  ],
  serverFields: [
    { name: 'etag', computed: true },
    { name: 'lastModified', computed: true },
  ],
  attributes: ['etag', 'md5'],
  naturalKey: { from: 'fields', fields: [{ field: 'path' }] },
  naturalKeyText: 'path',
  uniqueness: 'one object-store path holds one directory, object or link',
  census: { order: 21, listed: 'managed-directories', note: { text: 'role tags {list:roleTags}', when: 'roleTags' } },
  parent: { from: 'dirname' },
  pulumi: { className: 'StorObject', summary: 'A Manta object.', outputs: ['path', 'etag', 'md5'] },
  access: 'mantaEntries',
  // A metadata update is checked as putobject (muskie mantav1 lib/server.js).
  ci: { actions: ['getobject', 'putobject', 'deleteobject'], authorisedAt: { at: 'manta-entry' } },
  rehearsal: { copies: 'manta-entry' },
} as const satisfies KindDescriptor;
