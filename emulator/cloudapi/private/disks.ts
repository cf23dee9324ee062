/**
 * The disks of bhyve machines: made at CreateMachine as sdc-cloudapi `lib/machines.js`
 * `getCreateOptions` lays them out (a `flexible_disk` package's `disks`, or the image disk and a
 * data disk), and shown as `lib/endpoints/disks.js` `translate` does.
 */
import { randomUUID } from 'node:crypto';
import { invalidArgument, missingParameter } from '../../core/errors.js';
import type { DiskRecord, MachineRecord } from './fixtures.js';
import { FieldErrorsError } from './field-errors.js';
import { isUuid } from './lookup.js';

/** `MAX_ALLOWED_VM_DISKS`. */
export const MAX_DISKS = 8;
/** The size of a zvol image's boot disk when the image does not say (`image_size`), in MiB. */
export const DEFAULT_IMAGE_SIZE = 10240;
/** The block size VMAPI gives a bhyve disk when none is asked for. */
const DEFAULT_BLOCK_SIZE = 8192;

/** vmadm's `validRecordSize`: a power of two from 512 to 131072. */
export function validBlockSize(n: unknown): boolean {
  return typeof n === 'number' && n >= 512 && n <= 131072 && (n & (n - 1)) === 0;
}

/** The PCI slot of a machine's `i`th disk (bhyve puts disks on bus 0, slot 4, functions 0–7). */
export function pciSlot(i: number): string {
  return `0:4:${i}`;
}

/** A package's `disks` (PAPI keeps them as given: a list, or its JSON text), copied; none when it has none. */
export function packageDisks(value: unknown): unknown {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list)
    ? list.map((d: unknown) => (typeof d === 'object' && d !== null ? { ...d } : d))
    : undefined;
}

/**
 * The disks of a new bhyve machine (`getCreateOptions`): the `disks` asked for with a
 * `flexible_disk` package, each checked with the server's message, or the image disk and one data
 * disk of the rest of the package's quota.
 * @param quota the package's disk, MiB
 */
export function disksForCreate(asked: unknown, flexible: boolean, quota: number, imageSize: number): DiskRecord[] {
  if (asked !== undefined && !flexible)
    throw invalidArgument('The use of `disks` is only supported if the package has the flexible_disk attr set to true');
  const sizes: Array<{ size: number; block_size?: number; id?: string }> = [];
  if (asked === undefined) sizes.push({ size: imageSize }, { size: flexible ? quota - imageSize : quota });
  else {
    if (!Array.isArray(asked) || asked.length === 0) throw invalidArgument('disks must be an array of disk objects');
    if (asked.length > MAX_DISKS) throw invalidArgument(`A maximum of ${MAX_DISKS} disks per VM are supported`);
    let remaining: number | undefined;
    (asked as Array<Record<string, unknown>>).forEach((d, i) => {
      if (d['block_size'] !== undefined) {
        if (i === 0) throw invalidArgument('Cannot set block_size and image_uuid.');
        if (!validBlockSize(d['block_size']))
          throw invalidArgument(
            `Invalid block_size: ${String(d['block_size'])} on disk: ${i}. Must be 512-131072 and a power of 2.`,
          );
      }
      if (d['size'] === 'remaining') {
        if (remaining !== undefined) throw invalidArgument('Only one disk.size can be set to `remaining`');
        remaining = i;
      } else if (d['size'] === undefined && i !== 0)
        throw missingParameter('disk.size must be set if disk is not the boot disk');
      const size = d['size'] === 'remaining' ? 0 : d['size'] === undefined ? imageSize : Number(d['size']);
      sizes.push({
        size,
        ...(typeof d['block_size'] === 'number' ? { block_size: d['block_size'] } : {}),
        // getCreateOptions passes a disk's `id` on as its uuid, which the disk then keeps.
        ...(typeof d['id'] === 'string' && isUuid(d['id']) ? { id: d['id'] } : {}),
      });
    });
    const sum = sizes.reduce((a, d) => a + d.size, 0);
    if (remaining !== undefined) {
      if (remaining === 0 && imageSize > quota - sum)
        throw invalidArgument('The size of the disks must not be greater than the package quota');
      sizes[remaining]!.size = quota - sum;
    }
    if (sizes[0]!.size < imageSize)
      throw invalidArgument('Size must be greater than or equal to image size for the boot disk');
    if (sizes.reduce((a, d) => a + d.size, 0) > quota)
      throw invalidArgument('The size of the disks must not be greater than the package quota');
    // VMAPI's validDisks (lib/common/validation.js) then refuses a data disk of no size, such as a
    // `remaining` disk the others left nothing for.
    const empty = sizes.flatMap((d, i) =>
      i > 0 && !(d.size > 0)
        ? [{ field: `disks.${i}.size`, code: 'Invalid', message: 'Disk size must be positive' }]
        : [],
    );
    if (empty.length > 0) throw new FieldErrorsError(409, 'ValidationFailed', 'Invalid VM parameters', empty);
  }
  return sizes.map((d, i) => ({
    id: d.id ?? randomUUID(),
    pci_slot: pciSlot(i),
    size: d.size,
    block_size: d.block_size ?? DEFAULT_BLOCK_SIZE,
    boot: i === 0,
  }));
}

/** Ends the disk jobs that have run by `now`; a deleted disk leaves. @returns whether anything changed */
export function advanceDisks(machine: MachineRecord, now: number): boolean {
  let changed = false;
  for (const d of machine.disks ?? [])
    if (d.job !== undefined && d.readyAt !== undefined && now >= d.readyAt) {
      if (d.job === 'deleting') machine.disks = machine.disks!.filter((x) => x !== d);
      delete d.job;
      delete d.readyAt;
      changed = true;
    }
  return changed;
}

/**
 * Starts a disk job that ends `durationMs` later (a VMAPI update job, timed as a resize by the
 * emulator's timing profile).
 */
export function startDiskJob(
  disk: DiskRecord,
  job: 'creating' | 'resizing' | 'deleting',
  now: number,
  durationMs: number,
): void {
  disk.job = job;
  disk.readyAt = now + durationMs;
}

/** `translate`: a disk's wire form; without a job its state is the machine's. */
export function diskJson(disk: DiskRecord, machine: MachineRecord): Record<string, unknown> {
  return {
    id: disk.id,
    pci_slot: disk.pci_slot,
    size: disk.size,
    block_size: disk.block_size,
    boot: disk.boot,
    state: disk.job ?? machine.state,
  };
}
