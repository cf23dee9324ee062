/** Fields every namespace entry has. */
export interface EntryBase {
  /** Canonical path, e.g. `/acme/stor/dir/obj`. */
  readonly path: string;
  /** Last change, milliseconds since the epoch. */
  readonly mtime: number;
  /** RBAC role tags (role names) set with the `role-tag` header. */
  readonly roleTags: readonly string[];
  /** Stored user headers (`m-*`, CORS, cache headers), lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A directory in the namespace. */
export interface DirectoryEntry extends EntryBase {
  readonly type: 'directory';
}

/** An object (or a snaplink, which is an object sharing another object's bytes). */
export interface ObjectEntry extends EntryBase {
  readonly type: 'object';
  /** Fresh UUID per write; a snaplink carries its source's etag, as in Manta. */
  readonly etag: string;
  /** Blob ids whose concatenation is the object's bytes (several for a committed multipart upload). */
  readonly blobs: readonly string[];
  /** Content length in bytes. */
  readonly size: number;
  /** Base64 MD5 computed at ingest (`Computed-MD5`, also served as `Content-MD5`). */
  readonly md5: string;
  /** `Content-Type`; `application/octet-stream` when none was sent. */
  readonly contentType: string;
  /** Number of copies (`durability-level`), 2 by default. */
  readonly durability: number;
}

/** Anything stored at a path. */
export type Entry = DirectoryEntry | ObjectEntry;

/** One line of a directory listing (`application/x-json-stream; type=directory`). */
export interface ListingEntry {
  readonly name: string;
  readonly type: 'directory' | 'object';
  readonly mtime: string;
  readonly etag?: string;
  readonly size?: number;
  readonly contentType?: string;
  readonly contentMD5?: string;
  /** The object's Content-Disposition, when it has one (muskie mantav1 lib/common.js `readdir`). */
  readonly contentDisposition?: string;
  readonly durability?: number;
}

/** Turns an entry into the listing line Manta sends for it. */
export function toListingEntry(name: string, entry: Entry): ListingEntry {
  const mtime = new Date(entry.mtime).toISOString();
  if (entry.type === 'directory') return { name, type: 'directory', mtime };
  return {
    name,
    type: 'object',
    mtime,
    etag: entry.etag,
    size: entry.size,
    contentType: entry.contentType,
    contentMD5: entry.md5,
    ...(entry.headers['content-disposition'] !== undefined
      ? { contentDisposition: entry.headers['content-disposition'] }
      : {}),
    durability: entry.durability,
  };
}
