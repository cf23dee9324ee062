/**
 * `snaplink`: a Manta snaplink (PutSnapLink with `Location`). Links are immutable snapshots: any
 * change of `source` is a replacement, never an in-place update.
 *
 * How drift is decided. Manta does not record a link's source: a link is an object that shares the
 * source's bytes and, at link time, its etag, so a listing cannot tell it from an object except by
 * an MD5/etag coincidence with the source, which breaks as soon as the source is rewritten. The
 * handler therefore stamps every link it makes with the stored header `m-triton-iac-link-source`
 * (PutMetadata right after the link, keeping the headers the link inherited from its source):
 * - the header names the desired source: in sync;
 * - the header names another path, or is missing (an object was PUT over the link, or the link was
 *   made by another tool): `source` differs, so the link is replaced, i.e. re-linked to the current
 *   bytes of the desired source.
 * Rewriting the source object later does not make the link drift: that is what a snapshot is.
 *
 * A create cut off between its two requests (the network dropped after PutSnapLink took effect)
 * leaves a link without the stamp. The handler recognises it at the next plan, where the engine
 * tells `read` the declared source: an unstamped object at the path whose etag is the declared
 * source's current etag shares the source's object (Manta gives a link its source's object id as
 * etag, and no upload ever reuses one), so it is a link of that source, i.e. exactly what the
 * interrupted create left. It reads as a link of the declared source, marked `unstamped`; the plan
 * adopts it without asking, and `completeAdopted` writes the stamp (no re-link). An unstamped object
 * whose etag differs is someone else's (or a link of bytes the source no longer has): its source
 * reads as `null`, and adopting it still needs the user's consent.
 */
import { TritonApiError } from '../../provider/errors.js';
import type { ObjectMetadata } from '../../provider/manta/types.js';
import type { HandlerContext, PlainObject, ResourceHandler, ResourceSchema } from '../../common/contract/handler.js';
import {
  explainConflict,
  ignoreNotFound,
  pathProp,
  splitHeaders,
  unlessNotFound,
  userHeadersOf,
  type MantaClients,
} from '../../provider/handlers/private/manta-support.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { mantaLine } from '../../provider/handlers/private/manta-line.js';
import { snaplink as snaplinkKind } from './descriptor.js';

/** The stored header that records which path a link was made from. */
export const LINK_SOURCE_HEADER = 'm-triton-iac-link-source';

/** A live snaplink. */
export interface LiveSnapLink {
  readonly path: string;
  /** The source recorded in {@link LINK_SOURCE_HEADER}; `null` when the object carries none. */
  readonly source: string | null;
  /** The link's etag (the source's etag when it was linked). */
  readonly etag: string;
  /** Base64 MD5 of the linked bytes. */
  readonly md5: string;
  /**
   * Set when the object carries no stamp but was recognised as a link of `source` (the declared
   * source) by its etag: what a create cut off before its stamp leaves. `completeAdopted` stamps it.
   */
  readonly unstamped?: true;
}

const KIND = 'snaplink';

const schema: ResourceSchema = {
  ...fieldRulesOf(snaplinkKind),
  replaceStrategy: 'delete-then-create',
};

