import { randomBytes } from 'node:crypto';
import type { ReadView } from '../../core/consistency.js';
import { EmulatorError, notFound } from '../../core/errors.js';
import type { AuditCaller, AuditRecord, MachineRecord, NicRecord } from './fixtures.js';
import { runJobs } from './machine-jobs.js';
import { NETWORKS } from './fixtures.js';
import type { AddressRange } from './fabric-store.js';
import { ipv4Text } from '../../../common/net/ipv4.js';
import { invalidUuidError } from './field-errors.js';
import { isUuid } from './lookup.js';

/**
 * The metadata key that makes a provision fail, its value being the reason the machine's `failed`
 * state reports. A real datacenter fails for reasons a test cannot summon (no capacity, a broken
 * image); this key is the emulator's deterministic stand-in, documented in emulator/README.md.
 */
export const FAIL_PROVISION_KEY = 'triton-iac-emulator:fail-provision';

/**
 * How long after the answer a machine job's audit record says it finished: VMAPI runs the job
 * after CloudAPI answers, and the `triton` CLI's `-w` waits for a record newer than its request.
 */
export const AUDIT_LAG_MS = 1000;

/**
 * Adds a MachineAudit record for a job answered at `now`, finishing {@link AUDIT_LAG_MS} later.
 * @param action VMAPI's job name (`start`, `set_metadata`, `delete_snapshot`, …)
 */
export function audit(
  machine: MachineRecord,
  action: string,
  now: number,
  success = true,
  caller: AuditCaller = { type: 'signature' },
): void {
  const record: AuditRecord = {
    action,
    parameters: {},
    success: success ? 'yes' : 'no',
    caller,
    time: new Date(now + AUDIT_LAG_MS).toISOString(),
  };
  machine.audit = [record, ...(machine.audit ?? [])].slice(0, 100);
}

/** The audit records finished by `now`, newest first. */
export function auditJson(machine: MachineRecord, now: number): AuditRecord[] {
  // Jobs are moved along lazily, so a job may be recorded after a later tag change: VMAPI lists
  // its jobs by time, newest first.
  return (machine.audit ?? [])
    .filter((r) => Date.parse(r.time) <= now)
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
}

/** The network ranges the emulator allocates from: public TEST-NET-3, private 10.88/16. */
const RANGES: Record<string, { prefix: string; netmask: string; gateway: string }> = {
  [NETWORKS[0]!.id as string]: { prefix: '203.0.113.', netmask: '255.255.255.0', gateway: '203.0.113.1' },
  [NETWORKS[1]!.id as string]: { prefix: '10.88.0.', netmask: '255.255.0.0', gateway: '10.88.0.1' },
};

/**
 * Moves a machine, its NICs and snapshots along the emulator clock: `provisioning` becomes
 * `running` (or `failed` when asked to fail) once `readyAt` has passed. Done lazily on every
 * read, so an injected clock works and nothing runs in the background.
 * @returns true when something changed (for persistence)
 */
export function advance(machine: MachineRecord, now: number): boolean {
  let changed = false;
  if (machine.state === 'provisioning' && machine.readyAt !== undefined && now >= machine.readyAt) {
    machine.state = machine.failReason !== undefined ? 'failed' : 'running';
    machine.updated = new Date(now).toISOString();
    audit(
      machine,
      'provision',
      machine.readyAt - AUDIT_LAG_MS,
      machine.failReason === undefined,
      machine.provisionCaller,
    );
    delete machine.readyAt;
    changed = true;
  }
  changed = runJobs(machine, now) || changed;
  for (const nic of machine.nics ?? []) {
    if (nic.state === 'provisioning' && nic.readyAt !== undefined && now >= nic.readyAt) {
      nic.state = 'running';
      delete nic.readyAt;
      changed = true;
    }
  }
  const gone = (machine.nics ?? []).filter((n) => n.goneAt !== undefined && now >= n.goneAt);
  if (gone.length > 0) {
    machine.nics = machine.nics!.filter((n) => !gone.includes(n));
    // The primary NIC removed: VMAPI makes the first one left the primary.
    if (gone.some((n) => n.primary) && machine.nics[0] !== undefined) machine.nics[0].primary = true;
    syncAddresses(machine);
    changed = true;
  }
  for (const snap of machine.snapshots ?? []) {
    if (snap.state === 'queued' && snap.readyAt !== undefined && now >= snap.readyAt) {
      snap.state = 'created';
      delete snap.readyAt;
      changed = true;
    }
  }
  return changed;
}

