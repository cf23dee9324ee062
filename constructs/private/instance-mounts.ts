/**
 * The NFS volume mounts of an `Instance`, checked at synth: the volume a `Volume` or `VolumeLookup`
 * by object (its id, so a rename changes nothing), or a name; an absolute mount point used once; a
 * mode of `rw` or `ro`.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import { Reference } from '../reference.js';
import { TritonResource } from '../resource.js';
import { fail, problem } from './problems.js';

/**
 * The volume mounts, checked: an absolute mount point used once, a mode of `rw` or `ro`.
 * `defaultMode` is the mode of a mount that names none (the instance descriptor's, which the
 * instance construct passes: this folder names no kind).
 */
export function checkVolumeMounts(
  at: string,
  mounts: readonly { readonly volume: unknown; readonly mountpoint: string; readonly mode?: string }[] | undefined,
  defaultMode: string,
): { volume: string | Reference; mountpoint: string; mode: string }[] | undefined {
  if (mounts === undefined) return undefined;
  if (!Array.isArray(mounts)) fail(at, 'volumes', mounts, 'must be a list of { volume, mountpoint, mode }');
  const seen = new Set<string>();
  return mounts.map((m, i) => {
    const field = `volumes[${i}]`;
    if (typeof m !== 'object' || m === null) fail(at, field, m, 'must be { volume, mountpoint, mode }');
    const volume =
      m.volume instanceof TritonResource && (m.volume as { volumeId?: unknown }).volumeId instanceof Reference
        ? (m.volume as unknown as { volumeId: Reference }).volumeId
        : typeof m.volume === 'string' && m.volume !== ''
          ? m.volume
          : fail(at, `${field}.volume`, m.volume, 'must be a Volume, a VolumeLookup or a volume name');
    if (typeof m.mountpoint !== 'string' || !m.mountpoint.startsWith('/') || m.mountpoint === '/')
      fail(at, `${field}.mountpoint`, m.mountpoint, 'must be an absolute path other than /');
    if (seen.has(m.mountpoint))
      fail(at, `${field}.mountpoint`, m.mountpoint, 'is used by another mount of this instance');
    seen.add(m.mountpoint);
    const mode = m.mode ?? defaultMode;
    if (mode !== 'rw' && mode !== 'ro') fail(at, `${field}.mode`, m.mode, 'must be "rw" or "ro"');
    return { volume, mountpoint: m.mountpoint, mode };
  });
}

/** A mounted volume that can say which networks it was declared on (a declared `Volume`). */
interface NetworkedVolume {
  readonly declaredNetworks: readonly (string | Reference)[] | undefined;
}

/**
 * The declared network a value names, or undefined when synth cannot know which network it is (an
 * id, a name, a look-up, or a reference to something else): two declared networks are the same
 * network exactly when they are the same object.
 */
function declaredNetwork(value: string | Reference): string | undefined {
  if (!(value instanceof Reference)) return undefined;
  return kindDescriptor(value.target.kind)?.mode === 'managed' ? value.target.address : undefined;
}

/**
 * Problems of mounts that none of the instance's NICs can reach. VMAPI refuses such a machine
 * (`checkAllNfsVolumesReachable`) and CloudAPI answers a bare 500 that reads as a busy cloud, so
 * synth says it where it can know: when the instance and the volume both name declared networks.
 */
export function unreachableMountProblems(
  at: string,
  mounts: readonly { readonly volume: unknown }[] | undefined,
  instanceNetworks: readonly (string | Reference)[] | undefined,
): string[] {
  if (mounts === undefined || instanceNetworks === undefined) return [];
  const nics = instanceNetworks.map(declaredNetwork);
  if (nics.some((n) => n === undefined)) return [];
  const problems: string[] = [];
  mounts.forEach((m, i) => {
    const volume = m.volume as Partial<NetworkedVolume> | null;
    const on = typeof volume === 'object' && volume !== null ? volume.declaredNetworks : undefined;
    if (on === undefined) return;
    const networks = on.map(declaredNetwork);
    if (networks.some((n) => n === undefined) || networks.some((n) => nics.includes(n))) return;
    problems.push(
      problem(
        at,
        `volumes[${i}].volume`,
        (m.volume as TritonResource).node.path,
        `is reachable only on ${networks.join(', ')}, and the instance has no NIC on any of them (networks: ${nics.join(', ')}); add one of them to the instance's networks`,
      ),
    );
  });
  return problems;
}
