/**
 * Manta object shapes (manta.md, server-behaviour.md) and the inputs of the typed client.
 */
import type { JobPhaseProperties } from '../../common/resource-properties.js';
import type { Readable } from 'node:stream';

/** One ListDirectory entry. */
export interface DirectoryEntry {
  readonly name: string;
  readonly type: 'directory' | 'object';
  readonly mtime: string;
  /** Objects only. */
  readonly size?: number;
  readonly etag?: string;
  readonly contentType?: string;
  readonly contentMD5?: string;
  readonly durability?: number;
}

/** One page of a directory listing. */
export interface DirectoryPage {
  readonly entries: readonly DirectoryEntry[];
  /** `Result-Set-Size`: the directory's total entry count. */
  readonly resultSetSize?: number;
}

/** Paging options of ListDirectory. */
export interface ListDirectoryOptions {
  /** 1–1024. @default - the server's default (256) */
  readonly limit?: number;
  /** Start at this name, inclusive. */
  readonly marker?: string;
}

/** Conditional request headers. */
export interface Conditions {
  readonly ifMatch?: string;
  readonly ifNoneMatch?: string;
  readonly ifModifiedSince?: Date | string;
  readonly ifUnmodifiedSince?: Date | string;
}

/** PutObject options. */
export interface PutObjectOptions extends Conditions {
  /** @default 'application/octet-stream' */
  readonly contentType?: string;
  /** Base64 MD5 of the body, checked by the server. Computed for byte bodies when `computeMd5` is set. */
  readonly contentMd5?: string;
  /** Compute Content-MD5 for string and byte bodies. @default true */
  readonly computeMd5?: boolean;
  /** Content-Length; required by some servers for streams, else chunked encoding is used. */
  readonly contentLength?: number;
  /** Copies to keep (`durability-level`). @default - the server's default (2) */
  readonly durability?: number;
  /** Custom metadata; names must start with `m-`. */
  readonly metadata?: Readonly<Record<string, string>>;
  /** Role tags to set on the object. */
  readonly roleTags?: readonly string[];
  /** Size estimate for streamed uploads (`max-content-length`). */
  readonly maxContentLength?: number;
  /** Other headers to send as is (e.g. CORS headers). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** The answer to a write. */
export interface PutResult {
  readonly etag?: string;
  readonly lastModified?: string;
  readonly computedMd5?: string;
}

/** What HEAD and GET tell about an object or directory. */
export interface ObjectMetadata {
  readonly type: 'directory' | 'object';
  readonly contentType?: string;
  readonly contentLength?: number;
  readonly contentMd5?: string;
  readonly etag?: string;
  readonly lastModified?: string;
  readonly durability?: number;
  /** `m-*` headers. */
  readonly metadata: Readonly<Record<string, string>>;
  readonly roleTags: readonly string[];
  /** `Result-Set-Size` of a directory. */
  readonly resultSetSize?: number;
  /** Every response header, for anything not mapped above. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** GetObject answer: metadata and the body stream (consume it or call `body.destroy()`). */
export interface GetObjectResult extends ObjectMetadata {
  readonly body: Readable;
}

/** PutMetadata input: the complete set of headers wanted (replaces all stored headers). */
export interface PutMetadataOptions {
  readonly contentType?: string;
  readonly metadata?: Readonly<Record<string, string>>;
  readonly roleTags?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * A job phase, as CreateJob takes it: the manifest's phase shape (`common/resource-properties.ts`),
 * whose `type` the server defaults to `map`.
 */
export type JobPhase = Omit<JobPhaseProperties, 'type'> & { readonly type?: JobPhaseProperties['type'] };

/** CreateJob input. */
export interface CreateJobInput {
  readonly name?: string;
  readonly phases: readonly JobPhase[];
}

/** A job's status (GetJob). */
export interface Job {
  readonly id: string;
  readonly name?: string;
  readonly state: string;
  readonly cancelled?: boolean;
  readonly inputDone?: boolean;
  readonly timeCreated?: string;
  readonly timeDone?: string;
  readonly phases: readonly JobPhase[];
  readonly stats?: Readonly<Record<string, unknown>>;
}

/** A job error record (GetJobErrors). */
export interface JobError {
  readonly taskId?: string;
  readonly phaseNum?: number;
  readonly what?: string;
  readonly code: string;
  readonly message: string;
  readonly server?: string;
  readonly machine?: string;
  readonly input?: string;
  readonly p0input?: string;
  readonly core?: string;
  readonly stderr?: string;
}

/** A multipart upload (CreateMultipartUpload, GetMultipartUpload). */
export interface MultipartUpload {
  readonly id: string;
  readonly partsDirectory: string;
  readonly state?: 'created' | 'finalizing' | 'done' | string;
  readonly type?: 'commit' | 'abort';
  readonly result?: 'committed' | 'aborted';
  readonly targetObject?: string;
  /** The create's headers as stored: `content-length` and `durability-level` are numbers. */
  readonly headers?: Readonly<Record<string, string | number>>;
  readonly numCopies?: number;
  readonly creationTimeMs?: number;
  readonly partsMD5Summary?: string;
}

/** An upload named by id, or the object CreateMultipartUpload returned (whose parts directory is exact). */
export type UploadRef = string | Pick<MultipartUpload, 'id' | 'partsDirectory'>;

/** CreateMultipartUpload input. */
export interface CreateUploadInput {
  /** The target object's path. */
  readonly objectPath: string;
  /** Headers for the target object (Content-Length, Content-MD5, Durability-Level, Content-Type, m-*). */
  readonly headers?: Readonly<Record<string, string | number>>;
}
