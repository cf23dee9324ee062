import { cnsNames } from './cns-names.js';
import { randomUUID } from 'node:crypto';
import { EmulatorError, invalidArgument, missingParameter } from '../../../emulator/core/errors.js';
import type { RequestContext, Reply } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import type { MachineRecord } from '../../../emulator/cloudapi/private/fixtures.js';
import { callerOf, destroying, enqueueJob } from '../../../emulator/cloudapi/private/machine-jobs.js';
import type { JobEffect } from '../../../emulator/cloudapi/private/machine-jobs.js';
import type { JobKind } from '../../../emulator/core/timing.js';
import {
  allocateNic,
  auditJson,
  FAIL_PROVISION_KEY,
  findMachine,
  machineJson,
  refuseDeleted,
  syncAddresses,
} from '../../../emulator/cloudapi/private/machine-model.js';
import { onNetworkOrPool } from '../../../emulator/cloudapi/private/network-pools.js';
import { pageReply } from '../../../emulator/cloudapi/private/paging.js';
import { forVersion } from '../../../emulator/cloudapi/private/machine-wire.js';
import { DEFAULT_IMAGE_SIZE, disksForCreate, packageDisks } from '../../../emulator/cloudapi/private/disks.js';
import {
  aliasFor,
  checkCreateOptions,
  checkLocality,
  checkPackageActive,
  checkProvisionFit,
  imageToProvision,
  pickBrand,
  requestedNetworks,
} from '../../../emulator/cloudapi/private/create-checks.js';
import {
  checkAffinity,
  checkVolumesReachable,
  createRoleTags,
  objectParam,
  volumesParam,
} from '../../../emulator/cloudapi/private/create-options.js';
import {
  checkNetworkRequest,
  takenIps,
  type NetworkRequest,
} from '../../../emulator/cloudapi/private/nic-addresses.js';
import {
  placeNewMachine,
  placementHints,
  refuseResizePastCapacity,
} from '../../../emulator/cloudapi/private/machine-placement.js';
import { optionalBoolean, optionalString, param } from '../../../emulator/cloudapi/private/params.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import { checkTags, createMetadata, withCredentials } from '../../../emulator/cloudapi/private/machine-detail-rules.js';

/** The longest name CloudAPI accepts: 255 base64 characters of alias (sdc-cloudapi machines.js). */
const MAX_NAME = 189;

/** The UpdateMachine actions and the RBAC action each maps to (sdc-cloudapi app.js, reqRoutename). */
const ACTIONS = [
  'start',
  'stop',
  'reboot',
  'resize',
  'rename',
  'enable_firewall',
  'disable_firewall',
  'enable_deletion_protection',
  'disable_deletion_protection',
] as const;

/** The RBAC action of an UpdateMachine request: `<action>machine`, the firewall toggles named apart. */
export function updateMachineAction(rc: RequestContext): string {
  const action = rc.query.get('action') ?? (typeof rc.body['action'] === 'string' ? rc.body['action'] : '');
  if (action === 'enable_firewall') return 'enablemachinefirewall';
  if (action === 'disable_firewall') return 'disablemachinefirewall';
  return `${action}machine`;
}

/** CreateMachine, ListMachines, GetMachine, UpdateMachine (every action), DeleteMachine. */
export function machineRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/machines',
      name: 'ListMachines',
      handler: (rc) => listMachines(rc, state),
    },
    {
      method: 'HEAD',
      path: '/:account/machines',
      name: 'HeadMachines',
      action: 'listmachines',
      handler: (rc) => ({ ...listMachines(rc, state), body: undefined }),
    },
    {
      method: 'POST',
      path: '/:account/machines',
      name: 'CreateMachine',
      handler: (rc) => createMachine(rc, state),
    },
    {
      method: 'GET',
      path: '/:account/machines/:machine',
      name: 'GetMachine',
      handler: (rc) => {
        const machine = findMachine(state.machines(accountOf(rc)), rc.params['machine']!);
        const dnsNames = cnsNames(machine, accountOf(rc).account, rc.ctx.datacenter);
        const body = forVersion(rc, {
          ...withCredentials(rc, machine, machineJson(machine, rc.ctx.consistency.readView())),
          ...(dnsNames !== undefined ? { dns_names: dnsNames } : {}),
        });
        if (machine.state === 'deleted') return { status: 410, body };
        return { status: 200, body };
      },
    },
    {
      method: 'POST',
      path: '/:account/machines/:machine',
      name: 'UpdateMachine',
      action: updateMachineAction,
      handler: (rc) => updateMachine(rc, state),
    },
    {
      method: 'GET',
      path: '/:account/machines/:machine/audit',
      name: 'MachineAudit',
      handler: (rc) => {
        const machine = findMachine(state.machines(accountOf(rc)), rc.params['machine']!);
        return { status: 200, body: auditJson(machine, rc.ctx.clock()) };
      },
    },
    {
      method: 'DELETE',
      path: '/:account/machines/:machine',
      name: 'DeleteMachine',
      handler: (rc) => {
        const account = accountOf(rc);
        const machine = findMachine(state.machines(account), rc.params['machine']!);
        if (machine.state === 'deleted')
          return { status: 410, body: machineJson(machine, rc.ctx.consistency.readView()) };
        if (machine.deletion_protection)
          throw new EmulatorError(
            409,
            'CannotDestroyMachineError',
            'Instance has "deletion_protection" enabled, preventing deletion',
          );
        // The destroy job: the machine is listed, with its state, NICs and volumes, until it ends.
        if (!destroying(machine)) enqueueJob(rc, machine, 'destroy', 'destroy', { kind: 'destroy' });
        state.changed();
        return { status: 204 };
      },
    },
  ];
}

