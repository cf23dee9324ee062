/** `instance`: a machine (CreateMachine), updated in place where CloudAPI can and replaced where it cannot. */
import { roleTags, str, strList } from '../../common/kinds/private/fields.js';
import type { KindDescriptor } from '../../common/kinds/types.js';

/**
 * Metadata keys the server keeps itself, which a declaration cannot manage and a plan never shows:
 * `root_authorized_keys` (CloudAPI writes the account's SSH keys there), `administrator_pw` (a
 * Windows image's Administrator password, CreateMachine's `administrator_pw`: declare it with the
 * `administratorPw` prop) and `credentials` (CloudAPI moves it out of the metadata at create, into
 * internal metadata). sdc-cloudapi lib/metadata.js refuses to delete all three.
 */
export const SERVER_METADATA_KEYS: ReadonlySet<string> = new Set([
  'root_authorized_keys',
  'administrator_pw',
  'credentials',
]);

/**
 * Whether a metadata key is the server's: one of {@link SERVER_METADATA_KEYS}, or a password key
 * (`*_pw`), which CloudAPI never takes into customer metadata (lib/machines.js drops it at create,
 * lib/metadata.js `add` skips it).
 */
export const isServerMetadataKey = (key: string): boolean => SERVER_METADATA_KEYS.has(key) || /_pw$/.test(key);

