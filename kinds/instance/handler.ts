/**
 * `instance`: a machine (CreateMachine).
 *
 * Waiting: the create answers with the machine `provisioning`; the engine waits through
 * `readiness` until it is `running` (or `failed`, an error naming the instance), then `finish`
 * stops it when the declaration says `state: 'stopped'` (a build machine).
 *
 * In place (UpdateMachine and the tag, metadata and role-tag routes): `name` (rename), `package`
 * (resize), `tags` and `cns` (one ReplaceMachineTags: CNS settings are the `triton.cns.*` tags), `metadata` (set and delete keys), `firewallEnabled`,
 * `deletionProtection`, `state` (start, stop), `roleTags`, and `networks` other than the first (a
 * NIC added or removed, `private/instance-nics.ts`; the engine waits through `readiness`, after the
 * update as after a create, until an added NIC is up and a removed one gone). Replaced: `image`, the
 * primary network (the first of `networks`, compared as `primaryNetwork`: AddNic cannot choose
 * it), `volumes` and `affinity` (the descriptor's `immutable`; the last two the server uses at
 * create only and never returns, so they are compared with what the last apply recorded),
 * delete-then-create, so the name is free and a deletion-protected instance stops the replacement
 * with the server's refusal.
 *
 * Compared: what is declared. Undeclared `tags`, `metadata`, `networks` and `roleTags` are not
 * managed; declared `metadata` is managed as a whole except the keys the server keeps itself
 * (`root_authorized_keys`, `administrator_pw`, `credentials`, any `*_pw`), which are never compared,
 * shown, recorded or deleted. `administratorPw` is write-only (a salted hash in state), sent at
 * create only: a change replaces the instance.
 */