/**
 * ListMachines: the filters of sdc-cloudapi machines.js (`name`, `image`, `state`, `type`,
 * `brand`, `memory`, `tombstone`, `tag.<key>`) and paging. Deleted machines are left out unless
 * `state=deleted` or `tombstone` asks for them; a stale read does not see machines created inside
 * the consistency window.
 */
function listMachines(rc: RequestContext, state: CloudApiState): Reply {
  const view = rc.ctx.consistency.readView();
  const stateFilter = rc.query.get('state') ?? undefined;
  if (
    stateFilter !== undefined &&
    !['provisioning', 'running', 'stopped', 'stopping', 'failed', 'deleted', 'active', 'unknown', 'destroyed'].includes(
      stateFilter,
    )
  )
    throw invalidArgument(`${stateFilter} is not a valid state`);
  const type = rc.query.get('type') ?? undefined;
  if (type !== undefined && type !== 'smartmachine' && type !== 'virtualmachine')
    throw invalidArgument(`${type} is not a valid type`);
  // machines.js: `docker` is a boolean or its words; the emulator makes no Docker containers.
  const docker = rc.query.get('docker');
  if (docker !== null && docker !== 'true' && docker !== 'false')
    throw invalidArgument(`${docker} is not a valid boolean`);
  const wantDeleted = stateFilter === 'deleted' || stateFilter === 'destroyed' || rc.query.get('tombstone') !== null;
  const tagFilters = [...rc.query.entries()].filter(([k]) => k.startsWith('tag.')).map(([k, v]) => [k.slice(4), v]);
  const simple = (['name', 'image', 'brand', 'memory'] as const).map((f) => [f, rc.query.get(f)] as const);
  const machines = state.machines(accountOf(rc)).filter((m) => {
    if (view.cutoff !== undefined && Date.parse(m.created) > view.cutoff) return false;
    if (m.state === 'deleted' && !wantDeleted) return false;
    if (docker === 'true') return false;
    if (stateFilter === 'active' && m.state !== 'running' && m.state !== 'stopped') return false;
    if (stateFilter !== undefined && !['active', 'destroyed'].includes(stateFilter) && m.state !== stateFilter)
      return false;
    if (type !== undefined && (type === 'virtualmachine') !== (m.type === 'virtualmachine')) return false;
    if (simple.some(([f, v]) => v !== null && String(m[f]) !== v)) return false;
    return tagFilters.every(([k, v]) => String(m.tags[k!]) === v);
  });
  return pageReply(
    rc,
    machines.map((m) => forVersion(rc, withCredentials(rc, m, machineJson(m, view)))),
  );
}

