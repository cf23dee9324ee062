/** `image`: a custom image created from a stopped, prepared machine (CreateImageFromMachine / UpdateImage). */
import { roleTags, str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/** The descriptor of `image`. */
export const image = {
  kind: 'image',
  mode: 'managed',
  scope: 'datacenter',
  description: 'A custom image created from a stopped, prepared machine.',
  properties: [
    str('machine', true, 'Source machine id.', { refable: true, immutable: true, recorded: true }),
    str('name', true, 'Image name.', { immutable: true, valueRule: 'image-name' }),
    str('version', true, 'Image version.', { immutable: true, valueRule: 'image-version' }),
    str('description', false, 'Description.', { immutable: true }),
    str('homepage', false, 'Homepage URL.', { immutable: true }),
    str('eula', false, 'EULA URL.', { immutable: true }),
    strList('acl', false, 'Account UUIDs allowed to use the image, sorted.', { immutable: true, set: true }),
    {
      name: 'tags',
      type: 'map',
      element: { type: 'string', refable: true },
      required: false,
      description: 'Image tags.',
      immutable: true,
    },
    str('exportTo', false, 'Manta path prefix the image is exported to after create (a change exports it again).', {
      pathForm: 'manta',
      recorded: true,
      valueRule: 'manta-path',
    }),
    roleTags(false, 'Role names set as role tags on the image after create.'),
  ],
  serverFields: [
    { name: 'id', computed: true },
    { name: 'state', computed: true },
  ],
  attributes: ['id', 'state'],
  // ExportImage writes `<prefix>.imgmanifest` and `<prefix>.zfs.<compression>`, or, when the path is
  // a directory, `<dir>/<name>-<version>` plus those (sdc-cloudapi docs/index.md, ExportImage: "the
  // image manifest and the image file ... NAME-VER.imgmanifest, NAME-VER.zfs.FILE-EXT").
  writes: {
    field: 'exportTo',
    what: 'its export',
    suffixes: ['.imgmanifest', '.zfs.gz', '.zfs.bz2', '.zfs.xz', '.zfs'],
    inside: '{name}-{version}',
  },
  naturalKey: { from: 'fields', fields: [{ field: 'name' }, { field: 'version' }], separator: '@' },
  naturalKeyText: 'name@version',
  uniqueness: 'name and version identify an image',
  census: {
    order: 10,
    listed: 'account',
    reported: 'when-managed',
    note: { text: 'a custom image of the account' },
    roleTagsAt: '/{account}/images/{id}',
    appearedField: 'published_at',
  },
  pulumi: { summary: 'A custom image made from a stopped machine.', outputs: ['state'] },
  ci: {
    actions: ['listimages', 'getimage', 'createimagefrommachine', 'updateimage', 'deleteimage', 'exportimage'],
    authorisedAt: { at: 'path', path: '/{account}/images' },
  },
  rehearsal: { copies: 'account' },
} as const satisfies KindDescriptor;
