/**
 * The datacenter's compute nodes: how many, with what RAM and disk, and what the machines on them
 * use. A real datacenter places each machine on one of several servers (CNAPI's servers, chosen by
 * DAPI); a machine's `compute_node` is its server's UUID. The servers are made from the emulator's
 * seed, so the same `--seed` and `--servers` give the same UUIDs on every start.
 */
import { createHash } from 'node:crypto';
import type { DatacenterLayout } from '../../core/context.js';

export type { DatacenterLayout } from '../../core/context.js';

/** The defaults: three servers of 128 GiB RAM and 4 TiB disk, fabrics on. */
export const DEFAULT_LAYOUT: Omit<DatacenterLayout, 'seed'> = {
  servers: 3,
  serverRamMb: 131_072,
  serverDiskMb: 4_194_304,
  fabrics: true,
};

/** One compute node. */
export interface ComputeNode {
  readonly uuid: string;
  readonly ramMb: number;
  readonly diskMb: number;
}

/** What a machine holds of a server, for capacity and placement. */
export interface PlacedMachine {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly memory: number;
  readonly disk: number;
  readonly tags: Readonly<Record<string, unknown>>;
  readonly compute_node?: string;
}

/** The layout's compute nodes, in a fixed order; UUIDs from the seed and the server's index. */
export function computeNodes(layout: DatacenterLayout): ComputeNode[] {
  return Array.from({ length: layout.servers }, (_, i) => {
    const hex = createHash('sha256').update(`triton-iac-emulator server ${layout.seed} ${i}`).digest('hex');
    // A version-4 form, as CNAPI's server UUIDs are (SMBIOS UUIDs vary; the form is what clients check).
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    return { uuid, ramMb: layout.serverRamMb, diskMb: layout.serverDiskMb };
  });
}

/** Whether a machine holds its server's resources: not deleted and not failed (DAPI counts what is provisioned). */
export function holdsServer(m: Pick<PlacedMachine, 'state' | 'compute_node'>): boolean {
  return m.state !== 'deleted' && m.state !== 'failed' && m.compute_node !== undefined && m.compute_node !== '';
}

/** The RAM and disk still unreserved on each server, given every account's machines. */
export function unreserved(
  nodes: readonly ComputeNode[],
  machines: readonly PlacedMachine[],
): Map<string, { ramMb: number; diskMb: number }> {
  const free = new Map(nodes.map((n) => [n.uuid, { ramMb: n.ramMb, diskMb: n.diskMb }]));
  for (const m of machines) {
    if (!holdsServer(m)) continue;
    const f = free.get(m.compute_node!);
    if (f === undefined) continue;
    f.ramMb -= m.memory;
    f.diskMb -= m.disk;
  }
  return free;
}
