/**
 * Which actions a request on a path can carry: a rule granting `listmachines` through a role tagged
 * on `/acme/users` grants nothing a request could use, since no ListMachines request is made to
 * `/acme/users`. The permission table leaves such rows out so that it lists what can happen.
 *
 * The operations per collection follow CloudAPI's routes (docs/index.md of sdc-cloudapi): the
 * collection path takes its list and create operations, an item path the others; `setroletags`
 * applies to every path. Manta paths take Manta's actions only.
 */
import { KNOWN_ACTIONS, MANTA_ACTION_NAMES as MANTA_ACTIONS } from '../rules/actions.js';
import { serviceOf } from './model.js';

interface CollectionOps {
  /** Operations on `/<account>/<collection>`. */
  readonly collection: readonly string[];
  /** Operations on `/<account>/<collection>/<item>` (and paths below an item that inherit its tags). */
  readonly item: readonly string[];
}

const OPS: Readonly<Record<string, CollectionOps>> = {
  users: {
    collection: ['listusers', 'createuser'],
    item: [
      'getuser',
      'updateuser',
      'changeuserpassword',
      'deleteuser',
      'listuserkeys',
      'createuserkey',
      'listuseraccesskeys',
      'createuseraccesskey',
      // A key below the user (`/acme/users/bob/accesskeys/<id>`) is authorised against a path that
      // cannot be tagged, so it inherits the user's tags.
      'getuseraccesskey',
      'updateuseraccesskey',
      'deleteuseraccesskey',
    ],
  },
  roles: { collection: ['listroles', 'createrole'], item: ['getrole', 'updaterole', 'deleterole'] },
  policies: { collection: ['listpolicies', 'createpolicy'], item: ['getpolicy', 'updatepolicy', 'deletepolicy'] },
  keys: { collection: ['listkeys', 'createkey'], item: ['getkey', 'deletekey'] },
  accesskeys: {
    collection: ['listaccesskeys', 'createaccesskey'],
    item: ['getaccesskey', 'updateaccesskey', 'deleteaccesskey'],
  },
  images: {
    collection: ['listimages', 'createimagefrommachine', 'importimagefromdatacenter'],
    item: ['getimage', 'deleteimage', 'exportimage', 'updateimage', 'cloneimage', 'shareimage', 'unshareimage'],
  },
  packages: { collection: ['listpackages'], item: ['getpackage'] },
  datacenters: { collection: ['listdatacenters'], item: ['getdatacenter'] },
  services: { collection: ['listservices'], item: [] },
  fwrules: {
    collection: ['listfirewallrules', 'createfirewallrule'],
    item: [
      'getfirewallrule',
      'updatefirewallrule',
      'enablefirewallrule',
      'disablefirewallrule',
      'deletefirewallrule',
      'listfirewallrulemachines',
    ],
  },
  // Every /machines/<id>/... route is authorised against the machine (resources.js resourceName).
  machines: {
    collection: ['listmachines', 'headmachines', 'createmachine'],
    item: [
      'getmachine',
      'headmachine',
      'startmachine',
      'stopmachine',
      'rebootmachine',
      'resizemachine',
      'renamemachine',
      'deletemachine',
      'machineaudit',
      'enablemachinefirewall',
      'disablemachinefirewall',
      'enable_deletion_protectionmachine',
      'disable_deletion_protectionmachine',
      'addmachinetags',
      'replacemachinetags',
      'listmachinetags',
      'getmachinetag',
      'deletemachinetag',
      'deletemachinetags',
      'addmachinemetadata',
      'listmachinemetadata',
      'getmachinemetadata',
      'deletemachinemetadata',
      'deleteallmachinemetadata',
      'createmachinesnapshot',
      'startmachinefromsnapshot',
      'listmachinesnapshots',
      'getmachinesnapshot',
      'deletemachinesnapshot',
      'listmachinefirewallrules',
      'listnics',
      'getnic',
      'addnic',
      'removenic',
      'listmachinedisks',
      'getmachinedisk',
      'createmachinedisk',
      'resizemachinedisk',
      'deletemachinedisk',
      'migrate',
      'migratemachineestimate',
    ],
  },
  networks: { collection: ['listnetworks'], item: ['getnetwork', 'listnetworkips', 'getnetworkip', 'updatenetworkip'] },
  volumes: { collection: ['listvolumes', 'createvolume'], item: ['getvolume', 'updatevolume', 'deletevolume'] },
  volumesizes: { collection: ['listvolumesizes'], item: [] },
};

/**
 * The fabric paths as lib/resources.js names them (`resourceName`): the VLAN collection
 * (`/<account>/fabrics/default/vlans`, four segments) is authorised as `/<account>/fabrics/default`,
 * everything below it (a VLAN, its networks, one network) as `/<account>/fabrics/default/vlans`.
 */
const FABRIC_OPS: Readonly<Record<string, readonly string[]>> = {
  default: ['listfabricvlans', 'createfabricvlan'],
  vlans: [
    'getfabricvlan',
    'updatefabricvlan',
    'deletefabricvlan',
    'listfabricnetworks',
    'createfabricnetwork',
    'getfabricnetwork',
    'updatefabricnetwork',
    'deletefabricnetwork',
  ],
};

const ACCOUNT_OPS = [
  'getaccount',
  'updateaccount',
  'getaccountlimits',
  'getprovisioninglimits',
  'listforeigndatacenters',
];

/** True for an action that names no known operation or is a pattern: it is shown as written. */
function unknownOrPattern(action: string): boolean {
  return !KNOWN_ACTIONS.has(action) || /[*?]/.test(action);
}

/**
 * Whether a request carrying `action` can be governed by the tags on `path` (with `items`: also
 * the collection's items, whose requests inherit the collection's tags).
 */
export function actionAppliesTo(action: string, path: string, items: boolean): boolean {
  const a = action.toLowerCase();
  if (unknownOrPattern(a) || a === 'setroletags') return true;
  const segments = path.split('/');
  if (serviceOf(path) === 'manta') return MANTA_ACTIONS.has(a);
  if (MANTA_ACTIONS.has(a)) return false;
  if (segments.length === 2) return ACCOUNT_OPS.includes(a);
  const collection = segments[2] ?? '';
  if (collection === 'fabrics') return (FABRIC_OPS[segments[segments.length - 1] ?? ''] ?? []).includes(a);
  const ops = OPS[collection];
  if (ops === undefined) return true;
  if (segments.length === 3) return ops.collection.includes(a) || (items && ops.item.includes(a));
  // A user's keys path: its own operations, and the keys below it inherit its tags.
  if (collection === 'users' && segments[4] === 'keys')
    return ['listuserkeys', 'createuserkey', 'getuserkey', 'deleteuserkey'].includes(a);
  return ops.item.includes(a);
}
