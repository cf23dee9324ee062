import { EmulatorError, invalidArgument, missingParameter, notFound } from '../../../emulator/core/errors.js';
import type { Reply, RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import {
  checkNetworkRequest,
  networkObject,
  takenIps,
  type NetworkRequest,
} from '../../../emulator/cloudapi/private/nic-addresses.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import type { MachineRecord, SnapshotRecord } from '../../../emulator/cloudapi/private/fixtures.js';
import {
  allocateNic,
  findMachine,
  machineJson,
  nicJson,
  syncAddresses,
} from '../../../emulator/cloudapi/private/machine-model.js';
import { onNetworkOrPool } from '../../../emulator/cloudapi/private/network-pools.js';
import { enqueueJob } from '../../../emulator/cloudapi/private/machine-jobs.js';
import { optionalString, param } from '../../../emulator/cloudapi/private/params.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';

/** A MAC in a NIC path: twelve hex digits without separators (sdc-cloudapi nics.js MAC_RE). */
const MAC_RE = /^[0-9a-f]{12}$/i;

/** A network id as AddNic takes it (sdc-cloudapi nics.js UUID_RE). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A snapshot name: what VMAPI accepts (letters, digits, `-`, `_`, `.`; at most 64). */
const SNAPSHOT_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;

/**
 * Machine snapshots (sdc-cloudapi snapshots.js) and NICs (nics.js), each change a VMAPI job on the
 * machine (`machine-jobs.ts`) of the timing profile's length. A snapshot is `queued` until its
 * job ends, then `created`; a deleted one is listed until its job ends; a NIC is `provisioning`,
 * then `running` (or `stopped`, with its machine), and a removed one is listed until its job ends
 * but released by NAPI when the job starts (remove-nics.js runs `napi.remove_nics` before
 * `cnapi.poll_task`), so its address and network are free at once.
 */
export function machinePartRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const base = '/:account/machines/:machine';
  return [
    {
      method: 'GET',
      path: `${base}/snapshots`,
      name: 'ListMachineSnapshots',
      handler: (rc) =>
        withMachine(rc, state, (m) => ({ status: 200, body: (m.snapshots ?? []).map((x) => snapshotJson(x, m)) })),
    },
    {
      method: 'POST',
      path: `${base}/snapshots`,
      name: 'CreateMachineSnapshot',
      handler: (rc) => withMachine(rc, state, (m) => (canSnapshot(m, 'create_snapshot'), createSnapshot(rc, state, m))),
    },
    {
      method: 'GET',
      path: `${base}/snapshots/:name`,
      name: 'GetMachineSnapshot',
      handler: (rc) => withMachine(rc, state, (m) => ({ status: 200, body: snapshotJson(findSnapshot(m, rc), m) })),
    },
    {
      method: 'POST',
      path: `${base}/snapshots/:name`,
      name: 'StartMachineFromSnapshot',
      handler: (rc) =>
        withMachine(rc, state, (m) => {
          canSnapshot(m, 'rollback_snapshot');
          findSnapshot(m, rc);
          // The rollback job halts the zone, rolls its datasets back and boots it.
          enqueueJob(rc, m, 'rollback_snapshot', 'rollback_snapshot', { kind: 'state', state: 'running' });
          state.changed();
          return { status: 202 };
        }),
    },
    {
      method: 'DELETE',
      path: `${base}/snapshots/:name`,
      name: 'DeleteMachineSnapshot',
      handler: (rc) =>
        withMachine(rc, state, (m) => {
          // snapshots.js looks the snapshot up before VMAPI sees the machine: "<name> not found".
          const snap = (m.snapshots ?? []).find((s) => s.name === rc.params['name']);
          if (snap === undefined) throw notFound(`${rc.params['name']} not found`);
          canSnapshot(m, 'delete_snapshot');
          enqueueJob(rc, m, 'delete_snapshot', 'delete_snapshot', { kind: 'delete_snapshot', name: snap.name });
          state.changed();
          return { status: 204 };
        }),
    },
    {
      method: 'GET',
      path: `${base}/nics`,
      name: 'ListNics',
      handler: (rc) => withMachine(rc, state, (m) => ({ status: 200, body: (m.nics ?? []).map((n) => nicJson(n, m)) })),
    },
    {
      method: 'POST',
      path: `${base}/nics`,
      name: 'AddNic',
      handler: (rc) => withMachine(rc, state, (m) => addNic(rc, state, m)),
    },
    {
      method: 'GET',
      path: `${base}/nics/:mac`,
      name: 'GetNic',
      handler: (rc) => withMachine(rc, state, (m) => ({ status: 200, body: nicJson(findNic(m, rc), m) })),
    },
    {
      method: 'DELETE',
      path: `${base}/nics/:mac`,
      name: 'RemoveNic',
      handler: (rc) =>
        withMachine(rc, state, (m) => {
          const nic = findNic(m, rc);
          refuseUnprovisioned(m, 'remove_nics');
          // VMAPI removes it in a job after the answer (a reboot): until then it is still listed.
          if (nic.goneAt === undefined) {
            const job = enqueueJob(rc, m, 'remove_nics', 'remove_nics', { kind: 'none' });
            nic.goneAt = job.endAt;
            nic.releasedAt = job.startAt;
          }
          state.changed();
          return { status: 204 };
        }),
    },
  ];
}