/**
 * The tags and metadata a read through `view` sees: inside the consistency window a stale read
 * sees the values before the last change (VMAPI applies a tag or metadata change in a job, so the
 * answer of the write comes before the change is visible).
 */
export function visibleDetails(
  machine: MachineRecord,
  view: ReadView,
): { tags: Record<string, unknown>; metadata: Record<string, string> } {
  const prior = machine.prior;
  if (prior !== undefined && view.cutoff !== undefined && view.cutoff < prior.at)
    return { tags: prior.tags, metadata: prior.metadata };
  return { tags: machine.tags, metadata: machine.metadata };
}

/**
 * Records the tags and metadata as they are before a change at `now`, so stale reads inside the
 * window keep seeing them; a change made while an earlier one is still in the window keeps the
 * older values (what a lagging replica would still serve).
 */
export function notePriorDetails(machine: MachineRecord, now: number, windowMs: number): void {
  if (windowMs <= 0) return;
  if (machine.prior !== undefined && now - machine.prior.at < windowMs) {
    machine.prior.at = now;
    return;
  }
  machine.prior = { at: now, tags: { ...machine.tags }, metadata: { ...machine.metadata } };
}

/** The wire form of a machine through `view`: internal fields dropped, `deleted` for tombstones. */
export function machineJson(machine: MachineRecord, view: ReadView): Record<string, unknown> {
  const {
    readyAt: _readyAt,
    failReason: _failReason,
    provisionCaller: _provisionCaller,
    prior: _prior,
    audit: _audit,
    nics: _nics,
    snapshots: _snapshots,
    deletedAt: _deletedAt,
    volumes: _volumes,
    disks: _disks,
    flexibleDiskSize,
    jobs: _jobs,
    internalMetadata: _internal,
    ...wire
  } = machine;
  const { tags, metadata } = visibleDetails(machine, view);
  // machines.js `translate`: `docker` only on Docker containers (none are made here), `nics`
  // (`formatNic`) whenever the machine has NICs.
  const nics = machine.nics ?? [];
  return {
    ...wire,
    tags,
    metadata: publicMetadata(metadata),
    // translate: a bhyve machine on a flexible_disk package reports the package's space.
    // vmadm's `free_space` (VMAPI passes it on for bhyve, vm-common.js): the flexible disk size its
    // disks leave unused.
    ...(flexibleDiskSize !== undefined
      ? {
          disk: flexibleDiskSize,
          flexible: true,
          free_space: flexibleDiskSize - (machine.disks ?? []).reduce((sum, d) => sum + d.size, 0),
        }
      : {}),
    // translate: `flexible` on every bhyve machine, false without a flexible disk size.
    ...(machine.brand === 'bhyve' && flexibleDiskSize === undefined ? { flexible: false } : {}),
    // translate: a bhyve machine lists its disks (size, block size, the boot disk's image, id).
    ...(machine.brand === 'bhyve' && machine.disks !== undefined
      ? {
          disks: machine.disks.map((d) => ({
            size: d.size,
            block_size: d.block_size,
            ...(d.boot ? { boot: true, image: machine.image } : {}),
            id: d.id,
          })),
        }
      : {}),
    ...(nics.length > 0 ? { nics: nics.map((n) => formatNic(n, machine)) } : {}),
  };
}

/** A NIC in GetMachine's `nics` (nics.js `formatNic`): the fields in the server's order. */
function formatNic(nic: NicRecord, machine: MachineRecord): Record<string, unknown> {
  const wire = nicJson(nic, machine);
  return {
    mac: wire['mac'],
    ip: wire['ip'],
    primary: wire['primary'] ?? false,
    gateway: wire['gateway'],
    netmask: wire['netmask'],
    state: wire['state'],
    network: wire['network'],
  };
}

/** Metadata as GetMachine shows it: the emulator's failure switch is not shown, like `_pw` keys. */
function publicMetadata(metadata: Record<string, string>): Record<string, string> {
  const { [FAIL_PROVISION_KEY]: _fail, ...rest } = metadata;
  return rest;
}

/**
 * The account's machine with this id.
 * @throws EmulatorError 404 ResourceNotFound when there is none (sdc-cloudapi's "VM not found"), 409
 *   ValidationFailed "Invalid UUID" for an id that is no UUID (VMAPI's)
 */