function createMachine(rc: RequestContext, state: CloudApiState): Reply {
  const account = accountOf(rc);
  const owner = account.account.id;
  const imageParam = optionalString(rc, 'image') ?? optionalString(rc, 'dataset');
  if (param(rc, 'image') !== undefined && param(rc, 'dataset') !== undefined)
    throw invalidArgument('image and dataset are mutually exclusive parameters.');
  if (imageParam === undefined) throw missingParameter('image must be specified');
  const image = imageToProvision(rc, state, imageParam);
  const pkgParam = optionalString(rc, 'package');
  if (pkgParam === undefined) throw missingParameter('package must be specified');
  const pkg = state.catalog.package(pkgParam);
  if (pkg === undefined) throw invalidArgument(`${pkgParam} is not a valid package`);
  checkPackageActive(pkg, pkgParam);
  const brand = pickBrand(param(rc, 'brand'), image, pkg);
  checkCreateOptions(rc, brand);

  const id = randomUUID();
  const name = aliasFor(optionalString(rc, 'name'), id);
  checkName(name);
  const machines = state.machines(account);
  const requests: readonly NetworkRequest[] =
    requestedNetworks(rc, state) ??
    state.catalog.defaultNetworks(account.account.config['default_network']).map((n) => ({ id: n }));
  const networks = requests.map((r) => r.id);
  checkProvisionFit(state, owner, image, pkg, networks);
  const volumes = volumesParam(rc, state);
  checkAffinity(rc);
  checkLocality(param(rc, 'locality'));
  for (const request of requests) checkNetworkRequest(state, owner, request);
  checkVolumesReachable(state, owner, volumes, networks);
  const hints = placementHints(rc);
  state.catalog.refusePastLimits(machines, pkg['memory'] as number);
  const computeNode = placeNewMachine(state, machines, hints, pkg['memory'] as number, pkg['disk'] as number);
  const tags: Record<string, unknown> = { ...(objectParam(rc, 'tags') ?? {}) };
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rc.body)) {
    if (k.startsWith('tag.')) tags[k.slice(4)] = v;
    if (k.startsWith('metadata.')) given[k.slice(9)] = v;
  }
  Object.assign(given, objectParam(rc, 'metadata') ?? {});
  checkTags(tags, undefined);
  const { metadata, internal } = createMetadata(given, param(rc, 'administrator_pw') ?? param(rc, 'password'));
  // loadSSHKeys: root_authorized_keys is always the account's keys, one line each (any given value is replaced).
  metadata['root_authorized_keys'] = account.keys
    .currentAll()
    .map((k) => `${k.key.trim()}\n`)
    .join('');
  const roleTags = createRoleTags(rc, account);
  const now = rc.ctx.clock();
  const iso = new Date(now).toISOString();
  const vm = brand === 'bhyve' || brand === 'kvm';
  const machine: MachineRecord = {
    id,
    name,
    type: vm ? 'virtualmachine' : 'smartmachine',
    brand,
    state: 'provisioning',
    image: image.id,
    ips: [],
    memory: pkg['memory'] as number,
    disk: pkg['disk'] as number,
    metadata,
    ...(Object.keys(internal).length > 0 ? { internalMetadata: internal } : {}),
    tags,
    created: iso,
    updated: iso,
    networks: [],
    primaryIp: '',
    firewall_enabled: optionalBoolean(rc, 'firewall_enabled') ?? false,
    compute_node: computeNode,
    package: pkg['name'] as string,
    deletion_protection: optionalBoolean(rc, 'deletion_protection') ?? false,
    nics: [],
    snapshots: [],
    readyAt: now + rc.ctx.provisionMs,
    provisionCaller: callerOf(rc),
  };
  if (metadata[FAIL_PROVISION_KEY] !== undefined) machine.failReason = metadata[FAIL_PROVISION_KEY];
  if (volumes.length > 0) machine.volumes = volumes;
  // translate shows `delegate_dataset` only when the zone has the `<zfs_filesystem>/data` dataset.
  if (rc.body['delegate_dataset'] === true) machine.delegate_dataset = true;
  if (vm) {
    // getCreateOptions: a flexible_disk package's disks (or the image disk and the rest).
    const flexible = brand === 'bhyve' && pkg['flexible_disk'] === true;
    const imageSize = typeof image.image_size === 'number' ? image.image_size : DEFAULT_IMAGE_SIZE;
    // getCreateOptions: `params.disks || pkg.disks` (a flexible_disk package may lay them out).
    const asked = param(rc, 'disks') ?? (flexible ? packageDisks(pkg['disks']) : undefined);
    machine.disks = disksForCreate(asked, flexible, pkg['disk'] as number, imageSize);
    if (flexible) machine.flexibleDiskSize = pkg['disk'] as number;
  }
  // The first public network's NIC is the primary (getCreateOptions), else the first.
  const primary = Math.max(
    0,
    networks.findIndex((n) => state.catalog.isPublic(n)),
  );
  // A NIC asked for on a pool is made on one of its members (network-pools.ts).
  for (const [i, request] of requests.entries())
    machine.nics!.push(
      onNetworkOrPool(state.catalog.pool(request.id), request.id, (network) =>
        allocateNic(machines, network, i === primary, now, true, state.rangeOf(owner, network), {
          taken: takenIps(state, owner, network),
          ...(request.ip !== undefined ? { ip: request.ip } : {}),
        }),
      ),
    );
  syncAddresses(machine);
  machines.push(machine);
  if (roleTags !== undefined) account.roleTags.set(`/${account.account.login}/machines/${machine.id}`, roleTags);
  rc.ctx.store.changed();
  state.changed();
  return {
    status: 201,
    body: forVersion(rc, machineJson(machine, { cutoff: undefined })),
    headers: { location: `/${account.account.login}/machines/${machine.id}` },
  };
}