/**
 * AddNic (sdc-cloudapi nics.js `addNic`), in the server's order: the network argument (an id, or a
 * network object checked by `validateNetworkObject`); the network (unknown 409 `network not
 * found`, another account's NAPI's 403); a network the machine already has answers 302 with that
 * NIC's path; then the address asked for (`validateIp`, NAPI's `provisionNic`). The NIC is listed
 * at once, `provisioning` until the job that adds it ran.
 */
function addNic(rc: RequestContext, state: CloudApiState, m: MachineRecord): Reply {
  const raw = param(rc, 'network');
  const owner = accountOf(rc).account.id;
  if (raw === undefined || raw === null || raw === '') throw missingParameter('network must be specified');
  let request: NetworkRequest;
  if (typeof raw === 'string') {
    if (!UUID_RE.test(raw)) throw invalidArgument('network argument has invalid format');
    request = { id: raw };
  } else if (typeof raw === 'object' && !Array.isArray(raw))
    request = networkObject(state, owner, raw as Record<string, unknown>);
  else throw invalidArgument('network argument must be a network object or string');
  const network = request.id;
  const login = accountOf(rc).account.login;
  const pathOf = (mac: string): string => `/${login}/machines/${m.id}/nics/${mac.replace(/:/g, '')}`;
  if (!state.catalog.hasNetwork(network) && state.fabrics.network(owner, network) === undefined) {
    // NAPI's getNetwork with provisionable_by: another account's network is its 403.
    if (state.fabrics.ownerOf(network) !== undefined)
      throw new EmulatorError(403, 'NotAuthorized', 'owner cannot provision on network');
    throw invalidArgument('network not found');
  }
  // A NIC being removed is no longer NAPI's: a new one on its network is added beside it.
  const existing = (m.nics ?? []).find((n) => n.network === network && n.goneAt === undefined);
  if (existing !== undefined) return { status: 302, headers: { location: pathOf(existing.mac) } };
  refuseUnprovisioned(m, 'add_nics');
  checkNetworkRequest(state, owner, request);
  const all = state.machines(accountOf(rc));
  // On a pool, NAPI makes the NIC on a member: a pool never matches a NIC above (no 302).
  const nic = onNetworkOrPool(state.catalog.pool(network), network, (on) =>
    allocateNic(all, on, (m.nics ?? []).length === 0, rc.ctx.clock(), false, state.rangeOf(owner, on), {
      taken: takenIps(state, owner, on),
      ...(request.ip !== undefined ? { ip: request.ip } : {}),
    }),
  );
  nic.readyAt = enqueueJob(rc, m, 'add_nics', 'add_nics', { kind: 'none' }).endAt;
  m.nics = [...(m.nics ?? []), nic];
  syncAddresses(m);
  state.changed();
  return { status: 201, body: nicJson(nic, m), headers: { location: pathOf(nic.mac) } };
}

