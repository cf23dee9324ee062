/**
 * Whether a directory listing's entry shows the very write of an object that the last apply
 * recorded, so that what the listing lacks (stored headers, role tags) can be taken from the state
 * instead of a HEAD per object.
 *
 * Why the listing is enough: Manta gives every write of an object's content a fresh etag (a UUID,
 * not a content hash), and every write of its metadata alone (PutMetadata: `mchmod`, `mput` of
 * headers) a new mtime while keeping the etag. An entry with the recorded etag, size and MD5 and
 * a modification time in the recorded second has been written by nobody since the apply that
 * recorded it. A metadata change by someone else within that same second is the one change this
 * misses (the listing's mtime is to the millisecond, the `Last-Modified` the apply saw to the
 * second); it shows as drift once anything writes the object again.
 */
import type { DirectoryEntry } from '../../../provider/manta/types.js';
import type { PlainObject, PlainValue } from '../../../common/contract/handler.js';

/** `value` (an HTTP date or ISO 8601 time) as ISO 8601 cut to the second; `''` when absent or unreadable. */
export function toSecond(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

/** A live object. */
export interface LiveObject {
  readonly path: string;
  /** The server's etag (a fresh UUID per write, not a content hash). */
  readonly etag: string;
  /** Base64 MD5 of the content. */
  readonly md5: string;
  readonly size: number;
  readonly contentType: string;
  readonly durability: number;
  /** Stored headers (`m-*`, CORS, caching), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Sorted. */
  readonly roleTags: readonly string[];
  /**
   * When the object was last written (content or metadata), ISO 8601 to the second (what
   * `Last-Modified` carries); `''` when the server did not say. Bookkeeping for `list`.
   */
  readonly lastModified: string;
}

/** What the state supplies for an unchanged object: everything of the live object but its path. */
export type RecordedObject = Omit<LiveObject, 'path'>;

/**
 * The live object `entry` stands for, built from `applied` (the state's last-applied properties of
 * the same path), when the entry shows that same write; `undefined` when anything differs or is
 * unknown (the caller then HEADs the object).
 */
export function unchangedSince(applied: PlainObject | undefined, entry: DirectoryEntry): RecordedObject | undefined {
  if (applied === undefined) return undefined;
  const etag = entry.etag ?? '';
  const recordedSecond = str(applied.lastModified);
  if (
    etag === '' ||
    recordedSecond === '' ||
    str(applied.etag) !== etag ||
    applied.size !== entry.size ||
    str(applied.md5) !== (entry.contentMD5 ?? '') ||
    toSecond(entry.mtime) !== recordedSecond
  ) {
    return undefined;
  }
  const headers = stringMap(applied.headers);
  const roleTags = stringList(applied.roleTags);
  if (headers === undefined || roleTags === undefined) return undefined;
  return {
    etag,
    md5: entry.contentMD5 ?? '',
    size: entry.size ?? 0,
    contentType: entry.contentType ?? str(applied.contentType),
    durability: entry.durability ?? 2,
    headers,
    roleTags,
    lastModified: recordedSecond,
  };
}

function str(value: PlainValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function stringMap(value: PlainValue | undefined): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, PlainValue>)) {
    if (typeof v !== 'string') return undefined;
    out[k] = v;
  }
  return out;
}

function stringList(value: PlainValue | undefined): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value as readonly PlainValue[];
  return list.every((v): v is string => typeof v === 'string') ? [...list] : undefined;
}

/** The etag and content facts the last apply recorded for an object, when it recorded an etag. */
export function recordedOf(
  applied: PlainObject | undefined,
): (Pick<LiveObject, 'etag' | 'md5' | 'size' | 'durability'> & { readonly etag: string }) | undefined {
  const etag = applied?.etag;
  if (typeof etag !== 'string' || etag === '') return undefined;
  const { md5, size, durability } = applied!;
  if (typeof md5 !== 'string' || typeof size !== 'number' || typeof durability !== 'number') return undefined;
  return { etag, md5, size, durability };
}
