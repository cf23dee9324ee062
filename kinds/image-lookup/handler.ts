/**
 * `image-lookup`: a ListImages query read fresh at every plan; nothing is created. Several matches
 * are resolved by `mostRecent` (the newest `published_at`) or are an error.
 */
import type { Image, ListImagesFilter } from '../../provider/cloudapi/types.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { TritonHandlerError } from '../../provider/handlers/errors.js';
import type { LookupHandler, PlainObject, PlainValue, ResolvedProperties } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { imageLookup as imageLookupKind } from './descriptor.js';

/** The image a look-up found, with the look-up's natural key (its query string). */
export interface ImageLookupLive extends Image {
  readonly query: string;
}

const STRING_FILTERS = ['name', 'os', 'version', 'owner', 'type', 'state'] as const;

/** The ListImages filters of a look-up's properties (`mostRecent` is ours, not the API's). */
export function imageFilters(query: ResolvedProperties): ListImagesFilter {
  const out: Record<string, string | boolean> = {};
  for (const f of STRING_FILTERS) if (typeof query[f] === 'string') out[f] = query[f] as string;
  if (typeof query['public'] === 'boolean') out['public'] = query['public'];
  return out as ListImagesFilter;
}

/**
 * Picks the one image a look-up means.
 * @throws TritonHandlerError `LOOKUP_AMBIGUOUS` for several matches without `mostRecent`.
 */
export function pickImage(images: readonly Image[], mostRecent: boolean, query: string): Image | undefined {
  if (images.length <= 1) return images[0];
  if (!mostRecent) {
    const found = images.map((i) => `${i.name}@${i.version} (${i.id})`).join(', ');
    throw new TritonHandlerError(
      'LOOKUP_AMBIGUOUS',
      `image look-up ${JSON.stringify(query)} matched ${images.length} images (${found}); narrow the filters or set mostRecent: true`,
    );
  }
  // ISO timestamps sort as text; ties keep the server's order.
  return [...images].sort((a, b) =>
    (a.published_at ?? '') < (b.published_at ?? '') ? 1 : (a.published_at ?? '') > (b.published_at ?? '') ? -1 : 0,
  )[0];
}

/** The look-up's answer as the plan shows it and references read it. */
export function normalizeImageLookupLive(live: ImageLookupLive): PlainObject {
  const out: Record<string, PlainValue> = {
    id: live.id,
    name: live.name,
    version: live.version,
    os: live.os,
    type: live.type,
    state: live.state,
  };
  if (live.owner !== undefined) out['owner'] = live.owner;
  if (live.public !== undefined) out['public'] = live.public;
  if (live.published_at !== undefined) out['published_at'] = live.published_at;
  return out;
}

/** The `image-lookup` handler. */
export const imageLookupHandler: LookupHandler<ImageLookupLive, Clients> = {
  kind: 'image-lookup',
  mode: 'lookup',
  // A stack may make what it finds before apply reads it again (an Image, a FabricNetwork).
  nothingFound: 'warn',
  schema: { ...fieldRulesOf(imageLookupKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: normalizeImageLookupLive,
  naturalKeyOf: (live) => live.query,
  idOf: (live) => live.id,
  async read(ctx, ref, query) {
    const images = await ctx.clients.cloudapi.listImages(imageFilters(query), { signal: ctx.signal });
    const image = pickImage(images, query['mostRecent'] === true, ref.naturalKey);
    return image === undefined ? undefined : { ...image, query: ref.naturalKey };
  },
};
