import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, existsSync } from 'node:fs';
import { unlink, rm, stat, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MantaError } from './errors.js';
import { claimBlobDir, partFileName, releaseBlobDir, removeStaleParts } from './private/stale-parts.js';

/** What the store knows about one stored byte stream. */
export interface BlobInfo {
  /** Opaque id: the file name under the blob directory. */
  readonly id: string;
  /** Number of bytes. */
  readonly size: number;
  /** Base64 MD5 of the bytes (the `Computed-MD5` header). */
  readonly md5: string;
}

/** Limits applied while a blob is streamed in. */
export interface BlobWriteOptions {
  /** Reject the upload once more than this many bytes arrive (413 `MaxContentLengthExceeded`). */
  readonly maxBytes?: number;
}

/**
 * Immutable byte streams stored as files, one per blob, so object bytes never sit whole in the
 * heap: writes stream to a temporary file while the MD5 is computed, then are renamed into place.
 * Blobs are never modified; objects, snaplinks and multipart parts refer to them by id, and the
 * namespace deletes a blob when nothing refers to it any more.
 */
export class BlobStore {
  /** Directory holding the blob files. */
  readonly dir: string;

  /** Files of unfinished writes found and removed when the store opened (see {@link removeStaleParts}). */
  readonly removedParts: readonly string[];
  private closed = false;

  /**
   * Opens the directory and removes the parts of writes that no process will finish (an emulator
   * killed during uploads leaves them behind); committed blobs are kept.
   * @param dir directory for blob files; created when missing
   */
  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
    claimBlobDir(dir);
    this.removedParts = removeStaleParts(dir);
  }

  /** Notes that this store writes no more, so a later store on the directory may remove its parts. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    releaseBlobDir(this.dir);
  }

  /**
   * Path of a blob's file.
   * @throws Error when `id` is not a plain file name (ids come from the saved namespace, which a
   *   damaged or hand-edited file could make point outside the blob directory)
   */
  pathOf(id: string): string {
    if (id === '' || id === '.' || id === '..' || id.includes('/') || id.includes('\\') || id.includes('\0'))
      throw new Error(`blob id ${JSON.stringify(id)} is not a file name in ${this.dir}`);
    return join(this.dir, id);
  }

  /** Whether the blob's file exists. */
  has(id: string): boolean {
    return existsSync(this.pathOf(id));
  }

  /**
   * Streams `source` into a new blob and returns its id, size and MD5.
   * @throws MantaError 413 `MaxContentLengthExceeded` (muskie's MaxSizeExceededError) when `maxBytes` is exceeded
   */
  async write(source: Readable | Buffer | string, options: BlobWriteOptions = {}): Promise<BlobInfo> {
    const id = randomUUID();
    const tmp = join(this.dir, partFileName(id));
    const hash = createHash('md5');
    let size = 0;
    const max = options.maxBytes;
    const meter = new Transform({
      transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
        size += chunk.length;
        if (max !== undefined && size > max) {
          cb(new MantaError(413, 'MaxContentLengthExceeded', `request has exceeded ${max} bytes`));
          return;
        }
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    const input = typeof source === 'string' || Buffer.isBuffer(source) ? Readable.from([Buffer.from(source)]) : source;
    try {
      await pipeline(input, meter, createWriteStream(tmp, { mode: 0o600 }));
      await rename(tmp, this.pathOf(id));
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      if (err instanceof MantaError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      // The client went away (or the source stream failed) before the end of the body.
      if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as Error).message === 'aborted') {
        throw new MantaError(
          400,
          'UploadAbandoned',
          `the upload ended after ${size} bytes, before the end of the body`,
        );
      }
      throw err;
    }
    return { id, size, md5: hash.digest('base64') };
  }

  /** Size of a blob's file in bytes. */
  async size(id: string): Promise<number> {
    return (await stat(this.pathOf(id))).size;
  }

  /** A stream of the concatenated bytes of `ids`, opened one file at a time. */
  read(ids: readonly string[]): Readable {
    const paths = ids.map((id) => this.pathOf(id));
    async function* chain(): AsyncGenerator<Buffer> {
      for (const p of paths) {
        for await (const chunk of createReadStream(p, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
      }
    }
    return Readable.from(chain(), { objectMode: false });
  }

  /** Computes the base64 MD5 of the concatenation of `ids` without holding it in memory. */
  async md5Of(ids: readonly string[]): Promise<string> {
    const hash = createHash('md5');
    for await (const chunk of this.read(ids)) hash.update(chunk as Buffer);
    return hash.digest('base64');
  }

  /** Deletes a blob's file; a missing file is not an error. */
  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }
}
