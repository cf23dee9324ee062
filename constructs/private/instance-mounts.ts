/**
 * The NFS volume mounts of an `Instance`, checked at synth: the volume a `Volume` or `VolumeLookup`
 * by object (its id, so a rename changes nothing), or a name; an absolute mount point used once; a
 * mode of `rw` or `ro`.
 */
import { stringDefault } from '../../common/kinds/defaults.js';
import { instance as instanceKind } from '../../kinds/instance/descriptor.js';
import { Reference } from '../reference.js';
import { TritonResource } from '../resource.js';
import { fail } from './problems.js';

/** The volume mounts, checked: an absolute mount point used once, a mode of `rw` or `ro`. */
export function checkVolumeMounts(
  at: string,
  mounts: readonly { readonly volume: unknown; readonly mountpoint: string; readonly mode?: string }[] | undefined,
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
    const mode = m.mode ?? stringDefault(instanceKind, 'volumes.mode');
    if (mode !== 'rw' && mode !== 'ro') fail(at, `${field}.mode`, m.mode, 'must be "rw" or "ro"');
    return { volume, mountpoint: m.mountpoint, mode };
  });
}
