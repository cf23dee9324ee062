/**
 * The actions an access-control rule can name: CloudAPI's operations (its RBAC action is the
 * operation name in lower case, e.g. `listmachines` for ListMachines) and Manta's. A rule naming
 * anything else grants or denies nothing, usually because of a typo (`getmachines`), so synth warns.
 *
 * Sources: CloudAPI's actions are those of its authorisation table (`cloudapi-authorisation.ts`,
 * the one place they are written); Manta's authorization actions as muskie checks them
 * (../spec/manta.md, and the emulator's routes, which follow it). Names muskie never checks
 * (`putmetadata`, `canceljob`...) are flagged with the action it checks instead.
 */
import { didYouMean } from '../did-you-mean.js';
import { CLOUDAPI_ACTIONS } from './cloudapi-authorisation.js';

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
