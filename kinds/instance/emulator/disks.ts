/**
 * The disks of bhyve machines as sdc-cloudapi `lib/endpoints/disks.js` serves them over VMAPI:
 * ListMachineDisks, GetMachineDisk, CreateMachineDisk, ResizeMachineDisk, DeleteMachineDisk. A
 * change needs the machine stopped (`VM must be stopped`); it runs as a short job, the disk's state
 * `creating`, `resizing` or `deleting` until it ran, then the machine's state.
 */
import { EmulatorError, invalidArgument, missingParameter, notFound } from '../../../emulator/core/errors.js';
import type { RequestContext, Reply } from '../../../emulator/core/types.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import { audit, findMachine } from '../../../emulator/cloudapi/private/machine-model.js';
import type { DiskRecord, MachineRecord } from '../../../emulator/cloudapi/private/fixtures.js';
import { advanceDisks, diskJson, MAX_DISKS, pciSlot, startDiskJob } from '../../../emulator/cloudapi/private/disks.js';
import { isUuid } from '../../../emulator/cloudapi/private/lookup.js';
import { param } from '../../../emulator/cloudapi/private/params.js';
import { FieldErrorsError } from '../../../emulator/cloudapi/private/field-errors.js';
import { randomUUID } from 'node:crypto';

/**
 * VMAPI changes the disks only of a VM made on a flexible_disk package, after CloudAPI's own checks
 * (sdc-vmapi lib/endpoints/vms.js, add/resize/delete disk: `VmWithoutFlexibleDiskSizeError`).
 * @throws EmulatorError 409 VmWithoutFlexibleDiskSize
 */
function flexibleOnly(m: MachineRecord): void {
  if (m.flexibleDiskSize === undefined)
    throw new EmulatorError(409, 'VmWithoutFlexibleDiskSize', 'VM does not have flexible disk sizing enabled');
}

/** `PCI_SLOT_RE`. */
const PCI_SLOT_RE = /^[0-9]{1,3}:[0-9]{1,2}:[0-7]$/;
const BASE = '/:account/machines/:machine/disks';

/** The five disk routes. */
export function diskRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  /** `getMachine`: a UUID, then the account's machine, its disk jobs moved along. */
  const machineOf = (rc: RequestContext): MachineRecord => {
    const id = rc.params['machine']!;
    if (!isUuid(id)) throw invalidArgument('VM has invalid format');
    const machine = findMachine(state.machines(accountOf(rc)), id);
    if (advanceDisks(machine, rc.ctx.clock())) state.changed();
    return machine;
  };
  const diskOf = (rc: RequestContext, machine: MachineRecord): DiskRecord => {
    const disk = (machine.disks ?? []).find((d) => d.id === rc.params['disk']);
    if (disk === undefined) throw notFound('disk not found');
    return disk;
  };
  const stopped = (machine: MachineRecord): void => {
    if (machine.state !== 'stopped') throw invalidArgument('VM must be stopped');
  };
  const list = (rc: RequestContext): Reply => {
    const m = machineOf(rc);
    const disks = (m.disks ?? []).map((d) => diskJson(d, m));
    return { status: 200, body: disks, headers: { 'x-resource-count': String(disks.length) } };
  };
  const get = (rc: RequestContext): Reply => {
    const m = machineOf(rc);
    return { status: 200, body: diskJson(diskOf(rc, m), m) };
  };
  return [
    { method: 'GET', path: BASE, name: 'ListMachineDisks', handler: list },
    { method: 'HEAD', path: BASE, name: 'ListMachineDisks', handler: list },
    { method: 'GET', path: `${BASE}/:disk`, name: 'GetMachineDisk', handler: get },
    { method: 'HEAD', path: `${BASE}/:disk`, name: 'GetMachineDisk', handler: get },
    {
      method: 'POST',
      path: BASE,
      name: 'CreateMachineDisk',
      handler: (rc) => {
        const m = machineOf(rc);
        if (m.brand !== 'bhyve') throw invalidArgument('Disk Creation is supported only for BHYVE VMs');
        stopped(m);
        let size = param(rc, 'size');
        const slot = param(rc, 'pci_slot');
        if (size === undefined || size === null || size === '') throw missingParameter('size must be specified');
        if (size !== 'remaining' && Number.isNaN(Number(size))) throw invalidArgument('size must be a number');
        if (slot !== undefined && (typeof slot !== 'string' || !PCI_SLOT_RE.test(slot)))
          throw invalidArgument('pci_slot has wrong format');
        const disks = m.disks ?? [];
        if (disks.length >= MAX_DISKS) throw invalidArgument(`A maximum of ${MAX_DISKS} disks per VM are supported`);
        if (size === 'remaining') {
          if (m.flexibleDiskSize === undefined)
            throw invalidArgument('remaining is only supported for VMs created with flexible_disk_size packages');
          size = m.flexibleDiskSize - disks.reduce((a, d) => a + d.size, 0);
        }
        flexibleOnly(m);
        const taken = new Set(disks.map((d) => d.pci_slot));
        let n = 0;
        while (taken.has(pciSlot(n))) n++;
        const disk: DiskRecord = {
          id: randomUUID(),
          pci_slot: typeof slot === 'string' ? slot : pciSlot(n),
          size: Number(size),
          block_size: 8192,
          boot: false,
        };
        startDiskJob(disk, 'creating', rc.ctx.clock(), rc.ctx.timing.ms('resize'));
        m.disks = [...disks, disk];
        audit(m, 'update', rc.ctx.clock());
        state.changed();
        return { status: 200, body: diskJson(disk, m) };
      },
    },
    {
      method: 'POST',
      path: `${BASE}/:disk`,
      name: 'ResizeMachineDisk',
      handler: (rc) => {
        const m = machineOf(rc);
        const disk = diskOf(rc, m);
        stopped(m);
        const size = param(rc, 'size');
        if (size === undefined || size === null || size === '') throw missingParameter('size must be specified');
        if (Number.isNaN(Number(size))) throw invalidArgument('size must be a number');
        const shrink = param(rc, 'dangerous_allow_shrink');
        if (shrink !== undefined && typeof shrink !== 'boolean')
          throw invalidArgument('dangerous_allow_shrink must be a boolean');
        // VMAPI (vms.js `resizeDisk`): a VM without a flexible disk size first, then a shrink not
        // allowed, as its ValidationFailed naming `size`.
        flexibleOnly(m);
        if (Number(size) < disk.size && shrink !== true)
          throw new FieldErrorsError(409, 'ValidationFailed', 'Invalid Parameters', [
            { field: 'size', code: 'Invalid', message: 'Reducing disk size is a dangerous operation' },
          ]);
        disk.size = Number(size);
        startDiskJob(disk, 'resizing', rc.ctx.clock(), rc.ctx.timing.ms('resize'));
        audit(m, 'update', rc.ctx.clock());
        state.changed();
        return { status: 200, body: diskJson(disk, m) };
      },
    },
    {
      method: 'DELETE',
      path: `${BASE}/:disk`,
      name: 'DeleteMachineDisk',
      handler: (rc) => {
        const m = machineOf(rc);
        const disk = diskOf(rc, m);
        stopped(m);
        flexibleOnly(m);
        startDiskJob(disk, 'deleting', rc.ctx.clock(), rc.ctx.timing.ms('resize'));
        audit(m, 'update', rc.ctx.clock());
        state.changed();
        return { status: 204 };
      },
    },
  ];
}