/** The snaplink handler. */
export const snapLinkHandler: ResourceHandler<LiveSnapLink, MantaClients> = {
  kind: KIND,
  mode: 'managed',
  schema,

  async unavailable(ctx) {
    return (await mantaLine(ctx)) === 2
      ? 'its Manta is Manta v2, which refuses every snaplink (muskie master lib/link.js)'
      : undefined;
  },

  normalizeDesired(props): PlainObject {
    return {
      path: typeof props.path === 'string' ? props.path : '',
      source: typeof props.source === 'string' ? props.source : null,
    };
  },

  normalizeLive(live): PlainObject {
    return { path: live.path, source: live.source, etag: live.etag, md5: live.md5 };
  },

  naturalKeyOf: (live) => live.path,
  idOf: () => undefined,

  // No `list`: telling links from objects needs each entry's headers, so the engine reads links
  // one by one (one HEAD each), which is what a listing plus HEADs would cost anyway.

  async read(ctx, ref) {
    const { manta } = ctx.clients;
    const meta = await unlessNotFound(() => manta.headObject(ref.naturalKey, { signal: ctx.signal }));
    if (meta === undefined || meta.type !== 'object') return undefined;
    const live = {
      path: ref.naturalKey,
      source: meta.metadata[LINK_SOURCE_HEADER] ?? null,
      etag: meta.etag ?? '',
      md5: meta.contentMd5 ?? '',
    };
    const declared = ref.declared?.source;
    if (live.source !== null || typeof declared !== 'string' || live.etag === '') return live;
    // No stamp: a link of the declared source shares its etag (its object id); anything else does not.
    const source = await unlessNotFound(() => manta.headObject(declared, { signal: ctx.signal }));
    if (source?.type !== 'object' || source.etag !== live.etag) return live;
    return { ...live, source: declared, unstamped: true };
  },

  async create(ctx, desired) {
    const path = pathProp(KIND, desired);
    const source = pathProp(KIND, desired, 'source');
    const linked = await ctx.clients.manta.putSnapLink(path, source, { signal: ctx.signal });
    return stamp(ctx, path, source, linked.etag, (seen) => {
      // A read inside the consistency window saw the path's previous state: report it as not yet
      // visible (a 404 on our own target), which the engine retries within the window.
      throw new TritonApiError({
        status: 404,
        apiCode: 'ResourceNotFound',
        message: `snaplink ${path} is not visible yet: a HEAD right after PutSnapLink returned ${seen === undefined ? 'nothing' : `etag ${seen}, not the link's ${linked.etag}`}`,
        method: 'HEAD',
        path,
        operation: 'HeadObject',
      });
    });
  },

  async completeAdopted(ctx, live, desired) {
    // A PutSnapLink that took effect without the PutMetadata after it leaves the link without its
    // stamp, and an unstamped link plans as a replacement. Recognised by its etag (`read` with the
    // declared source, at plan), it only lacks the stamp; found without that proof (right after a
    // create of this run whose outcome was unknown), it is linked again, which within the run that
    // meant to link it is harmless.
    const source = pathProp(KIND, desired, 'source');
    if (live.source !== source) return snapLinkHandler.create(ctx, desired);
    if (live.unstamped !== true) return live;
    ctx.log.info('stamping a snaplink an interrupted create left without its source', { path: live.path, source });
    return stamp(ctx, live.path, source, live.etag, (seen) => {
      // The object changed since the plan recognised it: it is no longer the link that was found.
      throw new TritonApiError({
        status: 412,
        apiCode: 'PreconditionFailed',
        message: `snaplink ${live.path} was changed by another writer since triton-iac read it (etag ${seen ?? 'none'}, not ${live.etag}); nothing was overwritten. Re-run plan to see the new live state.`,
        method: 'HEAD',
        path: live.path,
        operation: 'HeadObject',
      });
    });
  },

  async update(ctx, id, desired) {
    // Every field is immutable or computed, so the planner never asks for an update; if it does
    // (an adopted link whose stamp is current), re-read rather than re-link.
    const live = await snapLinkHandler.read(ctx, { naturalKey: id });
    if (live === undefined) return snapLinkHandler.create(ctx, desired);
    return live;
  },

  async delete(ctx, ref) {
    await ignoreNotFound(() => ctx.clients.manta.deleteObject(ref.naturalKey, { signal: ctx.signal }));
  },
};

/**
 * Stamps the link at `path` with `source` (PutMetadata, If-Match `etag`) and returns it as linked.
 * The link inherited the source's stored headers and PutMetadata replaces them all, so they are read
 * back from the link (not the source, which may change meanwhile; from the source only at the link's
 * etag, when a stale HEAD of the link shows nothing) and kept beside the stamp. If-Match
 * on the link's etag: another writer's object at this path is never stamped as our link.
 * @param mismatch called, and must throw, when the HEAD shows no object or another etag
 */
async function stamp(
  ctx: HandlerContext<MantaClients>,
  path: string,
  source: string,
  etag: string | undefined,
  mismatch: (seen: string | undefined) => never,
): Promise<LiveSnapLink> {
  const { manta } = ctx.clients;
  const known = etag !== undefined && etag !== '';
  const matches = (m: ObjectMetadata | undefined): boolean => m !== undefined && (!known || m.etag === etag);
  let meta = await unlessNotFound(() => manta.headObject(path, { signal: ctx.signal }));
  if (!matches(meta) && known) {
    // A HEAD right after the link can be served from before it, inside the consistency window.
    // The source at the link's etag is the very object version the link was made from, so its
    // stored headers are the ones the link inherited: take them from there.
    const fromSource = await unlessNotFound(() => manta.headObject(source, { signal: ctx.signal }));
    if (matches(fromSource)) meta = fromSource;
  }
  if (meta === undefined || !matches(meta)) mismatch(meta?.etag);
  const { metadata, other } = splitHeaders(userHeadersOf(meta.headers));
  metadata[LINK_SOURCE_HEADER] = source;
  const ifMatch = etag || meta.etag || '';
  try {
    await manta.putMetadata(path, {
      ...(meta.contentType !== undefined ? { contentType: meta.contentType } : {}),
      metadata,
      headers: { ...other, ...(ifMatch !== '' ? { 'if-match': ifMatch } : {}) },
      roleTags: meta.roleTags,
      signal: ctx.signal,
    });
  } catch (error) {
    explainConflict(error, `snaplink ${path}`);
  }
  return { path, source, etag: ifMatch, md5: meta.contentMd5 ?? '' };
}
