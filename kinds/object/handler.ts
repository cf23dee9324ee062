/**
 * `object`: a Manta object. Content is compared by MD5 (the listing carries `contentMD5`, so a
 * no-op plan downloads nothing), plus content type, stored headers (`m-*`, CORS, caching),
 * durability and role tags.
 *
 * - A content or durability change re-uploads (PUT overwrites; durability cannot change in place).
 * - A change of content type, headers or role tags only is one PutMetadata with the complete set.
 * - Updates are conditional: the handler writes with `If-Match` on the etag the last apply recorded
 *   (no read first: the plan that found no drift saw that very write); when that fails (412: the
 *   object was rewritten since) or nothing was recorded, it HEADs the object and writes with
 *   `If-Match` on the current etag. A writer that lands in between is never clobbered; the loss is
 *   reported as "changed by another writer" (412/409, status kept for the engine).
 * - File content is streamed from disk: one streaming PUT up to `multipartThresholdBytes` (1 GiB),
 *   a parallel multipart upload from there on (which cannot be conditional: the server refuses
 *   If-Match there). Why the line is that high: {@link DEFAULT_MULTIPART_THRESHOLD_BYTES}.
 *
 * Reading: `list` takes the directory listing (etag, MD5, size, type, durability, mtime). What the
 * listing lacks (stored headers, role tags) comes from the state when the listing shows the very
 * write the last apply recorded (same etag, size, MD5 and modification second: see
 * `unchangedSince`), and from a HEAD of the object otherwise: a no-op plan of a large tree costs one
 * listing per directory, and an object rewritten behind our back (a new etag) or whose metadata was
 * changed (a new mtime) is still read in full. No object body is fetched.
 */
import { checkDurability, DURABILITY_MAX, DURABILITY_MIN } from '../../common/rules/index.js';
import type { DirectoryEntry, PutResult } from '../../provider/manta/types.js';
import { TritonApiError } from '../../provider/errors.js';
import type {
  JsonPatchOperation,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
  ResourceSchema,
} from '../../common/contract/handler.js';
import { contentSource, fileBody, multipartUpload } from './private/manta-content.js';
import {
  badProperty,
  childPath,
  explainConflict,
  ignoreNotFound,
  mapBounded,
  pathProp,
  sortedUnique,
  splitHeaders,
  stringProp,
  unlessNotFound,
  userHeadersOf,
  type MantaClients,
  type MantaContext,
} from '../../provider/handlers/private/manta-support.js';
import { fieldRulesOf, numberDefault, stringDefault } from '../../common/kinds/index.js';
import { recordedOf, toSecond, unchangedSince, type LiveObject } from './private/object-fingerprint.js';
import { object as objectKind } from './descriptor.js';

/** What an object declared without these has: the descriptor's defaults. */
const DEFAULT_DURABILITY = numberDefault(objectKind, 'durability');
const DEFAULT_CONTENT_TYPE = stringDefault(objectKind, 'contentType');

export type { LiveObject } from './private/object-fingerprint.js';

const MIB = 1024 * 1024;

/**
 * Files at least this large go up in parts; smaller ones as one streaming PUT (1 GiB).
 *
 * A multipart upload is not free on Manta: its commit runs mako-finalize on every storage node,
 * which copies all the parts into the object's file and hashes them again before the commit
 * answers (muskie lib/uploads/commit.js, RFD 65), a pass over the whole object after the last
 * byte has arrived, and every part is a metadata record of its own. A streaming PUT hashes on the
 * way through and is done with the last byte. On a link that one connection fills, the PUT is
 * therefore always faster (the vendor `mput` sends every file that way). Parts pay off where a
 * single connection cannot fill the link (a long, fat path: parallel parts multiply its window)
 * and where re-sending the whole object after a failure costs more than re-sending a part (the
 * engine re-runs a failed PUT from the start): both grow with the size, hence a size line, and a
 * high one, since below 1 GiB a re-sent PUT costs seconds on a 100 MB/s link.
 */
export const DEFAULT_MULTIPART_THRESHOLD_BYTES = 1024 * MIB;

/** Part size of multipart uploads (64 MiB: 16 parts for 1 GiB; few metadata records, cheap re-sends). */
export const DEFAULT_PART_SIZE_BYTES = 64 * MIB;

