/**
 * The actions an access-control rule can name: CloudAPI's operations (its RBAC action is the
 * operation name in lower case, e.g. `listmachines` for ListMachines) and Manta's. A rule naming
 * anything else grants or denies nothing, usually because of a typo (`getmachines`), so synth warns.
 *
 * Sources: the CloudAPI reference (TritonDataCenter/sdc-cloudapi docs/index.md) and
 * ../spec/cloudapi.md for CloudAPI; Manta's authorization actions as muskie checks them
 * (../spec/manta.md, and the emulator's routes, which follow it). Names muskie never checks
 * (`putmetadata`, `canceljob`...) are flagged with the action it checks instead.
 */
import { didYouMean } from '../did-you-mean.js';

const CLOUDAPI_ACTIONS = [
  // account, keys, config, limits, datacenters, services
  'getaccount',
  'updateaccount',
  'getaccountlimits',
  'getprovisioninglimits',
  'listkeys',
  'getkey',
  'createkey',
  'deletekey',
  'getconfig',
  'updateconfig',
  'listdatacenters',
  'getdatacenter',
  'listforeigndatacenters',
  'listservices',
  'ping',
  // users, user keys, roles, role tags, policies, access keys
  'listusers',
  'getuser',
  'createuser',
  'updateuser',
  'changeuserpassword',
  'deleteuser',
  'listuserkeys',
  'getuserkey',
  'createuserkey',
  'deleteuserkey',
  'listroles',
  'getrole',
  'createrole',
  'updaterole',
  'deleterole',
  'setroletags',
  'listpolicies',
  'getpolicy',
  'createpolicy',
  'updatepolicy',
  'deletepolicy',
  'listaccesskeys',
  'getaccesskey',
  'createaccesskey',
  'updateaccesskey',
  'deleteaccesskey',
  'listuseraccesskeys',
  'getuseraccesskey',
  'createuseraccesskey',
  'updateuseraccesskey',
  'deleteuseraccesskey',
  // images, packages
  'listimages',
  'getimage',
  'deleteimage',
  'exportimage',
  'createimagefrommachine',
  'updateimage',
  'cloneimage',
  'importimagefromdatacenter',
  'shareimage',
  'unshareimage',
  'listpackages',
  'getpackage',
  // instances
  'listmachines',
  'getmachine',
  'headmachine',
  'createmachine',
  'stopmachine',
  'startmachine',
  'rebootmachine',
  'resizemachine',
  'renamemachine',
  'deletemachine',
  'machineaudit',
  'headmachines',
  'enablemachinefirewall',
  'disablemachinefirewall',
  // UpdateMachine's actions are `<action>machine` (sdc-cloudapi app.js reqRoutename), the firewall
  // toggles excepted: so deletion protection is `enable_deletion_protectionmachine`.
  'enable_deletion_protectionmachine',
  'disable_deletion_protectionmachine',
  'createmachinesnapshot',
  'startmachinefromsnapshot',
  'listmachinesnapshots',
  'getmachinesnapshot',
  'deletemachinesnapshot',
  'addmachinemetadata',
  'listmachinemetadata',
  'getmachinemetadata',
  'deletemachinemetadata',
  'deleteallmachinemetadata',
  'addmachinetags',
  'replacemachinetags',
  'listmachinetags',
  'getmachinetag',
  'deletemachinetag',
  'deletemachinetags',
  'listmachinedisks',
  'getmachinedisk',
  'createmachinedisk',
  'resizemachinedisk',
  'deletemachinedisk',
  'listmigrations',
  'getmigration',
  'migrate',
  'migratemachineestimate',
  // analytics
  'describeanalytics',
  'listinstrumentations',
  'getinstrumentation',
  'getinstrumentationvalue',
  'getinstrumentationheatmap',
  'getinstrumentationheatmapdetails',
  'createinstrumentation',
  'deleteinstrumentation',
  // firewall rules, networks, fabrics, NICs, volumes
  'listfirewallrules',
  'getfirewallrule',
  'createfirewallrule',
  'updatefirewallrule',
  'enablefirewallrule',
  'disablefirewallrule',
  'deletefirewallrule',
  'listfirewallrulemachines',
  'listmachinefirewallrules',
  'listnetworks',
  'getnetwork',
  'listnetworkips',
  'getnetworkip',
  'updatenetworkip',
  'listfabricvlans',
  'createfabricvlan',
  'getfabricvlan',
  'updatefabricvlan',
  'deletefabricvlan',
  'listfabricnetworks',
  'createfabricnetwork',
  'getfabricnetwork',
  'updatefabricnetwork',
  'deletefabricnetwork',
  'listnics',
  'getnic',
  'addnic',
  'removenic',
  'listvolumes',
  'listvolumesizes',
  'getvolume',
  'createvolume',
  'updatevolume',
  'deletevolume',
] as const;

const MANTA_ACTIONS = [
  'getobject',
  'putobject',
  'deleteobject',
  'putdirectory',
  'getdirectory',
  'listdirectory',
  'deletedirectory',
  'putsnaplink',
  'createjob',
  'getjob',
  'listjobs',
  'managejob',
] as const;

/**
 * Names that look like Manta actions but that muskie never checks, with the action it checks
 * instead (muskie mantav1 lib/server.js `authAction`; the emulator's Manta follows it, see
 * emulator/README.md "Manta lines" and emulator/manta/README.md): a rule naming one of them grants
 * or denies nothing.
 */
const MANTA_UNCHECKED: Readonly<Record<string, string>> = {
  putmetadata: 'putobject',
  addjobinputs: 'managejob',
  endjobinput: 'managejob',
  canceljob: 'managejob',
  getjobinput: 'getjob',
  getjoboutput: 'getjob',
  getjoberrors: 'getjob',
  getjobfailures: 'getjob',
  // Multipart uploads are checked as putobject and getobject (against the target, and the tags of /:login/uploads).
  createupload: 'putobject',
  uploadpart: 'putobject',
  commitupload: 'putobject',
  abortupload: 'putobject',
  getupload: 'getobject',
};

/** Manta's actions, lower case (the rest of {@link KNOWN_ACTIONS} are CloudAPI's). */
export const MANTA_ACTION_NAMES: ReadonlySet<string> = new Set<string>(MANTA_ACTIONS);

/** Every action a rule may name, lower case. */
export const KNOWN_ACTIONS: ReadonlySet<string> = new Set<string>([...CLOUDAPI_ACTIONS, ...MANTA_ACTIONS]);

/**
 * `undefined` when `action` is one of {@link KNOWN_ACTIONS} (or a wildcard), else a sentence saying
 * that no operation has it, with the closest known action.
 */
export function checkAction(action: string): string | undefined {
  const a = action.toLowerCase();
  if (a === '*' || KNOWN_ACTIONS.has(a)) return undefined;
  const instead = MANTA_UNCHECKED[a];
  if (instead !== undefined)
    return `Manta never checks the action ${JSON.stringify(action)} (muskie checks that request as ${JSON.stringify(instead)}), so the rule grants or denies nothing; name ${instead} instead`;
  return `no CloudAPI or Manta operation has the action ${JSON.stringify(action)}, so the rule grants or denies nothing${didYouMean(a, [...KNOWN_ACTIONS])}`;
}
