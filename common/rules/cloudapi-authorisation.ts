/**
 * CloudAPI's authorisation table, written once: every operation's RBAC action (the operation name
 * in lower case, `listmachines` for ListMachines) and the path its requests are authorised against.
 * The list of CloudAPI actions a rule may name (`rules/actions.ts`) and which actions a role tag on
 * a path can govern (`access/applicability.ts`) are both derived from it, so they cannot drift;
 * `test/access/cloudapi-authorisation.test.ts` checks it against the emulator's routes, which
 * follow the server.
 *
 * Sources: the CloudAPI reference (TritonDataCenter/sdc-cloudapi docs/index.md), its routes
 * (lib/endpoints/*.js) and lib/resources.js `resourceName` for the paths, and ../spec/cloudapi.md.
 */

/** The operations on one collection. */
export interface CollectionActions {
  /** Operations on `/<account>/<collection>`. */
  readonly collection: readonly string[];
  /** Operations on `/<account>/<collection>/<item>` (and paths below an item that inherit its tags). */
  readonly item: readonly string[];
}

/** Operations on the account itself (`/<account>`). */
export const ACCOUNT_ACTIONS: readonly string[] = [
  'getaccount',
  'updateaccount',
  'getaccountlimits',
  'getprovisioninglimits',
  'listforeigndatacenters',
];

/** The operations per collection under `/<account>/`, by the collection's path segment. */
export const COLLECTION_ACTIONS: Readonly<Record<string, CollectionActions>> = {
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
      // UpdateMachine's actions are `<action>machine` (sdc-cloudapi app.js reqRoutename), the
      // firewall toggles excepted: so deletion protection is `enable_deletion_protectionmachine`.
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

/** A user's keys path (`/<account>/users/<login>/keys`): its own operations, and the keys below it inherit its tags. */
export const USER_KEY_ACTIONS: readonly string[] = ['listuserkeys', 'createuserkey', 'getuserkey', 'deleteuserkey'];

/**
 * The fabric paths as lib/resources.js names them (`resourceName`), by their last segment: the
 * VLAN collection (`/<account>/fabrics/default/vlans`, four segments) is authorised as
 * `/<account>/fabrics/default`, everything below it (a VLAN, its networks, one network) as
 * `/<account>/fabrics/default/vlans`.
 */
export const FABRIC_ACTIONS: Readonly<Record<string, readonly string[]>> = {
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

/**
 * Operations whose paths the access model places nowhere above (the account config, analytics,
 * migrations, `/--ping`): a role tag anywhere but the account's own path may govern them.
 */
export const UNPLACED_ACTIONS: readonly string[] = [
  'getconfig',
  'updateconfig',
  'ping',
  'listmigrations',
  'getmigration',
  'describeanalytics',
  'listinstrumentations',
  'getinstrumentation',
  'getinstrumentationvalue',
  'getinstrumentationheatmap',
  'getinstrumentationheatmapdetails',
  'createinstrumentation',
  'deleteinstrumentation',
];

/** Every CloudAPI action, lower case, once each: the union of the table above. */
export const CLOUDAPI_ACTIONS: readonly string[] = [
  ...new Set([
    ...ACCOUNT_ACTIONS,
    ...Object.values(COLLECTION_ACTIONS).flatMap((c) => [...c.collection, ...c.item]),
    ...USER_KEY_ACTIONS,
    ...Object.values(FABRIC_ACTIONS).flat(),
    ...UNPLACED_ACTIONS,
    // Applies to every path (SetRoleTags is a PUT on any taggable path).
    'setroletags',
  ]),
];