/** Tuning of {@link createObjectHandler}. */
export interface ObjectHandlerOptions {
  /** Files at least this large are uploaded in parts. @default DEFAULT_MULTIPART_THRESHOLD_BYTES (1 GiB) */
  readonly multipartThresholdBytes?: number;
  /**
   * Part size of multipart uploads; the server needs at least 5 MiB for all but the last. A file
   * too large for 10,000 parts of this size gets larger parts. @default DEFAULT_PART_SIZE_BYTES (64 MiB)
   */
  readonly partSizeBytes?: number;
  /** Relative `content.file` paths resolve against it when the context names no `contentDir`. @default process.cwd() */
  readonly workingDirectory?: string;
}

const KIND = 'object';
const HEADS_IN_FLIGHT = 4;
/** Fields that only a re-upload can change. */
const CONTENT_FIELDS = new Set(['md5', 'size', 'durability']);

const schema: ResourceSchema = {
  ...fieldRulesOf(objectKind),
  replaceStrategy: 'create-then-delete',
};

/** The desired object, checked. */
interface DesiredObject {
  readonly path: string;
  readonly content: PlainValue | undefined;
  readonly md5: string;
  readonly size: number;
  readonly contentType: string;
  readonly durability: number;
  readonly headers: Record<string, string>;
  readonly roleTags: string[];
}

function headersOf(value: PlainValue | undefined, strict: boolean): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return strict ? badProperty(KIND, 'headers', value, 'must be an object of header names to string values') : {};
  const out: Record<string, string> = {};
  const byLowerName = Object.entries(value).map(([name, v]): [string, string, PlainValue] => [
    name.toLowerCase(),
    name,
    v,
  ]);
  for (const [lower, name, v] of byLowerName.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (typeof v !== 'string') {
      if (strict) badProperty(KIND, `headers["${name}"]`, v, 'must be a string');
      continue;
    }
    if (lower === 'role-tag')
      badProperty(KIND, `headers["${name}"]`, v, 'must not be set here: role tags go in roleTags');
    out[lower] = v;
  }
  return out;
}

function desiredOf(props: ResolvedProperties): DesiredObject {
  const size = props.size;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
    badProperty(KIND, 'size', size, 'must be a non-negative integer (bytes)');
  const durability = props.durability ?? DEFAULT_DURABILITY;
  if (typeof durability !== 'number' || checkDurability(durability) !== undefined)
    badProperty(KIND, 'durability', durability, `must be an integer from ${DURABILITY_MIN} to ${DURABILITY_MAX}`);
  const roleTags = props.roleTags ?? [];
  if (!Array.isArray(roleTags) || roleTags.some((t: PlainValue) => typeof t !== 'string' || t === ''))
    badProperty(KIND, 'roleTags', roleTags, 'must be a list of role names');
  return {
    path: pathProp(KIND, props),
    content: props.content,
    md5: stringProp(KIND, props, 'md5'),
    size,
    contentType:
      typeof props.contentType === 'string' && props.contentType !== '' ? props.contentType : DEFAULT_CONTENT_TYPE,
    durability,
    headers: headersOf(props.headers, true),
    roleTags: sortedUnique(roleTags as string[]),
  };
}

function liveFrom(d: DesiredObject, put: PutResult, fallbackEtag: string): LiveObject {
  return {
    path: d.path,
    etag: put.etag ?? fallbackEtag,
    md5: put.computedMd5 ?? d.md5,
    size: d.size,
    contentType: d.contentType,
    durability: d.durability,
    headers: d.headers,
    roleTags: d.roleTags,
    lastModified: toSecond(put.lastModified),
  };
}

