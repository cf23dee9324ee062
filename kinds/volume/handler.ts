/**
 * `volume`: an NFS shared volume (`tritonnfs`). The create answers with the volume `creating`; the
 * engine waits through `readiness` until it is `ready`. UpdateVolume renames it in place (it
 * answers 204, so the handler reads the volume back); size, networks and tags are fixed at create.
 * A volume mounted by an instance cannot be deleted (VOLAPI's `VolumeInUse`): instances mount it by
 * reference, so the plan deletes them first (each waited for until its destroy job ended). A
 * deleted volume is `deleting` until VOLAPI's job removed it, its name still taken: the engine waits
 * through `deletion` until it is gone, so a replacement's new volume can take the name.
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { sortedStringMap, sortedStrings } from '../../provider/handlers/private/normalize.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import type {
  HandlerContext,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf, numberDefault } from '../../common/kinds/index.js';
import { volume as volumeKind } from './descriptor.js';

/** The size a volume takes when none is declared (MiB): the descriptor's default. */
const DEFAULT_SIZE = numberDefault(volumeKind, 'size');

/** A volume as CloudAPI answers it. */
export interface VolumeLive {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly state: string;
  readonly networks?: readonly string[];
  readonly tags?: Readonly<Record<string, string>>;
}

/** How long a volume may stay `creating` (its storage zone provisions) before the apply gives up. */
export const VOLUME_READY_TIMEOUT_MS = 15 * 60_000;

/** Normalised desired volume. */
export function normalizeVolumeDesired(props: ResolvedProperties): PlainObject {
  const out: Record<string, PlainValue> = {
    name: String(props['name'] ?? ''),
    size: Number(props['size'] ?? DEFAULT_SIZE),
  };
  if (Array.isArray(props['networks'])) out['networks'] = sortedStrings(props['networks']);
  if (props['tags'] !== undefined) out['tags'] = sortedStringMap(props['tags']);
  return out;
}

/** Normalised live volume; `networks` and `tags` compared only when declared. */
export function normalizeVolumeLive(live: VolumeLive, desired?: PlainObject): PlainObject {
  const out: Record<string, PlainValue> = { id: live.id, state: live.state, name: live.name, size: live.size };
  const networks = sortedStrings([...(live.networks ?? [])]);
  if (desired !== undefined ? desired['networks'] !== undefined : networks.length > 0) out['networks'] = networks;
  const tags = sortedStringMap(live.tags);
  if (desired !== undefined ? desired['tags'] !== undefined : Object.keys(tags).length > 0) out['tags'] = tags;
  return out;
}

const getVolume = (ctx: HandlerContext<Clients>, id: string): Promise<VolumeLive | undefined> =>
  orUndefined(
    ctx.clients.cloudapi.call<VolumeLive>(
      { operation: 'GetVolume', method: 'GET', path: ['volumes', id], expect: 'object' },
      { signal: ctx.signal },
    ),
  );

async function findByName(ctx: HandlerContext<Clients>, name: string): Promise<VolumeLive | undefined> {
  const found = await ctx.clients.cloudapi.call<VolumeLive[]>(
    { operation: 'ListVolumes', method: 'GET', path: ['volumes'], expect: 'list' },
    { signal: ctx.signal },
  );
  return found.find((v) => v.name === name && v.state !== 'failed');
}

/** The `volume` handler. */
export const volumeHandler: ResourceHandler<VolumeLive, Clients> = {
  kind: 'volume',
  mode: 'managed',
  schema: { ...fieldRulesOf(volumeKind), replaceStrategy: 'delete-then-create' },
  normalizeDesired: normalizeVolumeDesired,
  normalizeLive: normalizeVolumeLive,
  naturalKeyOf: (live) => live.name,
  idOf: (live) => live.id,
  list: (ctx) =>
    ctx.clients.cloudapi.call<VolumeLive[]>(
      { operation: 'ListVolumes', method: 'GET', path: ['volumes'], expect: 'list' },
      { signal: ctx.signal },
    ),
  read: (ctx, ref) => (ref.id !== undefined ? getVolume(ctx, ref.id) : findByName(ctx, ref.naturalKey)),
  readiness: {
    progress(live) {
      if (live.state === 'creating') return { state: 'pending', detail: 'creating' };
      if (live.state === 'failed')
        return {
          state: 'failed',
          reason: `volume ${live.name} failed to create: the server reports state "failed"`,
        };
      return { state: 'ready' };
    },
    maxPollMs: 5000,
    timeoutMs: VOLUME_READY_TIMEOUT_MS,
    onTimeout: 'run apply again later: the volume is still being created',
  },
  create: (ctx, desired) =>
    ctx.clients.cloudapi.call<VolumeLive>(
      {
        operation: 'CreateVolume',
        method: 'POST',
        path: ['volumes'],
        json: {
          name: String(desired['name']),
          type: 'tritonnfs',
          size: Number(desired['size']),
          ...(Array.isArray(desired['networks']) ? { networks: desired['networks'].map(String) } : {}),
          ...(desired['tags'] !== undefined ? { tags: sortedStringMap(desired['tags']) } : {}),
        },
        expect: 'object',
      },
      { signal: ctx.signal },
    ),
  async update(ctx, id, desired) {
    await ctx.clients.cloudapi.call(
      {
        operation: 'UpdateVolume',
        method: 'POST',
        path: ['volumes', id],
        json: { name: String(desired['name']) },
        expect: 'empty',
      },
      { signal: ctx.signal },
    );
    const live = await getVolume(ctx, id);
    if (live === undefined) throw new Error(`volume ${id} disappeared after its rename`);
    return live;
  },
  deletion: {
    waitsFor: 'its delete job',
    async progress(ctx, ref) {
      const live = ref.id !== undefined ? await getVolume(ctx, ref.id) : await findByName(ctx, ref.naturalKey);
      if (live === undefined) return { state: 'gone' };
      if (live.state === 'failed')
        return { state: 'failed', reason: `the server reports volume ${live.name} "failed"` };
      return { state: 'pending', detail: live.state };
    },
    maxPollMs: 5000,
  },
  async delete(ctx, ref) {
    const id = ref.id ?? (await findByName(ctx, ref.naturalKey))?.id;
    if (id === undefined) return;
    await ignoreNotFound(
      ctx.clients.cloudapi.call(
        { operation: 'DeleteVolume', method: 'DELETE', path: ['volumes', id], expect: 'empty' },
        { signal: ctx.signal },
      ),
    );
  },
  // Every rehearsal's copy holds the account's volumes (an instance mounts them by id).
  rehearsalCopy: {
    order: 12,
    async copy({ clients, signal, tryRead }) {
      const volumes =
        (await tryRead('volumes', () =>
          clients.cloudapi.call<(VolumeLive & { readonly created?: string })[]>(
            { operation: 'ListVolumes', method: 'GET', path: ['volumes'], expect: 'list' },
            { signal },
          ),
        )) ?? [];
      const seedVolumes = volumes
        .filter((v) => v.state !== 'deleted')
        .map((v) => ({
          id: v.id,
          name: v.name,
          size: v.size,
          state: v.state,
          networks: [...(v.networks ?? [])],
          tags: Object.fromEntries(Object.entries(v.tags ?? {}).map(([k, t]) => [k, String(t)])),
          type: v.type,
          ...(v.created !== undefined ? { created: v.created } : {}),
        }));
      return { seed: { volumes: seedVolumes }, copied: [`${seedVolumes.length} volumes`] };
    },
  },
};
