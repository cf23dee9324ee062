/**
 * `image`: a custom image made from a stopped machine (CreateImageFromMachine).
 *
 * Waiting: the create answers at once with the image in state `creating`; it becomes `active` (or
 * `failed`) later. A handler never sleeps, so the engine does the waiting through `readiness`: after
 * `create`, it re-reads with `read(ctx, { id, naturalKey })` (on its own schedule, up to
 * {@link IMAGE_READY_TIMEOUT_MS}) until {@link imageProgress} says `ready`, then calls
 * {@link finishImage}, which runs ExportImage when `exportTo` is declared (the server refuses to
 * export an image that is not active yet). `failed` is terminal and carries the server's `error`.
 *
 * What compares: `name` and `version` (the natural key `name@version`), and the optional
 * `description`, `homepage`, `eula`, `acl` and `tags`, all immutable because the client has no
 * UpdateImage (a change replaces the image, create-then-delete, as old and new can coexist);
 * `roleTags` is updated in place with SetRoleTags on `/<account>/images/<id>`. The source `machine`
 * (an image does not record it) and `exportTo` (an export leaves no mark on the image) are compared by
 * the engine with what the last apply recorded (`recorded` fields): a new machine replaces the image,
 * a new `exportTo` exports it again.
 */
import type { ExportImageResult, Image } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import {
  byCodePoint,
  desiredOptionals,
  liveOptionals,
  sortedStrings,
} from '../../provider/handlers/private/normalize.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import type {
  HandlerContext,
  ObjectRef,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { image as imageKind } from './descriptor.js';

/** A live image, with the role tags of its path when they were read. */
export interface ImageLive extends Image {
  readonly roleTags?: readonly string[];
}

const TEXT_FIELDS = ['description', 'homepage', 'eula'] as const;

function stringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
      .sort(([a], [b]) => byCodePoint(a!, b!)),
  );
}

/** Normalised desired image (see the file comment for what is compared). */
export function normalizeImageDesired(props: ResolvedProperties): PlainObject {
  const out: Record<string, PlainValue> = {
    name: props['name'] ?? '',
    version: props['version'] ?? '',
    ...desiredOptionals(props, TEXT_FIELDS),
  };
  if (props['acl'] !== undefined) out['acl'] = sortedStrings(props['acl']);
  if (props['tags'] !== undefined) out['tags'] = stringMap(props['tags']);
  if (props['roleTags'] !== undefined) out['roleTags'] = sortedStrings(props['roleTags']);
  return out;
}

/** Normalised live image; `id` and `state` are computed. Optional fields follow `desired` when given. */
export function normalizeImageLive(live: ImageLive, desired?: PlainObject): PlainObject {
  const out: Record<string, PlainValue> = { id: live.id, state: live.state, name: live.name, version: live.version };
  Object.assign(out, liveOptionals(live as unknown as Record<string, unknown>, TEXT_FIELDS, desired));
  const optional = (field: string, value: PlainValue, empty: boolean): void => {
    if (desired !== undefined ? desired[field] !== undefined : !empty) out[field] = value;
  };
  const acl = sortedStrings([...(live.acl ?? [])]);
  optional('acl', acl, acl.length === 0);
  const tags = stringMap(live.tags);
  optional('tags', tags, Object.keys(tags).length === 0);
  const roleTags = sortedStrings([...(live.roleTags ?? [])]);
  optional('roleTags', roleTags, roleTags.length === 0);
  return out;
}

/** Where an image is in its life: `pending` while `creating`, `ready` when `active`, else `failed`. */
export function imageProgress(live: Image): 'pending' | 'ready' | 'failed' {
  if (live.state === 'creating' || live.state === 'unactivated') return 'pending';
  return live.state === 'active' ? 'ready' : 'failed';
}

/**
 * The step after the engine has seen the image `ready`: ExportImage to `exportTo` when declared.
 * @returns the export's answer, or `undefined` when no export is declared.
 * @throws TritonHandlerError `INVALID_DESIRED` when the image is not active yet.
 */
export async function finishImage(
  ctx: HandlerContext<Clients>,
  live: Image,
  desired: ResolvedProperties,
): Promise<ExportImageResult | undefined> {
  const exportTo = desired['exportTo'];
  if (typeof exportTo !== 'string' || exportTo === '') return undefined;
  if (imageProgress(live) !== 'ready') {
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `image ${live.id} (${live.name}@${live.version}) is "${live.state}"; it can be exported to ${exportTo} only once active`,
    );
  }
  return ctx.clients.cloudapi.exportImage(live.id, exportTo, { signal: ctx.signal });
}

function imagePath(ctx: HandlerContext<Clients>, id: string): string {
  return `/${ctx.clients.cloudapi.account}/images/${id}`;
}

async function withRoleTags(ctx: HandlerContext<Clients>, image: Image): Promise<ImageLive> {
  const roleTags = await orUndefined(
    ctx.clients.cloudapi.getRoleTags(imagePath(ctx, image.id), { signal: ctx.signal }),
  );
  return roleTags === undefined ? image : { ...image, roleTags };
}