/** Creates an object handler; {@link objectHandler} is the one with default tuning. */
export function createObjectHandler(options: ObjectHandlerOptions = {}): ResourceHandler<LiveObject, MantaClients> {
  const threshold = options.multipartThresholdBytes ?? DEFAULT_MULTIPART_THRESHOLD_BYTES;
  const partSize = options.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
  if (!Number.isInteger(partSize) || partSize < 5 * MIB)
    badProperty(
      KIND,
      'partSizeBytes',
      partSize,
      'must be an integer of at least 5 MiB (5242880), the server minimum for all but the last part',
    );

  async function upload(ctx: MantaContext, d: DesiredObject, ifMatch: string | undefined): Promise<PutResult> {
    const { manta } = ctx.clients;
    const source = await contentSource(d.content, ctx.contentDir ?? options.workingDirectory ?? process.cwd());
    const { metadata, other } = splitHeaders(d.headers);
    if (source.kind === 'file' && source.size !== d.size) {
      badProperty(
        KIND,
        'content.file',
        source.file,
        `must still be the file the synth saw: it is ${source.size} bytes now, the manifest says ${d.size}; re-run synth`,
      );
    }
    if (source.kind === 'file' && source.size >= threshold) {
      if (ifMatch !== undefined)
        ctx.log.debug('multipart uploads cannot be conditional; overwriting without If-Match', { path: d.path });
      const headers = {
        'content-type': d.contentType,
        'content-md5': d.md5,
        'durability-level': String(d.durability),
        ...metadata,
      };
      const committed = await multipartUpload(manta, {
        path: d.path,
        file: source.file,
        size: source.size,
        partSize,
        headers,
        signal: ctx.signal,
      });
      // A committed upload keeps only `m-*` headers; the rest (CORS, role tags) is set after.
      if (Object.keys(other).length > 0 || d.roleTags.length > 0) {
        await manta.putMetadata(d.path, {
          contentType: d.contentType,
          metadata,
          headers: other,
          roleTags: d.roleTags,
          signal: ctx.signal,
        });
      }
      return committed;
    }
    // A file is opened afresh for each attempt, so the transport can retry a failed PUT itself; a
    // conditional PUT is sent once, since repeated after a write that took effect it would meet its
    // own etag as another writer's (412): the engine re-reads the etag and retries it instead.
    const body =
      source.kind === 'bytes'
        ? source.bytes
        : ifMatch === undefined
          ? (source.bytes ?? fileBody(source.file, undefined, source.size))
          : fileBody(source.file, undefined, source.size).open();
    return manta.putObject(d.path, body, {
      contentType: d.contentType,
      contentMd5: d.md5,
      contentLength: d.size,
      durability: d.durability,
      metadata,
      headers: other,
      roleTags: d.roleTags,
      signal: ctx.signal,
      ...(ifMatch !== undefined ? { ifMatch } : {}),
    });
  }

  /** Writes `d` over an object whose etag and content facts are `on`'s, conditional on `on.etag` ('' = create-only). */
  async function write(
    ctx: MantaContext,
    d: DesiredObject,
    patch: readonly JsonPatchOperation[],
    on: Partial<Pick<LiveObject, 'md5' | 'size' | 'durability'>> & { readonly etag: string },
  ): Promise<LiveObject> {
    const reupload =
      on.md5 === undefined ||
      on.md5 !== d.md5 ||
      on.durability !== d.durability ||
      patch.length === 0 ||
      patch.some((op) => CONTENT_FIELDS.has(op.path.split('/')[1] ?? ''));
    if (reupload) return liveFrom(d, await upload(ctx, d, on.etag), on.etag);
    const { metadata, other } = splitHeaders(d.headers);
    const put = await ctx.clients.manta.putMetadata(d.path, {
      contentType: d.contentType,
      metadata,
      // PutMetadata has no typed condition option; If-Match is an ordinary request header.
      headers: { ...other, 'if-match': on.etag },
      roleTags: d.roleTags,
      signal: ctx.signal,
    });
    return { ...liveFrom(d, put, on.etag), md5: on.md5, size: on.size ?? d.size, durability: on.durability };
  }

  const handler: ResourceHandler<LiveObject, MantaClients> = {
    kind: KIND,
    mode: 'managed',
    schema,

    normalizeDesired(props): PlainObject {
      const roleTags = Array.isArray(props.roleTags)
        ? sortedUnique(props.roleTags.filter((t): t is string => typeof t === 'string'))
        : [];
      return {
        path: typeof props.path === 'string' ? props.path : '',
        md5: typeof props.md5 === 'string' ? props.md5 : '',
        size: typeof props.size === 'number' ? props.size : -1,
        contentType:
          typeof props.contentType === 'string' && props.contentType !== '' ? props.contentType : DEFAULT_CONTENT_TYPE,
        durability: typeof props.durability === 'number' ? props.durability : DEFAULT_DURABILITY,
        headers: headersOf(props.headers, false),
        roleTags,
      };
    },

    normalizeLive(live): PlainObject {
      return {
        path: live.path,
        etag: live.etag,
        md5: live.md5,
        size: live.size,
        contentType: live.contentType,
        durability: live.durability,
        headers: Object.fromEntries(Object.entries(live.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
        roleTags: sortedUnique(live.roleTags),
        lastModified: live.lastModified,
      };
    },

    naturalKeyOf: (live) => live.path,
    idOf: () => undefined,

    async list(ctx, scope) {
      if (scope.parent === undefined) return [];
      const { manta } = ctx.clients;
      const entries: DirectoryEntry[] = [];
      const listed = await unlessNotFound(async () => {
        for await (const e of manta.iterateDirectory(scope.parent!, { pageSize: 1024, signal: ctx.signal })) {
          if (e.type === 'object') entries.push(e);
        }
        return true;
      });
      if (listed === undefined) return [];
      const recorded = new Map<string, PlainObject>();
      for (const k of scope.known ?? []) if (k.applied !== undefined) recorded.set(k.naturalKey, k.applied);
      const found = await mapBounded(entries, HEADS_IN_FLIGHT, async (e) => {
        const path = childPath(scope.parent!, e.name);
        const same = unchangedSince(recorded.get(path), e);
        if (same !== undefined) return { path, ...same };
        const live = await handler.read(ctx, { naturalKey: path });
        // The listing is always current; a HEAD inside a consistency window may not be, so the
        // listing's content facts win and the HEAD only adds headers and role tags.
        return live === undefined
          ? undefined
          : {
              ...live,
              etag: e.etag || live.etag,
              md5: e.contentMD5 || live.md5,
              size: e.size ?? 0,
              durability: e.durability ?? 2,
              lastModified: toSecond(e.mtime) || live.lastModified,
            };
      });
      return found.filter((o): o is LiveObject => o !== undefined);
    },

    async read(ctx, ref) {
      const meta = await unlessNotFound(() => ctx.clients.manta.headObject(ref.naturalKey, { signal: ctx.signal }));
      if (meta === undefined || meta.type !== 'object') return undefined;
      return {
        path: ref.naturalKey,
        etag: meta.etag ?? '',
        md5: meta.contentMd5 ?? '',
        size: meta.contentLength ?? 0,
        contentType: meta.contentType ?? 'application/octet-stream',
        durability: meta.durability ?? 2,
        headers: userHeadersOf(meta.headers),
        roleTags: sortedUnique(meta.roleTags),
        lastModified: toSecond(meta.lastModified),
      };
    },

    async create(ctx, desired) {
      const d = desiredOf(desired);
      return liveFrom(d, await upload(ctx, d, undefined), '');
    },

    async update(ctx, id, desired, patch: readonly JsonPatchOperation[], applied?: PlainObject) {
      const d = desiredOf(desired);
      // First on the etag the last apply recorded: the object still being that write (as the plan
      // saw it), this is the write a HEAD would lead to, a round trip sooner. 412: rewritten since
      // (drift the plan showed), so read the current etag and write on that, as without a record.
      const recorded = recordedOf(applied);
      try {
        if (recorded !== undefined) return await write(ctx, d, patch, recorded);
      } catch (error) {
        if (!(error instanceof TritonApiError && error.status === 412))
          return explainConflict(error, `object ${d.path}`);
      }
      const current = await handler.read(ctx, { naturalKey: id });
      // Gone since the plan: write create-only, so an object someone else puts there meanwhile wins.
      const seen = current === undefined ? { etag: '' } : current;
      try {
        return await write(ctx, d, patch, seen);
      } catch (error) {
        return explainConflict(error, `object ${d.path}`);
      }
    },

    async delete(ctx, ref) {
      await ignoreNotFound(() => ctx.clients.manta.deleteObject(ref.naturalKey, { signal: ctx.signal }));
    },
  };
  return handler;
}

/** The object handler with default tuning (multipart from 1 GiB, 64 MiB parts, paths from the working directory). */
export const objectHandler: ResourceHandler<LiveObject, MantaClients> = createObjectHandler();
