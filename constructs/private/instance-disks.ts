/**
 * The `disks` of a bhyve `Instance` on a flexible-disk package (CloudAPI 9.x CreateMachine `disks`),
 * checked at synth with the rules sdc-cloudapi lib/machines.js `getCreateOptions` applies: at most
 * 8, the first the boot disk (its size the image's unless given, no block size), every other with a
 * size; a block size a power of two from 512 to 131072 (vmadm's `validRecordSize`).
 */
import { fail } from './problems.js';

/** One disk as the construct takes it. */
export interface InstanceDiskSpec {
  /** Size in MiB. @default - the image's size (the boot disk only) */
  readonly size?: number;
  /** Block size in bytes (not on the boot disk). @default 8192 (VMAPI's) */
  readonly blockSize?: number;
}

/** CloudAPI's `MAX_ALLOWED_VM_DISKS`. */
const MAX_DISKS = 8;

/** The disks, checked, as the manifest takes them. */
export function checkDisks(at: string, disks: unknown): { size?: number; blockSize?: number }[] | undefined {
  if (disks === undefined) return undefined;
  if (!Array.isArray(disks) || disks.length === 0)
    fail(at, 'disks', disks, 'must be a non-empty list of { size, blockSize }, the boot disk first');
  if (disks.length > MAX_DISKS)
    fail(at, 'disks', disks.length, `must hold at most ${MAX_DISKS} disks (CloudAPI's MAX_ALLOWED_VM_DISKS)`);
  return (disks as unknown[]).map((d, i) => {
    const field = `disks[${i}]`;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) fail(at, field, d, 'must be { size, blockSize }');
    const { size, blockSize, ...rest } = d as InstanceDiskSpec;
    const extra = Object.keys(rest);
    if (extra.length > 0) fail(at, `${field}.${extra[0]}`, d, 'is not a disk field (size, blockSize)');
    if (size !== undefined && (typeof size !== 'number' || !Number.isInteger(size) || size < 1))
      fail(at, `${field}.size`, size, 'must be a whole number of MiB, at least 1');
    if (size === undefined && i > 0)
      fail(
        at,
        `${field}.size`,
        size,
        'must be given for every disk but the boot disk (CloudAPI: "disk.size must be set")',
      );
    if (blockSize !== undefined) {
      if (i === 0)
        fail(
          at,
          `${field}.blockSize`,
          blockSize,
          'cannot be set on the boot disk (CloudAPI: "Cannot set block_size and image_uuid")',
        );
      if (typeof blockSize !== 'number' || blockSize < 512 || blockSize > 131072 || (blockSize & (blockSize - 1)) !== 0)
        fail(at, `${field}.blockSize`, blockSize, 'must be a power of 2 from 512 to 131072');
    }
    return { ...(size !== undefined ? { size } : {}), ...(blockSize !== undefined ? { blockSize } : {}) };
  });
}
