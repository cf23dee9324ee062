import { randomUUID } from 'node:crypto';
import { EmulatorError, invalidArgument, missingParameter } from '../../core/errors.js';
import type { RequestContext, Reply } from '../../core/types.js';
import type { CloudApiRoute } from '../route.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from '../private/before.js';
import type { MachineRecord, MountRecord } from '../private/fixtures.js';
import { destroying, enqueueJob } from '../private/machine-jobs.js';
import type { JobEffect } from '../private/machine-jobs.js';
import type { JobKind } from '../../core/timing.js';
import {
  allocateNic,
  auditJson,
  FAIL_PROVISION_KEY,
  findMachine,
  machineJson,
  refuseDeleted,
  syncAddresses,
} from '../private/machine-model.js';
import { pageReply } from '../private/paging.js';
import { checkAffinityRule } from '../../../common/rules/affinity.js';
import { optionalBoolean, optionalString, param } from '../private/params.js';
import type { EmulatorContext } from '../../core/context.js';
import { checkTags, createMetadata, withCredentials } from '../private/machine-detail-rules.js';

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
        const body = withCredentials(rc, machine, machineJson(machine, rc.ctx.consistency.readView()));
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
            'CannotDestroyMachine',
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
  const wantDeleted = stateFilter === 'deleted' || stateFilter === 'destroyed' || rc.query.get('tombstone') !== null;
  const tagFilters = [...rc.query.entries()].filter(([k]) => k.startsWith('tag.')).map(([k, v]) => [k.slice(4), v]);
  const simple = (['name', 'image', 'brand', 'memory'] as const).map((f) => [f, rc.query.get(f)] as const);
  const machines = state.machines(accountOf(rc)).filter((m) => {
    if (view.cutoff !== undefined && Date.parse(m.created) > view.cutoff) return false;
    if (m.state === 'deleted' && !wantDeleted) return false;
    if (stateFilter === 'active' && m.state !== 'running' && m.state !== 'stopped') return false;
    if (stateFilter !== undefined && !['active', 'destroyed'].includes(stateFilter) && m.state !== stateFilter)
      return false;
    if (type !== undefined && (type === 'virtualmachine') !== (m.type === 'virtualmachine')) return false;
    if (simple.some(([f, v]) => v !== null && String(m[f]) !== v)) return false;
    return tagFilters.every(([k, v]) => String(m.tags[k!]) === v);
  });
  return pageReply(
    rc,
    machines.map((m) => withCredentials(rc, m, machineJson(m, view))),
  );
}

function createMachine(rc: RequestContext, state: CloudApiState): Reply {
  const account = accountOf(rc);
  const imageParam = optionalString(rc, 'image') ?? optionalString(rc, 'dataset');
  if (param(rc, 'image') !== undefined && param(rc, 'dataset') !== undefined)
    throw invalidArgument('image and dataset are mutually exclusive parameters.');
  if (imageParam === undefined) throw missingParameter('image must be specified');
  const image = state.images(account).find((i) => i.id === imageParam);
  if (image === undefined) throw invalidArgument(`${imageParam} is not a valid image`);
  if (image.state !== 'active') throw invalidArgument(`image ${imageParam} is not active`);
  if (image.owner !== account.account.id && !image.public && !(image.acl ?? []).includes(account.account.id))
    throw invalidArgument(`${imageParam} is not a valid image`);
  const pkgParam = optionalString(rc, 'package');
  if (pkgParam === undefined) throw missingParameter('package must be specified');
  const pkg = state.catalog.package(pkgParam);
  if (pkg === undefined) throw invalidArgument(`${pkgParam} is not a valid package`);

  const name = optionalString(rc, 'name') ?? randomUUID().slice(0, 7);
  checkName(name);
  const machines = state.machines(account);
  const networks = networksParam(rc, state);
  const volumes = volumesParam(rc, state);
  checkAffinity(rc);
  state.catalog.refusePastLimits(machines, pkg['memory'] as number);
  const tags: Record<string, unknown> = { ...(objectParam(rc, 'tags') ?? {}) };
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rc.body)) {
    if (k.startsWith('tag.')) tags[k.slice(4)] = v;
    if (k.startsWith('metadata.')) given[k.slice(9)] = v;
  }
  Object.assign(given, objectParam(rc, 'metadata') ?? {});
  checkTags(tags, undefined);
  const { metadata, internal } = createMetadata(given, param(rc, 'administrator_pw') ?? param(rc, 'password'));
  const now = rc.ctx.clock();
  const iso = new Date(now).toISOString();
  const vm = image.type === 'zvol';
  const machine: MachineRecord = {
    id: randomUUID(),
    name,
    type: vm ? 'virtualmachine' : 'smartmachine',
    brand: vm ? 'bhyve' : 'joyent',
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
    compute_node: '44454c4c-3200-1042-8058-b3c04f4d4e31',
    package: pkg['name'] as string,
    deletion_protection: optionalBoolean(rc, 'deletion_protection') ?? false,
    nics: [],
    snapshots: [],
    readyAt: now + rc.ctx.provisionMs,
  };
  if (metadata[FAIL_PROVISION_KEY] !== undefined) machine.failReason = metadata[FAIL_PROVISION_KEY];
  if (volumes.length > 0) machine.volumes = volumes;
  for (const [i, network] of networks.entries())
    machine.nics!.push(allocateNic(machines, network, i === 0, now, true, state.rangeOf(account.account.id, network)));
  syncAddresses(machine);
  machines.push(machine);
  state.changed();
  return {
    status: 201,
    body: machineJson(machine, { cutoff: undefined }),
    headers: { location: `/${account.account.login}/machines/${machine.id}` },
  };
}

