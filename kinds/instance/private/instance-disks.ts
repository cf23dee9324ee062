/**
 * A bhyve instance's `disks` (CloudAPI 9.x): laid out at create (CreateMachine `disks`), then grown
 * or added in place through the disk routes (ResizeMachineDisk, CreateMachineDisk), which CloudAPI
 * takes only while the machine is stopped (lib/endpoints/disks.js: "VM must be stopped"). GetMachine
 * does not show disks, so they are compared with the last apply; the plan refuses, naming the
 * instance, a change it can tell would fail: on an instance not stopped (or not declared stopped,
 * as the start runs first), or one removing a disk (its data would go; remove it by hand).
 */
import type { Clients } from '../../../provider/handlers/clients.js';
import type {
  HandlerContext,
  PlainValue,
  PlannedChange,
  PlanNote,
  ResolvedProperties,
} from '../../../common/contract/handler.js';

/** A declared disk. */
interface Disk {
  readonly size?: number;
  readonly blockSize?: number;
}

/** The declared disks in order, the boot disk first; `undefined` when not declared. */
export function disksOf(value: PlainValue | undefined): Disk[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((v) => {
    const d = (v ?? {}) as Record<string, PlainValue>;
    return {
      ...(typeof d['size'] === 'number' ? { size: d['size'] } : {}),
      ...(typeof d['blockSize'] === 'number' ? { blockSize: d['blockSize'] } : {}),
    };
  });
}

/** CreateMachine's `disks` (wire names). */
export function wireDisks(value: PlainValue | undefined): { size?: number; block_size?: number }[] | undefined {
  return disksOf(value)?.map((d) => ({
    ...(d.size !== undefined ? { size: d.size } : {}),
    ...(d.blockSize !== undefined ? { block_size: d.blockSize } : {}),
  }));
}

/** The plan's refusals of disk changes that would fail or lose data. */
export function diskRefusals(changes: readonly PlannedChange[]): PlanNote[] {
  const notes: PlanNote[] = [];
  for (const c of changes) {
    if (c.action !== 'update' || c.before === null || c.after === null) continue;
    const before = disksOf(c.before['disks']);
    const after = disksOf(c.after['disks']);
    if (after === undefined || JSON.stringify(before) === JSON.stringify(after)) continue;
    if ((before?.length ?? 0) > after.length)
      notes.push({
        message: `${c.address}: disks lists ${after.length} disks where the instance has ${before!.length}: a disk is not removed by a plan (its data would go); remove it by hand (triton instance disk delete) or declare it again`,
        addresses: [c.address],
      });
    else if (c.before['state'] !== 'stopped' || c.after['state'] !== 'stopped')
      notes.push({
        message: `${c.address}: disks change in place only while the instance is stopped (CloudAPI: "VM must be stopped"); declare state: 'stopped' and apply, then change disks`,
        addresses: [c.address],
      });
  }
  return notes;
}

/** Grows and adds disks to match the declaration (the plan made sure the machine is stopped). */
export async function syncDisks(ctx: HandlerContext<Clients>, id: string, desired: ResolvedProperties): Promise<void> {
  const want = disksOf(desired['disks']) ?? [];
  const path = ['machines', id, 'disks'];
  const live = await ctx.clients.cloudapi.call<{ id: string; size: number }[]>(
    { operation: 'ListMachineDisks', method: 'GET', path, expect: 'list' },
    { signal: ctx.signal },
  );
  for (const [i, disk] of want.entries()) {
    const have = live[i];
    if (have === undefined)
      await ctx.clients.cloudapi.call(
        {
          operation: 'CreateMachineDisk',
          method: 'POST',
          path,
          json: { size: disk.size, ...(disk.blockSize !== undefined ? { block_size: disk.blockSize } : {}) },
          expect: 'object',
        },
        { signal: ctx.signal },
      );
    else if (disk.size !== undefined && disk.size !== have.size)
      await ctx.clients.cloudapi.call(
        {
          operation: 'ResizeMachineDisk',
          method: 'POST',
          path: [...path, have.id],
          json: { size: disk.size },
          expect: 'object',
        },
        { signal: ctx.signal },
      );
  }
}
