import { randomUUID } from 'node:crypto';
import { invalidArgument, notFound } from '../../../emulator/core/errors.js';
import type { Reply, RequestContext } from '../../../emulator/core/types.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import type { MachineRecord } from '../../../emulator/cloudapi/private/fixtures.js';
import {
  audit,
  findMachine,
  machineJson,
  notePriorDetails,
  visibleDetails,
} from '../../../emulator/cloudapi/private/machine-model.js';
import { callerOf } from '../../../emulator/cloudapi/private/machine-jobs.js';
import {
  checkTagDeletable,
  checkTags,
  credentialsOf,
  isPasswordKey,
  KEPT_ON_DELETE_ALL,
  UNDELETABLE_METADATA,
  wantsCredentials,
} from '../../../emulator/cloudapi/private/machine-detail-rules.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';

/** Request parameters that are the route's, not tags or metadata (sdc-cloudapi tags.js). */
const NOT_DETAILS = new Set(['account', 'machine', 'uuid', 'owner_uuid', 'context', 'image']);

/**
 * The machine tag and metadata routes of sdc-cloudapi tags.js and metadata.js. Writes answer at
 * once; inside the consistency window a read may still see the values before them. What they
 * accept and refuse is `emulator/cloudapi/private/machine-detail-rules.ts`.
 */
export function machineDetailRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const base = '/:account/machines/:machine';
  return [
    { method: 'GET', path: `${base}/tags`, name: 'ListMachineTags', handler: (rc) => list(rc, state, 'tags') },
    { method: 'POST', path: `${base}/tags`, name: 'AddMachineTags', handler: (rc) => add(rc, state, 'tags', false) },
    {
      method: 'PUT',
      path: `${base}/tags`,
      name: 'ReplaceMachineTags',
      handler: (rc) => add(rc, state, 'tags', true),
    },
    { method: 'GET', path: `${base}/tags/:key`, name: 'GetMachineTag', handler: (rc) => getOne(rc, state, 'tags') },
    {
      method: 'DELETE',
      path: `${base}/tags`,
      name: 'DeleteMachineTags',
      handler: (rc) => remove(rc, state, 'tags', undefined),
    },
    {
      method: 'DELETE',
      path: `${base}/tags/:key`,
      name: 'DeleteMachineTag',
      handler: (rc) => remove(rc, state, 'tags', rc.params['key']!),
    },
    {
      method: 'GET',
      path: `${base}/metadata`,
      name: 'ListMachineMetadata',
      handler: (rc) => list(rc, state, 'metadata'),
    },
    {
      method: 'POST',
      path: `${base}/metadata`,
      name: 'AddMachineMetadata',
      handler: (rc) => add(rc, state, 'metadata', false),
    },
    {
      method: 'GET',
      path: `${base}/metadata/:key`,
      name: 'GetMachineMetadata',
      handler: (rc) => getOne(rc, state, 'metadata'),
    },
    {
      method: 'DELETE',
      path: `${base}/metadata`,
      name: 'DeleteAllMachineMetadata',
      handler: (rc) => remove(rc, state, 'metadata', undefined),
    },
    {
      method: 'DELETE',
      path: `${base}/metadata/:key`,
      name: 'DeleteMachineMetadata',
      handler: (rc) => remove(rc, state, 'metadata', rc.params['key']!),
    },
  ];
}

type Part = 'tags' | 'metadata';

/** The machine a detail route addresses; a deleted one answers 410 with its record. */
function liveMachine(rc: RequestContext, state: CloudApiState): MachineRecord | Reply {
  const machine = findMachine(state.machines(accountOf(rc)), rc.params['machine']!);
  if (machine.state === 'deleted') return { status: 410, body: machineJson(machine, { cutoff: undefined }) };
  return machine;
}

function isReply(v: MachineRecord | Reply): v is Reply {
  return 'status' in v;
}

function list(rc: RequestContext, state: CloudApiState, part: Part): Reply {
  const machine = liveMachine(rc, state);
  if (isReply(machine)) return machine;
  const json = machineJson(machine, rc.ctx.consistency.readView());
  const credentials = part === 'metadata' && wantsCredentials(rc) ? credentialsOf(machine.internalMetadata) : undefined;
  // lib/metadata.js `list`: `?credentials=true` adds the internal `*_pw` keys as `credentials`.
  if (part === 'metadata' && wantsCredentials(rc))
    return { status: 200, body: { ...(json[part] as Record<string, string>), credentials: credentials ?? {} } };
  return { status: 200, body: json[part] };
}

