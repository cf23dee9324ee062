/**
 * CreateMachine's parts that are not checks of the image, package or networks: the `affinity`
 * rules, the NFS volumes to mount, the `role-tag` header and object parameters.
 */
import { EmulatorError, invalidArgument } from '../../core/errors.js';
import type { RequestContext } from '../../core/types.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from './before.js';
import type { MountRecord } from './fixtures.js';
import { param } from './params.js';
import { checkAffinityRule } from '../../../common/rules/affinity.js';

/**
 * The `affinity` rules of a CreateMachine or CreateVolume request: strings in CloudAPI's grammar
 * (sdc-cloudapi lib/triton-affinity.js), refused with its message; `undefined` when none are given.
 * @throws EmulatorError 409 InvalidArgument naming the first bad rule
 */
export function affinityRules(rc: RequestContext): string[] | undefined {
  const raw = param(rc, 'affinity');
  if (raw === undefined || raw === null || raw === '') return undefined;
  const rules = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(rules) || rules.some((r) => typeof r !== 'string'))
    throw invalidArgument('affinity must be a string or an array of strings');
  for (const rule of rules as string[]) {
    const problem = checkAffinityRule(rule);
    if (problem !== undefined) throw invalidArgument(problem);
  }
  return rules as string[];
}

/**
 * Checks the `affinity` rules (see {@link affinityRules}); where they place a machine is
 * `machine-placement.ts`'s.
 * @throws EmulatorError 409 InvalidArgument naming the first bad rule
 */
export function checkAffinity(rc: RequestContext): void {
  affinityRules(rc);
}

/**
 * A `role-tag` header on CreateMachine tags the new machine (sdc-cloudapi lib/machines.js `create`,
 * `req.headers['role-tag']`). The roles are looked up as SetRoleTags looks them up
 * (lib/membership.js `preloadGroups`, on this datacenter's UFDS replica), but a name it cannot find
 * is only logged there ("Error loading roles") and the machine is made with no role tags at all.
 */
export function createRoleTags(rc: RequestContext, account: AccountState): string[] | undefined {
  const raw = rc.header('role-tag');
  if (raw === undefined || raw === '') return undefined;
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
  const missing = names.filter((n) => !account.roles.currentAll().some((r) => r.name === n));
  return missing.length > 0 ? undefined : names;
}

/**
 * The NFS volumes to mount (CreateMachine `volumes`, sdc-cloudapi lib/machines.js): each
 * `{ name, type: 'tritonnfs', mountpoint, mode }`, naming a `ready` volume of the account.
 */
export function volumesParam(rc: RequestContext, state: CloudApiState): MountRecord[] {
  const raw = param(rc, 'volumes');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidArgument('volumes: must be an array of volume objects');
  const owned = state.volumes.volumesOf(accountOf(rc).account.id);
  const seen = new Set<string>();
  return raw.map((v: unknown, i) => {
    const m = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    const name = m['name'];
    const mountpoint = m['mountpoint'];
    const mode = m['mode'] ?? 'rw';
    if (typeof name !== 'string' || name === '') throw invalidArgument(`volumes[${i}].name: must be a volume name`);
    if (m['type'] !== undefined && m['type'] !== 'tritonnfs')
      throw invalidArgument(`volumes[${i}].type: ${String(m['type'])} is not a supported volume type`);
    if (typeof mountpoint !== 'string' || !mountpoint.startsWith('/'))
      throw invalidArgument(`volumes[${i}].mountpoint: must be an absolute path`);
    if (seen.has(mountpoint)) throw invalidArgument(`volumes[${i}].mountpoint: ${mountpoint} is mounted twice`);
    seen.add(mountpoint);
    if (mode !== 'rw' && mode !== 'ro') throw invalidArgument(`volumes[${i}].mode: must be "rw" or "ro"`);
    const volume = owned.find((o) => o.name === name && o.state !== 'failed');
    if (volume === undefined) throw new EmulatorError(404, 'VolumeNotFound', `Volume with name ${name} not found`);
    if (volume.state !== 'ready')
      throw invalidArgument(`volume ${name} is ${volume.state}; a volume must be ready to be mounted`);
    return { id: volume.id, name, mountpoint, mode, type: 'tritonnfs' };
  });
}

/**
 * VMAPI refuses a provision whose mounted volumes share none of the machine's networks (sdc-vmapi
 * lib/endpoints/vms.js `checkAllNfsVolumesReachable`, before the allocation), and CloudAPI wraps
 * it (lib/errors.js `VolumesNotReachableError`): its restCode and status live on the constructor
 * but are read from the prototype, so restify's defaults apply and the answer is 500 `Error`.
 * @throws EmulatorError 500 Error "Volumes not reachable from machine: Volume … not reachable on networks …"
 */
export function checkVolumesReachable(
  state: CloudApiState,
  owner: string,
  mounts: readonly MountRecord[],
  networks: readonly string[],
): void {
  const owned = mounts.length > 0 ? state.volumes.volumesOf(owner) : [];
  const problems = mounts.flatMap((m) => {
    const volume = owned.find((v) => v.id === m.id);
    if (volume === undefined || volume.networks.some((n) => networks.includes(n))) return [];
    return [`Volume ${m.name} not reachable on networks ${networks.join(', ')}`];
  });
  if (problems.length > 0)
    throw new EmulatorError(500, 'Error', `Volumes not reachable from machine: ${problems.join(', ')}`);
}

/** An object parameter of the body (`tags`, `metadata`), refused when it is not an object. */
export function objectParam(rc: RequestContext, name: string): Record<string, unknown> | undefined {
  const v = rc.body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidArgument(`${name} must be an object`);
  return v as Record<string, unknown>;
}
