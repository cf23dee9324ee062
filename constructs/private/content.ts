/** Object content: inline text or bytes, or a file hashed at synth without loading it whole. */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { ObjectContent } from '../../common/resource-properties.js';
import { fail, unreadableFile } from './problems.js';

/** Inline content above this size is refused: it belongs in a file, which the manifest references. */
export const INLINE_CONTENT_MAX_BYTES = 1024 * 1024;

/** Content as the manifest records it, with its base64 MD5 and size. */
export interface SynthesizedContent {
  readonly content: ObjectContent;
  readonly md5: string;
  readonly size: number;
}

/** From exactly one of `content` (string or bytes) and `file` (path). */
export function synthesizeContent(
  at: string,
  content: string | Uint8Array | undefined,
  file: string | undefined,
): SynthesizedContent {
  if ((content === undefined) === (file === undefined)) {
    fail(at, 'content', undefined, 'give exactly one of content (a string or a Buffer) and file (a path)', {
      withhold: true,
    });
  }
  if (file !== undefined) return fromFile(at, file);
  if (typeof content === 'string') {
    const bytes = Buffer.from(content, 'utf8');
    checkInlineSize(at, bytes.length);
    return { content: { text: content }, md5: md5(bytes), size: bytes.length };
  }
  if (!(content instanceof Uint8Array)) fail(at, 'content', typeof content, 'must be a string or a Buffer');
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  checkInlineSize(at, bytes.length);
  return { content: { base64: bytes.toString('base64') }, md5: md5(bytes), size: bytes.length };
}

function checkInlineSize(at: string, size: number): void {
  if (size > INLINE_CONTENT_MAX_BYTES) {
    fail(
      at,
      'content',
      `${size} bytes`,
      `inline content is limited to ${INLINE_CONTENT_MAX_BYTES} bytes to keep the manifest small; write it to a file and pass file instead`,
    );
  }
}

function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('base64');
}

let chunk: Buffer | undefined;

function fromFile(at: string, file: string): SynthesizedContent {
  if (typeof file !== 'string' || file.length === 0) fail(at, 'file', file, 'must be a file path');
  const absolute = resolve(file);
  let size: number;
  try {
    const stat = statSync(absolute);
    if (!stat.isFile()) fail(at, 'file', file, 'is not a regular file');
    size = stat.size;
  } catch (err) {
    if ((err as Error).name === 'ValidationError') throw err;
    fail(at, 'file', file, unreadableFile(file, err));
  }
  const hash = createHash('md5');
  const fd = openSync(absolute, 'r');
  try {
    // One buffer for every file (synth is synchronous): a tree of thousands of small files would
    // otherwise allocate a fresh megabyte for each.
    chunk ??= Buffer.allocUnsafe(1024 * 1024);
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  // Relative to the working directory with "/" separators, so the manifest is the same on every machine.
  const stored = relative(process.cwd(), absolute).split(sep).join('/');
  return { content: { file: stored }, md5: hash.digest('base64'), size };
}