function checkName(name: string): void {
  if (name.length > MAX_NAME) throw invalidArgument(`Name cannot be longer than ${MAX_NAME} characters.`);
  if (!/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/.test(name))
    throw invalidArgument(
      `Invalid alias: "${name}" must start with a letter or digit and hold only letters, digits, ".", "_" and "-"`,
    );
}

function updateMachine(rc: RequestContext, state: CloudApiState): Reply {
  const action = optionalString(rc, 'action');
  if (action === undefined) throw missingParameter('action is required');
  if (!(ACTIONS as readonly string[]).includes(action)) throw invalidArgument(`${action} is not a valid action`);
  const account = accountOf(rc);
  const machine = findMachine(state.machines(account), rc.params['machine']!);
  if (machine.state === 'deleted') return { status: 410, body: machineJson(machine, { cutoff: undefined }) };
  const busy = (): never => {
    throw new EmulatorError(
      409,
      'InvalidState',
      `VM ${machine.id} is ${machine.state}; try again once it is running or stopped`,
    );
  };
  // Each action is a VMAPI job (machine-jobs.ts): checked now, done when the job ends.
  let job: { action: string; kind: JobKind; effect: JobEffect };
  switch (action) {
    case 'start':
    case 'stop':
      if (!['stopped', 'running', 'stopping'].includes(machine.state)) busy();
      job = { action, kind: action, effect: { kind: 'state', state: action === 'start' ? 'running' : 'stopped' } };
      break;
    case 'reboot':
      if (machine.state !== 'running') busy();
      job = { action, kind: 'reboot', effect: { kind: 'state', state: 'running' } };
      break;
    case 'rename': {
      const name = optionalString(rc, 'name');
      if (name === undefined || name === '') throw missingParameter('New name must be specified');
      checkName(name);
      job = { action, kind: 'rename', effect: { kind: 'rename', name } };
      break;
    }
    case 'resize':
      job = { action, kind: 'resize', effect: resize(rc, machine, state) };
      break;
    // VMAPI's plain `update` jobs: CloudAPI's audit names them `unknown` (translateAction).
    case 'enable_firewall':
    case 'disable_firewall':
      job = { action: 'unknown', kind: 'update', effect: { kind: 'firewall', enabled: action === 'enable_firewall' } };
      break;
    // lib/audit.js translateAction names these by the payload's `indestructible_zoneroot`.
    default:
      job = {
        action,
        kind: 'update',
        effect: { kind: 'deletion_protection', enabled: action === 'enable_deletion_protection' },
      };
  }
  refuseDeleted(machine);
  enqueueJob(rc, machine, job.action, job.kind, job.effect);
  state.changed();
  return { status: 202 };
}

/** Resize rules of sdc-cloudapi machines.js: not KVM, a known package, bhyve needs a flexible disk. */
function resize(rc: RequestContext, machine: MachineRecord, state: CloudApiState): JobEffect {
  if (machine.brand === 'kvm') throw invalidArgument('resize is not supported for KVM virtualmachines');
  const wanted = optionalString(rc, 'package');
  if (wanted === undefined) throw missingParameter('package must be specified');
  const pkg = state.catalog.package(wanted);
  if (pkg === undefined) throw invalidArgument(`${wanted} is not a valid package`);
  checkPackageActive(pkg, wanted);
  if (machine.brand === 'bhyve' && pkg['flexible_disk'] !== true)
    throw invalidArgument('Resizing to a package without flexible disk space is not supported');
  refuseResizePastCapacity(state, machine, pkg['memory'] as number, pkg['disk'] as number);
  return {
    kind: 'resize',
    package: pkg['name'] as string,
    memory: pkg['memory'] as number,
    disk: pkg['disk'] as number,
  };
}