/** Finds the caller's own image called `name@version` (the newest when there are several). */
async function findByNaturalKey(ctx: HandlerContext<Clients>, naturalKey: string): Promise<Image | undefined> {
  const at = naturalKey.lastIndexOf('@');
  if (at <= 0)
    throw new TritonHandlerError(
      'INVALID_DESIRED',
      `image natural key ${JSON.stringify(naturalKey)} must be "<name>@<version>"`,
    );
  const images = await ctx.clients.cloudapi.listImages(
    { name: naturalKey.slice(0, at), version: naturalKey.slice(at + 1), state: 'all' },
    { signal: ctx.signal },
  );
  const own = images.filter((i) => i.public !== true);
  return own.sort((a, b) => ((a.published_at ?? '') < (b.published_at ?? '') ? 1 : -1))[0];
}

async function read(ctx: HandlerContext<Clients>, ref: ObjectRef): Promise<ImageLive | undefined> {
  const image =
    ref.id !== undefined
      ? await orUndefined(ctx.clients.cloudapi.getImage(ref.id, { signal: ctx.signal }))
      : await findByNaturalKey(ctx, ref.naturalKey);
  return image === undefined ? undefined : withRoleTags(ctx, image);
}

/** How long an image may stay `creating` before the apply gives up on it. */
export const IMAGE_READY_TIMEOUT_MS = 30 * 60_000;

/** The `image` handler. No `list`: role tags need one read per image, so the engine reads each. */
export const imageHandler: ResourceHandler<ImageLive, Clients> = {
  kind: 'image',
  mode: 'managed',
  schema: { ...fieldRulesOf(imageKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: normalizeImageDesired,
  normalizeLive: normalizeImageLive,
  naturalKeyOf: (live) => `${live.name}@${live.version}`,
  idOf: (live) => live.id,
  read,
  async listForCensus(ctx) {
    const images = await ctx.clients.cloudapi.listImages({ state: 'all' }, { signal: ctx.signal });
    return images.filter((i) => i.public !== true);
  },
  readiness: {
    progress(live) {
      const progress = imageProgress(live);
      if (progress === 'ready') return { state: 'ready' };
      if (progress === 'pending') return { state: 'pending', detail: live.state };
      return { state: 'failed', reason: `it failed to build: ${live.error?.message ?? `state ${live.state}`}` };
    },
    async finish(ctx, live, desired) {
      await finishImage(ctx, live, desired);
      return live;
    },
    timeoutMs: IMAGE_READY_TIMEOUT_MS,
  },
  async create(ctx, desired) {
    const acl = desired['acl'];
    const image = await ctx.clients.cloudapi.createImageFromMachine(
      {
        machine: String(desired['machine'] ?? ''),
        name: String(desired['name'] ?? ''),
        version: String(desired['version'] ?? ''),
        ...(desiredOptionals(desired, TEXT_FIELDS) as Record<string, string>),
        ...(Array.isArray(acl) ? { acl: acl.map(String) } : {}),
        ...(desired['tags'] !== undefined ? { tags: stringMap(desired['tags']) } : {}),
      },
      { signal: ctx.signal },
    );
    const roleTags = desired['roleTags'];
    if (!Array.isArray(roleTags)) return image;
    const answer = await ctx.clients.cloudapi.setRoleTags(imagePath(ctx, image.id), sortedStrings(roleTags), {
      signal: ctx.signal,
    });
    return { ...image, roleTags: [...answer['role-tag']] };
  },
  async update(ctx, id, desired, patch) {
    // Only the role tags and the export can change in place; everything else is immutable. A new
    // `exportTo` exports the image again there (the old export stays: it is the user's data).
    if (patch.some((op) => op.path === '/exportTo' || op.path.startsWith('/exportTo/'))) {
      const image = await ctx.clients.cloudapi.getImage(id, { signal: ctx.signal });
      await finishImage(ctx, image, desired);
    }
    // Undeclared tags are not managed.
    if (!Array.isArray(desired['roleTags']))
      return withRoleTags(ctx, await ctx.clients.cloudapi.getImage(id, { signal: ctx.signal }));
    const answer = await ctx.clients.cloudapi.setRoleTags(imagePath(ctx, id), sortedStrings(desired['roleTags']), {
      signal: ctx.signal,
    });
    const image = await ctx.clients.cloudapi.getImage(id, { signal: ctx.signal });
    return { ...image, roleTags: [...answer['role-tag']] };
  },
  async delete(ctx, ref) {
    const id = ref.id ?? (await findByNaturalKey(ctx, ref.naturalKey))?.id;
    if (id !== undefined) await ignoreNotFound(ctx.clients.cloudapi.deleteImage(id, { signal: ctx.signal }));
  },
  // Every copy holds every image the cloud lists: the account's own, and the public ones its
  // machines run and its look-ups find.
  rehearsalCopy: {
    order: 2,
    async copy({ clients, signal, tryRead, copied }) {
      const images = (await tryRead('images', () => clients.cloudapi.listImages({}, { signal }))) ?? [];
      // Known only when the account could be read: then an image of another owner is a public one.
      const account = (copied['account'] as { readonly id: string } | undefined)?.id;
      return {
        seed: {
          images: images.map((i) => ({
            id: i.id,
            name: i.name,
            version: i.version,
            os: i.os,
            type: i.type,
            state: i.state,
            ...(i.description !== undefined ? { description: i.description } : {}),
            ...(account !== undefined && i.owner !== account && i.public === true ? { public: true } : {}),
          })),
        },
        copied: [],
      };
    },
  },
};