/**
 * The `affinity` rules: strings in CloudAPI's grammar (sdc-cloudapi triton-affinity.js), refused
 * with its message. One datacenter of one emulated server has nowhere else to place a machine, so
 * a valid rule changes nothing.
 */
function checkAffinity(rc: RequestContext): void {
  const raw = param(rc, 'affinity');
  if (raw === undefined || raw === null) return;
  const rules = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(rules) || rules.some((r) => typeof r !== 'string'))
    throw invalidArgument('affinity must be a string or an array of strings');
  for (const rule of rules as string[]) {
    const problem = checkAffinityRule(rule);
    if (problem !== undefined) throw invalidArgument(problem);
  }
}

/**
 * The networks asked for: ids, or `{ipv4_uuid}` objects (what `triton instance create -N` sends);
 * none means the default, the public network then the private one (as a datacenter configured
 * with both would do).
 */
function networksParam(rc: RequestContext, state: CloudApiState): string[] {
  const owner = accountOf(rc).account.id;
  const known = (id: unknown): boolean =>
    typeof id === 'string' && (state.catalog.hasNetwork(id) || state.fabrics.network(owner, id) !== undefined);
  const raw = param(rc, 'networks');
  if (raw === undefined || raw === null)
    return state.catalog.defaultNetworks(accountOf(rc).account.config['default_network']);
  const list = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(list)) throw invalidArgument('Invalid Networks');
  const ids = list.map((n: unknown) =>
    typeof n === 'string'
      ? n.trim()
      : typeof n === 'object' && n !== null
        ? (n as Record<string, unknown>)['ipv4_uuid']
        : n,
  );
  if (!ids.every(known)) throw invalidArgument('Invalid Networks');
  const publicCount = ids.filter((id) => state.catalog.isPublic(id as string)).length;
  if (publicCount > 1) throw invalidArgument('Can specify a maximum of 1 public networks');
  return ids as string[];
}

/**
 * The NFS volumes to mount (CreateMachine `volumes`, sdc-cloudapi lib/machines.js): each
 * `{ name, type: 'tritonnfs', mountpoint, mode }`, naming a `ready` volume of the account.
 */
function volumesParam(rc: RequestContext, state: CloudApiState): MountRecord[] {
  const raw = param(rc, 'volumes');
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidArgument('volumes: must be an array of volume objects');
  const owned = state.volumes.volumesOf(accountOf(rc).account.id);
  const seen = new Set<string>();
  return raw.map((v: unknown, i) => {
    const m = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    const name = m['name'];
    const mountpoint = m['mountpoint'];
    const mode = m['mode'] ?? 'rw';
    if (typeof name !== 'string' || name === '') throw invalidArgument(`volumes[${i}].name: must be a volume name`);
    if (m['type'] !== undefined && m['type'] !== 'tritonnfs')
      throw invalidArgument(`volumes[${i}].type: ${String(m['type'])} is not a supported volume type`);
    if (typeof mountpoint !== 'string' || !mountpoint.startsWith('/'))
      throw invalidArgument(`volumes[${i}].mountpoint: must be an absolute path`);
    if (seen.has(mountpoint)) throw invalidArgument(`volumes[${i}].mountpoint: ${mountpoint} is mounted twice`);
    seen.add(mountpoint);
    if (mode !== 'rw' && mode !== 'ro') throw invalidArgument(`volumes[${i}].mode: must be "rw" or "ro"`);
    const volume = owned.find((o) => o.name === name && o.state !== 'failed');
    if (volume === undefined) throw new EmulatorError(404, 'VolumeNotFound', `Volume with name ${name} not found`);
    if (volume.state !== 'ready')
      throw invalidArgument(`volume ${name} is ${volume.state}; a volume must be ready to be mounted`);
    return { id: volume.id, name, mountpoint, mode, type: 'tritonnfs' };
  });
}

function objectParam(rc: RequestContext, name: string): Record<string, unknown> | undefined {
  const v = rc.body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidArgument(`${name} must be an object`);
  return v as Record<string, unknown>;
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
    default:
      job = {
        action: 'unknown',
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
  if (machine.brand === 'bhyve' && pkg['flexible_disk'] !== true)
    throw invalidArgument('Resizing to a package without flexible disk space is not supported');
  return {
    kind: 'resize',
    package: pkg['name'] as string,
    memory: pkg['memory'] as number,
    disk: pkg['disk'] as number,
  };
}