import type { Machine, MachineNic } from '../../provider/cloudapi/types.js';
import type { MachineAction } from './api.js';
import { TritonApiError } from '../../provider/errors.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { sortedStrings } from '../../provider/handlers/private/normalize.js';
import { provisioningLimitNotes } from './private/instance-limits.js';
import { nicChangeNotes, nicProgress, primaryFirst, syncNics } from './private/instance-nics.js';
import { asAskedNetworks, networksOf, withPoolMembers } from './private/instance-pools.js';
import { findInstanceByName } from './private/instance-lookup.js';
import { orUndefined } from '../../provider/handlers/private/not-found.js';
import { awaitingOf, awaitingProgress, instanceDeletion, type InstanceAwaiting } from './private/instance-jobs.js';
import type {
  HandlerContext,
  ObjectRef,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { instance as instanceKind } from './descriptor.js';
import { SERVER_METADATA, stringMap, syncMetadata } from './private/instance-metadata.js';
import { cnsOf, liveCns, tagSet, withoutCns } from './private/instance-cns.js';
import { instanceRehearsalCopy } from './private/instance-rehearsal.js';
import { INSTANCE_DEFAULTS as DEFAULTS } from './private/instance-defaults.js';
import { diskRefusals, syncDisks, wireDisks } from './private/instance-disks.js';
import { bootDesired, bootLive, ROOT_KEYS, syncRootKeys, wireNetworks } from './private/instance-boot.js';
import { volumeMounts, wireMounts } from './private/instance-mounts.js';

export { cnsOf, cnsTags } from './private/instance-cns.js';
export { findInstanceByName } from './private/instance-lookup.js';

/**
 * A live machine, with the role tags of its path when they were read, and its NICs when an update
 * changed them (the wait for the NIC jobs reads them).
 */
export interface InstanceLive extends Machine {
  readonly roleTags?: readonly string[];
  readonly nics?: readonly MachineNic[];
  /** After an update: what its jobs change, which the wait looks for (`private/instance-jobs.ts`). */
  readonly awaiting?: InstanceAwaiting;
  /** Its networks the account cannot list: NICs a network pool made (`private/instance-pools.ts`). */
  readonly poolMembers?: readonly string[];
  /** After a create or update: the networks it asked for, which the wait compares the NICs with. */
  readonly askedNetworks?: readonly string[];
}

/** How long a machine may stay `provisioning` before the apply gives up on it. */
export const INSTANCE_READY_TIMEOUT_MS = 30 * 60_000;

/** The power state a machine is in or heading to: what `state` compares. */
export function powerState(live: Machine): string {
  if (live.state === 'provisioning' || live.state === 'running') return 'running';
  if (live.state === 'stopped' || live.state === 'stopping') return 'stopped';
  return live.state;
}

/** Normalised desired instance (see the file comment for what is compared). */
export function normalizeInstanceDesired(props: ResolvedProperties): PlainObject {
  const out: Record<string, PlainValue> = {
    name: props['name'] ?? '',
    image: props['image'] ?? '',
    package: props['package'] ?? '',
    firewallEnabled: props['firewallEnabled'] ?? DEFAULTS.firewallEnabled,
    deletionProtection: props['deletionProtection'] ?? DEFAULTS.deletionProtection,
    state: props['state'] ?? DEFAULTS.state,
  };
  if (Array.isArray(props['networks'])) {
    out['networks'] = primaryFirst(props['networks']);
    out['primaryNetwork'] = String(props['networks'][0] ?? '');
  }
  if (Array.isArray(props['affinity'])) out['affinity'] = props['affinity'].map(String);
  if (props['tags'] !== undefined) out['tags'] = withoutCns(stringMap(props['tags']));
  if (props['cns'] !== undefined) out['cns'] = cnsOf(props['cns']);
  if (props['metadata'] !== undefined) out['metadata'] = stringMap(props['metadata'], SERVER_METADATA);
  if (props['roleTags'] !== undefined) out['roleTags'] = sortedStrings(props['roleTags']);
  if (Array.isArray(props['volumes'])) out['volumes'] = volumeMounts(props['volumes']);
  bootDesired(props, out);
  return out;
}

/**
 * Normalised live instance; optional fields follow `desired` when given, else appear when not empty.
 * A NIC a pool made counts as the pool the last apply recorded or the declaration names.
 */
export function normalizeInstanceLive(live: InstanceLive, desired?: PlainObject, applied?: PlainObject): PlainObject {
  const out: Record<string, PlainValue> = {
    id: live.id,
    primaryIp: live.primaryIp ?? '',
    ips: [...live.ips],
    name: live.name,
    image: live.image,
    package: live.package ?? '',
    firewallEnabled: live.firewall_enabled === true,
    deletionProtection: live.deletion_protection === true,
    state: powerState(live),
  };
  const optional = (field: string, value: PlainValue, empty: boolean): void => {
    if (desired !== undefined ? desired[field] !== undefined : !empty) out[field] = value;
  };
  const networks = primaryFirst(
    asAskedNetworks(live.networks ?? [], live.poolMembers, [
      networksOf(applied?.['networks']),
      networksOf(desired?.['networks']),
    ]),
  );
  optional('networks', networks, networks.length === 0);
  optional('primaryNetwork', networks[0] ?? '', networks.length === 0);
  const tags = withoutCns(stringMap(live.tags));
  optional('tags', tags, Object.keys(tags).length === 0);
  const cns = liveCns(live.tags);
  optional('cns', cns, (cns['services'] as string[]).length === 0 && cns['disable'] === false);
  const metadata = stringMap(live.metadata, SERVER_METADATA);
  optional('metadata', metadata, Object.keys(metadata).length === 0);
  const roleTags = sortedStrings([...(live.roleTags ?? [])]);
  optional('roleTags', roleTags, roleTags.length === 0);
  bootLive(live, desired, out);
  return out;
}

function machinePath(ctx: HandlerContext<Clients>, id: string): string {
  return `/${ctx.clients.cloudapi.account}/machines/${id}`;
}

/** GetMachine; a deleted machine (410 Gone) or an unknown one (404) is `undefined`. */
export async function getLiveMachine(
  ctx: Pick<HandlerContext<Clients>, 'clients' | 'signal'>,
  id: string,
): Promise<Machine | undefined> {
  try {
    const machine = await orUndefined(ctx.clients.cloudapi.getMachine(id, { signal: ctx.signal }));
    return machine?.state === 'deleted' ? undefined : machine;
  } catch (err) {
    if (err instanceof TritonApiError && err.status === 410) return undefined;
    throw err;
  }
}

async function withRoleTags(ctx: HandlerContext<Clients>, machine: Machine): Promise<InstanceLive> {
  const roleTags = await orUndefined(
    ctx.clients.cloudapi.getRoleTags(machinePath(ctx, machine.id), { signal: ctx.signal }),
  );
  return roleTags === undefined ? machine : { ...machine, roleTags };
}

async function read(ctx: HandlerContext<Clients>, ref: ObjectRef): Promise<InstanceLive | undefined> {
  const machine =
    ref.id !== undefined ? await getLiveMachine(ctx, ref.id) : await findInstanceByName(ctx, ref.naturalKey);
  if (machine === undefined) return undefined;
  const asked = [networksOf(ref.applied?.['networks']), networksOf(ref.declared?.['networks'])];
  const [withTags, pooled] = await Promise.all([withRoleTags(ctx, machine), withPoolMembers(ctx, machine, asked)]);
  return pooled.poolMembers === undefined ? withTags : { ...withTags, poolMembers: pooled.poolMembers };
}

const touches = (patch: readonly { path: string }[], field: string): boolean =>
  patch.some((op) => op.path === `/${field}` || op.path.startsWith(`/${field}/`));

/** The UpdateMachine actions a patch needs, in a safe order (power last, after the rest); exported for its unit test. */
export function instanceActionsFor(desired: ResolvedProperties, patch: readonly { path: string }[]): MachineAction[] {
  const actions: MachineAction[] = [];
  if (touches(patch, 'name')) actions.push({ action: 'rename', name: String(desired['name']) });
  if (touches(patch, 'package')) actions.push({ action: 'resize', package: String(desired['package']) });
  if (touches(patch, 'firewallEnabled'))
    actions.push({ action: desired['firewallEnabled'] === true ? 'enable_firewall' : 'disable_firewall' });
  if (touches(patch, 'deletionProtection'))
    actions.push({
      action: desired['deletionProtection'] === true ? 'enable_deletion_protection' : 'disable_deletion_protection',
    });
  if (touches(patch, 'state')) actions.push({ action: desired['state'] === 'stopped' ? 'stop' : 'start' });
  return actions;
}

/** The `instance` handler. No `list`: role tags need one read per machine. */
export const instanceHandler: ResourceHandler<InstanceLive, Clients> = {
  kind: 'instance',
  mode: 'managed',
  schema: { ...fieldRulesOf(instanceKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeInstanceDesired,
  normalizeLive: normalizeInstanceLive,
  naturalKeyOf: (live) => live.name,
  idOf: (live) => live.id,
  read,
  async listForCensus(ctx) {
    return (await ctx.clients.cloudapi.listMachines({}, { signal: ctx.signal })).filter((m) => m.state !== 'deleted');
  },
  readiness: {
    progress(live, desired) {
      if (live.state === 'provisioning') return { state: 'pending', detail: 'provisioning' };
      const jobs = awaitingProgress(live, live.awaiting);
      if (jobs !== undefined) return jobs;
      if (live.state === 'failed')
        return {
          state: 'failed',
          reason: `instance ${live.name} failed to provision: the server reports state "failed"`,
        };
      const networks = Array.isArray(desired['networks']) ? desired['networks'].map(String) : undefined;
      return (live.nics && nicProgress(live.name, live.nics, networks, live.poolMembers)) ?? { state: 'ready' };
    },
    // While the machine's job runs, GetMachine alone says so; once it has ended, the role tags and
    // (after a NIC change) the NICs are read, together: one request per look, not three in a row.
    async poll(ctx, live) {
      const machine = await getLiveMachine(ctx, live.id);
      if (machine === undefined) return undefined;
      const { roleTags: lastTags, nics: lastNics, awaiting, poolMembers, askedNetworks } = live;
      const kept = {
        ...(awaiting !== undefined ? { awaiting } : {}),
        ...(poolMembers !== undefined ? { poolMembers } : {}),
        ...(askedNetworks !== undefined ? { askedNetworks } : {}),
      };
      if (machine.state === 'provisioning' || awaitingProgress(machine, awaiting) !== undefined)
        return {
          ...machine,
          ...kept,
          ...(lastTags !== undefined ? { roleTags: lastTags } : {}),
          ...(lastNics !== undefined ? { nics: lastNics } : {}),
        };
      // Once its jobs ended, which NICs a pool made, looked up once (the wait compares the NICs).
      const [withTags, nics, pooled] = await Promise.all([
        withRoleTags(ctx, machine),
        lastNics === undefined ? undefined : ctx.clients.cloudapi.listNics(live.id, { signal: ctx.signal }),
        poolMembers === undefined && askedNetworks !== undefined
          ? withPoolMembers(ctx, machine, [askedNetworks])
          : undefined,
      ]);
      return {
        ...withTags,
        ...kept,
        ...(nics !== undefined ? { nics } : {}),
        ...(pooled?.poolMembers !== undefined ? { poolMembers: pooled.poolMembers } : {}),
      };
    },
    afterUpdate: true,
    waitsFor: "the instance's jobs",
    async finish(ctx, waited, desired) {
      const { awaiting: _awaiting, askedNetworks: _asked, ...ended } = waited;
      // What the state records compares a NIC a pool made as the pool (`normalizeLive`).
      const up =
        ended.poolMembers !== undefined ? ended : await withPoolMembers(ctx, ended, [networksOf(desired['networks'])]);
      // CloudAPI wrote the account's keys at create: the declared ones go in once the machine is up.
      const keys = desired['rootAuthorizedKeys'];
      const live =
        (await syncRootKeys(ctx, up, desired)) && typeof keys === 'string'
          ? { ...up, metadata: { ...up.metadata, [ROOT_KEYS]: keys } }
          : up;
      if (desired['state'] !== 'stopped' || live.state !== 'running') return live;
      await ctx.clients.cloudapi.updateMachine(live.id, { action: 'stop' }, { signal: ctx.signal });
      // The stop is a job: the engine waits until the machine is stopped (an image is made only from a stopped one).
      const stopping = (await read(ctx, { id: live.id, naturalKey: live.name })) ?? live;
      return { ...stopping, awaiting: { state: 'stopped' } };
    },
    // A boot takes tens of seconds: poll at most every 5 s so the wait overshoots it by little. A
    // start, a stop or a rename can be over in a second or two, and one look (GetMachine alone
    // while the job runs) is cheap: the first looks come every 100 ms, not the default 200, which
    // was up to a fifth of such a job seen late.
    initialPollMs: 100,
    maxPollMs: 5000,
    timeoutMs: INSTANCE_READY_TIMEOUT_MS,
    onTimeout: 'run apply again later: the instance is still provisioning',
  },
  async create(ctx, desired) {
    const networks = desired['networks'];
    const machine = await ctx.clients.cloudapi.createMachine(
      {
        name: String(desired['name']),
        image: String(desired['image']),
        package: String(desired['package']),
        ...(Array.isArray(networks) ? { networks: wireNetworks(networks.map(String), desired['networkIps']) } : {}),
        ...(desired['delegateDataset'] === true ? { delegate_dataset: true } : {}),
        ...(Array.isArray(desired['disks']) ? { disks: wireDisks(desired['disks']) } : {}),
        ...(Array.isArray(desired['affinity']) ? { affinity: desired['affinity'].map(String) } : {}),
        firewall_enabled: desired['firewallEnabled'] === true,
        deletion_protection: desired['deletionProtection'] === true,
        ...(desired['tags'] !== undefined || desired['cns'] !== undefined ? { tags: tagSet(desired, {}) } : {}),
        ...(desired['metadata'] !== undefined ? { metadata: stringMap(desired['metadata'], SERVER_METADATA) } : {}),
        // Write-only: sent at create only (CloudAPI keeps it as the metadata key `administrator_pw`).
        ...(typeof desired['administratorPw'] === 'string' ? { administrator_pw: desired['administratorPw'] } : {}),
        ...(Array.isArray(desired['volumes']) ? { volumes: await wireMounts(ctx, desired['volumes']) } : {}),
      },
      { signal: ctx.signal },
    );
    const asked = Array.isArray(networks) ? { askedNetworks: networks.map(String) } : {};
    const roleTags = desired['roleTags'];
    if (!Array.isArray(roleTags)) return { ...machine, ...asked };
    const answer = await ctx.clients.cloudapi.setRoleTags(machinePath(ctx, machine.id), sortedStrings(roleTags), {
      signal: ctx.signal,
    });
    return { ...machine, ...asked, roleTags: [...answer['role-tag']] };
  },
  // Create is two requests (CreateMachine, then SetRoleTags): a machine whose role tags were refused
  // (a role not replicated to this datacenter yet) is found and finished, never made twice.
  async completeAdopted(ctx, live, desired) {
    const roleTags = desired['roleTags'];
    if (!Array.isArray(roleTags)) return live;
    const wanted = sortedStrings(roleTags);
    const have = sortedStrings([...((await withRoleTags(ctx, live)).roleTags ?? [])]);
    if (have.join(',') === wanted.join(',')) return { ...live, roleTags: have };
    const answer = await ctx.clients.cloudapi.setRoleTags(machinePath(ctx, live.id), wanted, { signal: ctx.signal });
    return { ...live, roleTags: [...answer['role-tag']] };
  },
  async update(ctx, id, desired, patch, applied) {
    const api = ctx.clients.cloudapi;
    const actions = instanceActionsFor(desired, patch);
    // Each action is a job done after the answer: the wait looks for what it changes.
    const before = actions.some((a) => a.action === 'resize')
      ? await api.getMachine(id, { signal: ctx.signal })
      : undefined;
    for (const action of actions) await api.updateMachine(id, action, { signal: ctx.signal });
    const awaiting = awaitingOf(actions, before);
    if (touches(patch, 'tags') || touches(patch, 'cns')) {
      // One ReplaceMachineTags for both: the declared tags and CNS tags, the undeclared part as it is.
      const live =
        desired['tags'] !== undefined && desired['cns'] !== undefined
          ? {}
          : (await api.getMachine(id, { signal: ctx.signal })).tags;
      await api.replaceMachineTags(id, tagSet(desired, live), { signal: ctx.signal });
    }
    if (touches(patch, 'metadata')) await syncMetadata(ctx, id, desired);
    if (touches(patch, 'disks')) await syncDisks(ctx, id, desired);
    if (touches(patch, 'rootAuthorizedKeys'))
      await syncRootKeys(ctx, await api.getMachine(id, { signal: ctx.signal }), desired);
    if (touches(patch, 'roleTags') && Array.isArray(desired['roleTags']))
      await api.setRoleTags(machinePath(ctx, id), sortedStrings(desired['roleTags']), { signal: ctx.signal });
    // Last: a NIC change reboots the machine, and the engine then waits for its jobs (`readiness`).
    const synced =
      touches(patch, 'networks') && Array.isArray(desired['networks'])
        ? await syncNics(ctx, id, desired['networks'].map(String), networksOf(applied?.['networks']))
        : undefined;
    const machine = await withRoleTags(ctx, await api.getMachine(id, { signal: ctx.signal }));
    return {
      ...machine,
      ...(synced !== undefined ? { ...synced, askedNetworks: (desired['networks'] as unknown[]).map(String) } : {}),
      ...(awaiting !== undefined ? { awaiting } : {}),
    };
  },
  // The plan says what its NIC changes do (a reboot each), and warns when it would pass the
  // account's provisioning limits, naming the limit.
  // A disk change the server would refuse (the machine not stopped) or that would lose a disk.
  planRefusals: async (_ctx, changes) => diskRefusals(changes),
  async planWarnings(ctx, changes) {
    return [...nicChangeNotes(changes), ...(await provisioningLimitNotes(ctx, changes))];
  },
  // The destroy job ends after the answer: what the machine holds (volumes, NICs) is free only then.
  deletion: instanceDeletion((ctx, ref) =>
    ref.id !== undefined ? getLiveMachine(ctx, ref.id) : findInstanceByName(ctx, ref.naturalKey),
  ),
  async delete(ctx, ref) {
    const id = ref.id ?? (await findInstanceByName(ctx, ref.naturalKey))?.id;
    if (id === undefined) return;
    try {
      await ctx.clients.cloudapi.deleteMachine(id, { signal: ctx.signal });
    } catch (err) {
      // Already gone: 404, or 410 for a machine deleted earlier (a crashed run's delete).
      if (err instanceof TritonApiError && (err.isNotFound || err.status === 410)) return;
      throw err;
    }
  },
  rehearsalCopy: instanceRehearsalCopy,
};