function getOne(rc: RequestContext, state: CloudApiState, part: Part): Reply {
  const machine = liveMachine(rc, state);
  if (isReply(machine)) return machine;
  const key = rc.params['key']!;
  const json = machineJson(machine, rc.ctx.consistency.readView());
  // lib/metadata.js `get`: the key `credentials` reads the internal `*_pw` keys.
  if (part === 'metadata' && key === 'credentials')
    return { status: 200, body: credentialsOf(machine.internalMetadata) ?? {} };
  const value = (json[part] as Record<string, unknown>)[key];
  if (value === undefined) throw notFound(part === 'tags' ? `tag "${key}" does not exist` : `${key} is not metadata`);
  // restify's JSON formatter sends the bare value as JSON (`"web"`), which the `triton` CLI parses.
  return { status: 200, body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
}

function add(rc: RequestContext, state: CloudApiState, part: Part, replace: boolean): Reply {
  const machine = liveMachine(rc, state);
  if (isReply(machine)) return machine;
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rc.body)) if (!NOT_DETAILS.has(k)) given[k] = v;
  for (const [k, v] of rc.query.entries()) if (!NOT_DETAILS.has(k) && given[k] === undefined) given[k] = v;
  if (part === 'tags') checkTags(given, replace ? 'error replacing tags' : 'error adding tags');
  else
    for (const [k, v] of Object.entries(given)) {
      // lib/metadata.js `add` skips `credentials` and `*_pw` keys without a word: passwords are set at create.
      if (k === 'credentials' || isPasswordKey(k)) delete given[k];
      else if (typeof v !== 'string') given[k] = JSON.stringify(v);
    }
  notePriorDetails(machine, rc.ctx.clock(), rc.ctx.consistency.windowMs);
  const before = machine[part] as Record<string, unknown>;
  const next = replace ? given : { ...visibleDetails(machine, { cutoff: undefined })[part], ...given };
  // sdc-vmapi lib/common/vm-common.js `setMetadata` adds `remove_<part>` only for keys the new set
  // drops (or gives a falsy value); without them the job is a plain set (lib/audit.js translateAction).
  const drops = replace && Object.keys(before).some((k) => !given[k]);
  if (part === 'tags') machine.tags = next;
  else machine.metadata = next as Record<string, string>;
  machine.updated = new Date(rc.ctx.clock()).toISOString();
  audit(machine, drops ? `replace_${part}` : `set_${part}`, rc.ctx.clock(), true, callerOf(rc));
  state.changed();
  return { status: 200, body: next, headers: { 'x-job-uuid': randomUUID() } };
}

function remove(rc: RequestContext, state: CloudApiState, part: Part, key: string | undefined): Reply {
  const machine = liveMachine(rc, state);
  if (isReply(machine)) return machine;
  if (part === 'metadata' && key !== undefined && UNDELETABLE_METADATA.has(key))
    throw invalidArgument(`Metadata key ${key} can not be deleted`);
  const current = { ...machine[part] } as Record<string, unknown>;
  if (key !== undefined && current[key] === undefined)
    throw notFound(part === 'tags' ? `tag "${key}" does not exist` : `${key} is not metadata`);
  if (part === 'tags')
    checkTagDeletable(
      key === undefined ? Object.keys(current) : [key],
      key === undefined ? 'error deleting all tags' : 'error deleting tag',
    );
  notePriorDetails(machine, rc.ctx.clock(), rc.ctx.consistency.windowMs);
  // lib/metadata.js `delAll` keeps the server's keys (administrator_pw, root_authorized_keys).
  const kept = part === 'metadata' ? KEPT_ON_DELETE_ALL : [];
  if (key !== undefined) delete current[key];
  else for (const k of Object.keys(current)) if (!kept.includes(k)) delete current[k];
  if (part === 'tags') machine.tags = current;
  else machine.metadata = current as Record<string, string>;
  machine.updated = new Date(rc.ctx.clock()).toISOString();
  // Deleting all tags is VMAPI's `deleteAllMetadata` (`remove_tags` of every key); deleting all
  // metadata is CloudAPI's `delAll`, a replace by the kept keys (lib/metadata.js), so `replace_metadata`.
  const action = key === undefined && part === 'metadata' ? 'replace_metadata' : `remove_${part}`;
  audit(machine, action, rc.ctx.clock(), true, callerOf(rc));
  state.changed();
  return { status: 204 };
}