/** VMAPI refuses every job on a machine still provisioning (vms.js), with its message. */
function refuseUnprovisioned(machine: MachineRecord, job: string): void {
  if (machine.state === 'provisioning')
    throw new EmulatorError(409, 'UnallocatedVM', `Cannot call ${job} for a VM that has not been provisioned yet`);
}

function withMachine(rc: RequestContext, state: CloudApiState, then: (m: MachineRecord) => Reply): Reply {
  const machine = findMachine(state.machines(accountOf(rc)), rc.params['machine']!);
  if (machine.state === 'deleted') return { status: 410, body: machineJson(machine, { cutoff: undefined }) };
  return then(machine);
}

/**
 * Refuses a snapshot job the server refuses: CloudAPI's own bhyve rule (snapshots.js, unless the
 * operator enables them), then VMAPI's (vms.js `canSnapshot` and its check of every action on a
 * machine still provisioning), each with the server's code and message.
 * @param job VMAPI's action name, which its message quotes
 */
function canSnapshot(machine: MachineRecord, job: 'create_snapshot' | 'rollback_snapshot' | 'delete_snapshot'): void {
  if (job === 'create_snapshot' && machine.brand === 'bhyve')
    throw invalidArgument('Snapshots of bhyve VMs are not allowed');
  if (!['joyent', 'joyent-minimal', 'lx', 'bhyve'].includes(machine.brand))
    throw new EmulatorError(
      409,
      'BrandNotSupported',
      `snapshots are not supported for VMs of brand "${machine.brand}"`,
    );
  refuseUnprovisioned(machine, job);
}

function createSnapshot(rc: RequestContext, state: CloudApiState, machine: MachineRecord): Reply {
  const now = rc.ctx.clock();
  const name = optionalString(rc, 'name') ?? new Date(now).toISOString().replace(/[-:.TZ]/g, '');
  if (!SNAPSHOT_NAME.test(name))
    throw invalidArgument(`Invalid snapshot name "${name}": at most 64 letters, digits, "-", "_" or "."`);
  if ((machine.snapshots ?? []).some((s) => s.name === name))
    throw invalidArgument(`Snapshot "${name}" already exists`);
  const iso = new Date(now).toISOString();
  const job = enqueueJob(rc, machine, 'create_snapshot', 'create_snapshot', { kind: 'none' });
  const snap: SnapshotRecord = { name, state: 'queued', created: iso, updated: iso, readyAt: job.endAt };
  machine.snapshots = [...(machine.snapshots ?? []), snap];
  state.changed();
  return { status: 201, body: { name, state: 'queued' } };
}

function findSnapshot(machine: MachineRecord, rc: RequestContext): SnapshotRecord {
  const snap = (machine.snapshots ?? []).find((s) => s.name === rc.params['name']);
  if (snap === undefined) throw notFound('Snapshot does not exist');
  return snap;
}

/**
 * A snapshot as snapshots.js `translate` answers it: with `size`, the bytes the ZFS snapshot holds.
 * The emulator keeps no data, so the size is a fixed share of the machine's disk (a thousandth,
 * at least one byte): present and non-zero, as sdc-cloudapi's test/machines/snapshots.js expects.
 */
function snapshotJson(snap: SnapshotRecord, machine: MachineRecord): Record<string, unknown> {
  const { readyAt: _readyAt, ...wire } = snap;
  return { ...wire, size: Math.max(1, Math.round((machine.disk * 1024 * 1024) / 1000)) };
}

function findNic(machine: MachineRecord, rc: RequestContext): NonNullable<MachineRecord['nics']>[number] {
  const mac = rc.params['mac']!;
  if (!MAC_RE.test(mac)) throw invalidArgument('mac has invalid format');
  const nic = (machine.nics ?? []).find((n) => n.mac.replace(/:/g, '').toLowerCase() === mac.toLowerCase());
  if (nic === undefined) throw notFound('nic not found');
  return nic;
}