/** The descriptor of `instance`. */
export const instance = {
  kind: 'instance',
  mode: 'managed',
  scope: 'datacenter',
  description: 'A machine (instance) of the account, provisioned from an image and a package.',
  properties: [
    str('name', true, 'Instance name (alias); renamed in place.', {
      pattern: '^[a-zA-Z0-9][a-zA-Z0-9._-]*$',
      minLength: 1,
    }),
    str('image', true, 'Image id (UUID), or a reference to an Image or an image look-up.', {
      refable: true,
      immutable: true,
    }),
    str('package', true, 'Package name (or id); a change resizes the instance in place.', { refable: true }),
    strList(
      'networks',
      false,
      'Network ids, the first the primary NIC. Another network added or removed is a NIC added (AddNic) or removed (RemoveNic) in place, which reboots the instance; a change of the first replaces the instance (CloudAPI cannot choose the primary NIC in place).',
      { minItems: 1, element: { type: 'string', refable: true } },
    ),
    {
      name: 'networkIps',
      type: 'list',
      required: false,
      immutable: true,
      recorded: true,
      description:
        'Static addresses asked for on networks of `networks` (CreateMachine network objects `{ ipv4_uuid, ipv4_ips }`); used at create only and compared with the last apply, so a change replaces the instance.',
      element: {
        type: 'object',
        typeName: { name: 'InstanceNetworkIp', description: 'One static address an instance asks for on a network.' },
        fields: [
          str('network', true, 'Network id (or a reference to one), one of `networks`.', { refable: true }),
          str('ip', true, 'The IPv4 address.'),
        ],
      },
    },
    {
      name: 'volumes',
      type: 'list',
      required: false,
      immutable: true,
      recorded: true,
      sortBy: ['mountpoint'],
      description:
        'NFS volumes mounted at create (CreateMachine `volumes`); GetMachine does not return them, so they are compared with the last apply; a change replaces the instance.',
      element: {
        type: 'object',
        typeName: { name: 'InstanceVolumeMount', description: 'One NFS volume an instance mounts.' },
        fields: [
          str('volume', true, 'Volume id (a reference to a Volume, stable across its renames) or name.', {
            refable: true,
          }),
          str('mountpoint', true, 'Absolute path it is mounted at in the instance.', { pattern: '^/' }),
          {
            name: 'mode',
            type: 'string',
            required: true,
            oneOf: ['rw', 'ro'],
            default: 'rw',
            description: 'Read-write or read-only.',
          },
        ],
      },
    },
    {
      name: 'disks',
      type: 'list',
      required: false,
      recorded: true,
      description:
        "A bhyve instance's disks on a flexible-disk package, the boot disk first (CreateMachine `disks`); GetMachine does not show them, so they are compared with the last apply. A disk grown or added changes in place while the instance is stopped.",
      element: {
        type: 'object',
        typeName: { name: 'InstanceDisk', description: 'One disk of a bhyve instance.' },
        fields: [
          {
            name: 'size',
            type: 'number',
            required: false,
            integer: true,
            minimum: 1,
            description: "Size in MiB (the boot disk: the image's size unless given).",
          },
          {
            name: 'blockSize',
            type: 'number',
            required: false,
            integer: true,
            minimum: 512,
            maximum: 131072,
            description: 'Block size in bytes (not on the boot disk).',
          },
        ],
      },
    },
    {
      name: 'tags',
      type: 'map',
      element: { type: 'string', refable: true },
      required: false,
      description: 'Instance tags (strings); replaced as a whole in place.',
      valueRule: 'instance-tags',
    },
    strList(
      'affinity',
      false,
      'Affinity rules for where the instance is placed (`instance!=web-*`, `role==~db`); used at create only, so a change replaces the instance.',
      { immutable: true, recorded: true },
    ),
    {
      name: 'cns',
      type: 'object',
      required: false,
      description:
        'Triton CNS settings, kept as the tags `triton.cns.services` (the names joined by commas) and `triton.cns.disable`; changed in place.',
      typeName: {
        name: 'InstanceCns',
        description: 'The CNS (Triton Container Name Service) settings of an instance.',
      },
      fields: [
        {
          name: 'services',
          type: 'list',
          element: { type: 'string', pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' },
          required: false,
          description: 'CNS service names the instance answers for (DNS labels).',
        },
        {
          name: 'disable',
          type: 'bool',
          required: false,
          description: 'Whether CNS leaves the instance out of DNS.',
        },
      ],
    },
    {
      name: 'metadata',
      type: 'map',
      element: { type: 'string', refable: true },
      required: false,
      description: 'Customer metadata, `user-script` included; keys not declared are left alone.',
      valueRule: 'instance-metadata',
    },
    {
      name: 'administratorPw',
      type: 'object',
      secret: true,
      fields: [
        str('source', true, 'Where the value comes from at apply time: an environment variable or a file.', {
          oneOf: ['env', 'file'],
        }),
        str('name', true, 'The environment variable or file name.'),
      ],
      required: false,
      immutable: true,
      writeOnly: true,
      description:
        "The Administrator's initial password of a Windows instance (CreateMachine `administrator_pw`, kept by the server as the metadata key `administrator_pw`); set at create only, so a change replaces the instance; never stored.",
    },
    str(
      'rootAuthorizedKeys',
      false,
      "The root user's SSH keys, one OpenSSH line each followed by a newline (the metadata key `root_authorized_keys`, which CloudAPI fills with the account's keys at create): written once the instance is up and changed in place.",
    ),
    {
      name: 'delegateDataset',
      type: 'bool',
      required: true,
      default: false,
      immutable: true,
      description:
        'Whether the instance gets a delegated ZFS dataset (CreateMachine `delegate_dataset`), where the datacenter enables it; a change replaces the instance.',
    },
    {
      name: 'firewallEnabled',
      type: 'bool',
      required: true,
      description: 'Whether the cloud firewall applies to the instance.',
      default: false,
    },
    {
      name: 'deletionProtection',
      type: 'bool',
      required: true,
      description: 'Whether CloudAPI refuses to delete the instance.',
      default: false,
    },
    {
      name: 'state',
      type: 'string',
      required: true,
      description: 'Desired power state: `running` or `stopped` (a build machine is declared stopped).',
      oneOf: ['running', 'stopped'],
      default: 'running',
    },
    roleTags(false, 'Role names set as role tags on the instance (`/<account>/machines/<id>`).'),
  ],
  serverFields: [
    { name: 'id', computed: true },
    { name: 'primaryIp', computed: true },
    { name: 'ips', computed: true },
    // GetMachine's `dns_names` when CNS is enabled for the account (sdc-cloudapi lib/machines.js `get`).
    { name: 'domainNames', computed: true },
    // The first of `networks`, compared apart: a change of the primary NIC replaces the instance.
    { name: 'primaryNetwork', immutable: true },
  ],
  attributes: ['id', 'primaryIp', 'domainNames'],
  // CloudAPI refuses DeleteMachine while deletion protection is on: the plan refuses first.
  deletionGuard: { field: 'deletionProtection' },
  naturalKey: { from: 'fields', fields: [{ field: 'name' }] },
  naturalKeyText: 'name',
  uniqueness: 'a stack names each instance once (CloudAPI itself allows equal names)',
  // Role tags on /<account>/machines/<id>, where CloudAPI authorises every /machines/<id>/... route
  // (sdc-cloudapi resources.js); the name is shown beside it, and stands in for an id not known yet.
  access: 'itemRoleTags',
  itemPath: '/{account}/machines/{id}',
  itemLabel: 'name',
  census: {
    order: 11,
    listed: 'account',
    reported: 'when-managed',
    note: { text: 'an instance of package {package}' },
    roleTagsAt: '/{account}/machines/{id}',
  },
  ci: {
    // The UpdateMachine actions are named by sdc-cloudapi's app.js: `<action>machine`.
    actions: [
      'listmachines',
      'getmachine',
      'createmachine',
      'renamemachine',
      'resizemachine',
      'startmachine',
      'stopmachine',
      'enablemachinefirewall',
      'disablemachinefirewall',
      'enable_deletion_protectionmachine',
      'disable_deletion_protectionmachine',
      'replacemachinetags',
      'addmachinemetadata',
      'deletemachinemetadata',
      'deletemachine',
      'listnics',
      'listmachinedisks',
      'createmachinedisk',
      'resizemachinedisk',
      'addnic',
      'removenic',
    ],
    authorisedAt: { at: 'path', path: '/{account}/machines' },
  },
  rehearsal: { copies: 'machine-tags' },
} as const satisfies KindDescriptor;
