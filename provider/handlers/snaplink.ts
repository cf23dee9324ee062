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
 */
import { TritonApiError } from '../errors.js';
import type { PlainObject, ResourceHandler, ResourceSchema } from './types.js';
import {
  explainConflict,
  ignoreNotFound,
  pathProp,
  unlessNotFound,
  userHeadersOf,
  type MantaClients,
} from './private/manta-support.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { snaplink as snaplinkKind } from '../../common/kinds/snaplink.js';

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
    const meta = await unlessNotFound(() => ctx.clients.manta.headObject(ref.naturalKey, { signal: ctx.signal }));
    if (meta === undefined || meta.type !== 'object') return undefined;
    return {
      path: ref.naturalKey,
      source: meta.metadata[LINK_SOURCE_HEADER] ?? null,
      etag: meta.etag ?? '',
      md5: meta.contentMd5 ?? '',
    };
  },

  async create(ctx, desired) {
    const path = pathProp(KIND, desired);
    const source = pathProp(KIND, desired, 'source');
    const { manta } = ctx.clients;
    const linked = await manta.putSnapLink(path, source, { signal: ctx.signal });
    // The link inherited the source's stored headers; PutMetadata replaces them all, so read them
    // back from the link (not the source, which may change meanwhile) and add the stamp. If-Match on
    // the link's etag: another writer's object at this path is never re-stamped as our link.
    const meta = await manta.headObject(path, { signal: ctx.signal });
    if (meta === undefined || (linked.etag !== undefined && meta.etag !== linked.etag)) {
      // A read inside the consistency window saw the path's previous state: report it as not yet
      // visible (a 404 on our own target), which the engine retries within the window.
      throw new TritonApiError({
        status: 404,
        apiCode: 'ResourceNotFound',
        message: `snaplink ${path} is not visible yet: a HEAD right after PutSnapLink returned ${meta?.etag === undefined ? 'nothing' : `etag ${meta.etag}, not the link's ${linked.etag}`}`,
        method: 'HEAD',
        path,
        operation: 'HeadObject',
      });
    }
    const inherited = userHeadersOf(meta.headers);
    const metadata: Record<string, string> = {};
    const other: Record<string, string> = {};
    for (const [k, v] of Object.entries(inherited)) (k.startsWith('m-') ? metadata : other)[k] = v;
    metadata[LINK_SOURCE_HEADER] = source;
    const etag = linked.etag ?? meta.etag ?? '';
    try {
      await manta.putMetadata(path, {
        ...(meta.contentType !== undefined ? { contentType: meta.contentType } : {}),
        metadata,
        headers: { ...other, ...(etag !== '' ? { 'if-match': etag } : {}) },
        roleTags: meta.roleTags,
        signal: ctx.signal,
      });
    } catch (error) {
      explainConflict(error, `snaplink ${path}`);
    }
    return { path, source, etag, md5: meta.contentMd5 ?? '' };
  },

  async completeAdopted(ctx, live, desired) {
    // A PutSnapLink that failed after taking effect leaves the link without its stamp (the stamp is
    // a second request), and an unstamped link plans as a replacement. Finish it as create would
    // have; linking the same source again within the run that meant to link it is harmless.
    if (live.source === pathProp(KIND, desired, 'source')) return live;
    return snapLinkHandler.create(ctx, desired);
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
