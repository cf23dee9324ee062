/**
 * Where an object's bytes come from at apply time (`{text}`, `{base64}` or `{file}`), and the
 * multipart upload used for large files. Files are streamed from disk, never read whole.
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReopenableBody } from '../../../provider/http/types.js';
import type { MantaClient } from '../../../provider/manta/client.js';
import type { PutResult } from '../../../provider/manta/types.js';
import type { PlainValue } from '../../../common/contract/handler.js';
import { badProperty, mapBounded } from '../../../provider/handlers/private/manta-support.js';

/** An object's content, ready to send. */
export type ContentSource =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | {
      readonly kind: 'file';
      readonly file: string;
      readonly size: number;
      /** The file's bytes, read at once when it is small (see {@link SMALL_FILE_BYTES}). */
      readonly bytes?: Buffer;
    };

/**
 * Files up to this size are read whole, synchronously, when their upload starts, rather than
 * streamed: a stream costs four requests to the file-system thread pool per file (open, read, the
 * read that finds the end, close), each a hand-over between threads, which for a 1,000-file tree was
 * most of the first upload's system time (docs/performance.md, 2026-11-26 (5)); a whole read of a
 * small file takes microseconds and the bytes can be re-sent as they are.
 */
export const SMALL_FILE_BYTES = 64 * 1024;

/**
 * Resolves the `content` property.
 * @param workingDirectory relative file paths resolve against it (the synth's working directory)
 * @throws TritonInputError naming the field when the shape is wrong or the file cannot be read
 */
export async function contentSource(value: PlainValue | undefined, workingDirectory: string): Promise<ContentSource> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    badProperty('object', 'content', value, 'must be {text}, {base64} or {file}');
  const c = value as Readonly<Record<string, PlainValue>>;
  if (typeof c.text === 'string') return { kind: 'bytes', bytes: Buffer.from(c.text, 'utf8') };
  if (typeof c.base64 === 'string') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(c.base64))
      badProperty('object', 'content.base64', `${c.base64.slice(0, 20)}…`, 'must be base64');
    return { kind: 'bytes', bytes: Buffer.from(c.base64, 'base64') };
  }
  if (typeof c.file === 'string' && c.file !== '') {
    const file = resolve(workingDirectory, c.file);
    let size: number;
    try {
      const s = statSync(file);
      if (!s.isFile()) badProperty('object', 'content.file', c.file, `must name a regular file (resolved to ${file})`);
      size = s.size;
      if (size <= SMALL_FILE_BYTES) {
        const bytes = readFileSync(file);
        return { kind: 'file', file, size: bytes.length, bytes };
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === undefined) throw error;
      badProperty(
        'object',
        'content.file',
        c.file,
        `must be a readable file (resolved to ${file}: ${(error as NodeJS.ErrnoException).code}); relative paths are resolved against the directory the app was synthesized in, ${workingDirectory}`,
      );
    }
    return { kind: 'file', file, size };
  }
  return badProperty('object', 'content', value, 'must be {text}, {base64} or {file}');
}

/** The largest read buffer of a file body. */
const READ_BUFFER = 1024 * 1024;

/**
 * A body over a file of `size` bytes, or over bytes `start`..`end` (inclusive) of it, opened
 * afresh for each attempt: the transport can retry it like bytes, and memory stays one read buffer
 * (1 MiB at most).
 *
 * The buffer is no larger than the bytes to send: a stream allocates a whole buffer for each read,
 * and 1 MiB for each of a thousand small files made the first upload of a 1,000-file tree spend
 * most of its CPU in the garbage collector, which V8 runs again and again under that much outside
 * memory (docs/performance.md, 2026-11-26 (5)).
 */
export function fileBody(
  file: string,
  range?: { readonly start: number; readonly end: number },
  size?: number,
): ReopenableBody {
  const bytes = range !== undefined ? range.end - range.start + 1 : size;
  // One byte more than the file holds: the read that finds its end needs no second buffer.
  const highWaterMark = bytes === undefined ? READ_BUFFER : Math.min(READ_BUFFER, Math.max(1, bytes + 1));
  return { open: () => createReadStream(file, { ...range, highWaterMark }) };
}

/** Most parts one upload may have (part numbers 0–9999 in Manta). */
export const MAX_PARTS = 10_000;

/**
 * The part size for a file of `size` bytes: `preferred`, or the smallest whole number of MiB that
 * keeps the upload within {@link MAX_PARTS} parts when `preferred` would need more.
 */
export function partSizeFor(size: number, preferred: number): number {
  if (Math.ceil(size / preferred) <= MAX_PARTS) return preferred;
  const mib = 1024 * 1024;
  return Math.ceil(size / MAX_PARTS / mib) * mib;
}

/** What a multipart upload needs. */
export interface MultipartPlan {
  readonly path: string;
  readonly file: string;
  readonly size: number;
  /** Preferred part size; larger when the file would need more than {@link MAX_PARTS} parts. */
  readonly partSize: number;
  /** Headers stored on the target (content-type, content-md5, durability-level, m-*, CORS). */
  readonly headers: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  /** Parts sent at once (each streams from disk: memory stays a few MiB per part). @default 4 */
  readonly concurrency?: number;
}

/**
 * Uploads a file in parts of `partSize` bytes (each streamed from disk; see {@link partSizeFor}),
 * `concurrency` parts at once, then commits. A part that fails transiently is re-sent alone (the
 * transport re-opens its range), which is what parts are for. When a part still fails, the upload
 * is aborted so no parts are left behind, and the original error is thrown.
 */
export async function multipartUpload(manta: MantaClient, plan: MultipartPlan): Promise<PutResult> {
  const upload = await manta.createMultipartUpload(
    { objectPath: plan.path, headers: plan.headers },
    { signal: plan.signal },
  );
  try {
    const partSize = partSizeFor(plan.size, plan.partSize);
    const parts = Math.max(1, Math.ceil(plan.size / partSize));
    const numbers = Array.from({ length: parts }, (_, n) => n);
    const etags = await mapBounded(numbers, Math.max(1, plan.concurrency ?? 4), async (n) => {
      const start = n * partSize;
      const end = Math.min(plan.size, start + partSize) - 1;
      // Opened afresh for each attempt: a part that fails on the way is re-sent alone, by the transport.
      const result = await manta.uploadPart(upload, n, fileBody(plan.file, { start, end }), { signal: plan.signal });
      if (result.etag === undefined) throw new Error(`UploadPart ${n} of ${plan.path} answered without an Etag`);
      return result.etag;
    });
    return await manta.commitMultipartUpload(upload, etags, { signal: plan.signal });
  } catch (error) {
    try {
      await manta.abortMultipartUpload(upload);
    } catch {
      // The upload's own failure is the one to report; an abandoned upload is cleaned up by the server.
    }
    throw error;
  }
}