export function findMachine(machines: readonly MachineRecord[], id: string): MachineRecord {
  // VMAPI's getVm validates the id first; CloudAPI passes its ValidationFailed through.
  if (!isUuid(id)) throw invalidUuidError();
  const machine = machines.find((m) => m.id === id);
  if (machine === undefined) throw notFound('VM not found');
  return machine;
}

/**
 * A deleted machine answers 410 Gone with its record (sdc-cloudapi machines.js does so for
 * GetMachine and every action on it); the `triton` CLI takes it as "deleted".
 * @throws EmulatorError 410 when the machine is deleted
 */
export function refuseDeleted(machine: MachineRecord): void {
  if (machine.state === 'deleted') throw new EmulatorError(410, 'Gone', `VM ${machine.id} has been deleted`);
}

/**
 * Where a new NIC's address comes from besides the network's range: the addresses no automatic
 * choice may take (other accounts' NICs on a shared network, reservations, managed addresses) and
 * an address asked for (`ipv4_ips`, already checked by `network-addressing.ts`).
 */
export interface NicPlacement {
  readonly taken?: Iterable<string>;
  readonly ip?: string;
}

/**
 * A new NIC on `network` with the next free address of its range: the fixture networks' ranges, or
 * `fabric`, the provision range of one of the account's fabric networks.
 * @throws EmulatorError InvalidArgument when the network is not one the account may use, or is full
 */
export function allocateNic(
  all: readonly MachineRecord[],
  network: string,
  primary: boolean,
  now: number,
  ready: boolean,
  fabric?: AddressRange,
  placement: NicPlacement = {},
  jobMs = 0,
): NicRecord {
  const used = new Set([
    ...all.filter((m) => m.state !== 'deleted').flatMap((m) => heldAddresses(m, now)),
    ...(placement.taken ?? []),
  ]);
  const range = RANGES[network];
  let ip: string | undefined = placement.ip;
  let netmask: string;
  let gateway: string;
  if (range !== undefined) {
    let host = 20;
    while (used.has(`${range.prefix}${host}`)) host++;
    if (host <= 254) ip ??= `${range.prefix}${host}`;
    ({ netmask, gateway } = range);
  } else if (fabric !== undefined) {
    for (let n = fabric.first; n <= fabric.last && ip === undefined; n++) if (!used.has(ipv4Text(n))) ip = ipv4Text(n);
    ({ netmask, gateway } = fabric);
  } else throw new EmulatorError(409, 'InvalidArgument', 'Invalid Networks');
  // NAPI's SUBNET_FULL_MSG, as CloudAPI passes it on.
  if (ip === undefined) throw new EmulatorError(409, 'InvalidArgument', `network ${network}: no more free IPs`);
  const mac = randomBytes(6)
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1:');
  return {
    mac: `90:b8:${mac.slice(6)}`,
    ip,
    primary,
    netmask,
    gateway,
    network,
    state: ready ? 'running' : 'provisioning',
    ...(ready ? {} : { readyAt: now + jobMs }),
  };
}

/**
 * Whether NAPI still holds the NIC: a removed one is released at the remove-nics job's
 * `napi.remove_nics` step, before the job ends and before ListNics stops showing it.
 */
export function nicHeld(nic: NicRecord, now: number): boolean {
  return nic.releasedAt === undefined || now < nic.releasedAt;
}

/** The addresses NAPI holds for the machine (all of `ips` for records saved before NICs were emulated). */
function heldAddresses(machine: MachineRecord, now: number): string[] {
  if (machine.nics === undefined) return machine.ips;
  return machine.nics.filter((n) => nicHeld(n, now)).map((n) => n.ip);
}

/** Keeps `ips`, `networks` and `primaryIp` in step with the machine's NICs. */
export function syncAddresses(machine: MachineRecord): void {
  const nics = machine.nics ?? [];
  machine.ips = nics.map((n) => n.ip);
  machine.networks = nics.map((n) => n.network);
  machine.primaryIp = nics.find((n) => n.primary)?.ip ?? nics[0]?.ip ?? '';
}

/**
 * The wire form of a NIC of `machine` (sdc-cloudapi nics.js formatNic): once added, its state
 * follows the machine's (net-agent keeps them in step: `stopped` on a stopped machine).
 */
export function nicJson(nic: NicRecord, machine: MachineRecord): Record<string, unknown> {
  const { readyAt: _readyAt, goneAt: _goneAt, releasedAt: _releasedAt, ...wire } = nic;
  if (nic.state === 'provisioning') return wire;
  return { ...wire, state: machine.state === 'stopped' || machine.state === 'stopping' ? 'stopped' : 'running' };
}
