/**
 * Crash-safe file replacement: write a temporary file in the same directory, fsync it, rename it over
 * the target, fsync the directory. A reader (or a process killed mid-write) sees either the old file
 * or the new one, never a partial one, because rename within a directory is atomic on POSIX.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/**
 * Atomically replaces `path` with `contents`: a string (UTF-8), bytes, or a list of byte parts
 * written in order (a large state file's cached entries, sent to the kernel without first copying
 * them into one buffer).
 * @param mode permission bits for a new file @default 0o600 (state and plans can reveal account layout)
 * @returns the inode number of the file written, which `path` names once this settles
 */
export async function writeFileAtomic(
  path: string,
  contents: string | Uint8Array | readonly Uint8Array[],
  mode = 0o600,
): Promise<{ ino: bigint }> {
  const dir = dirname(path);
  // Dot-prefixed and unique per writer so concurrent writers never share a temp file.
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  let ino: bigint;
  try {
    if (Array.isArray(contents)) await writeParts(handle, contents as readonly Uint8Array[]);
    else await handle.writeFile(contents as string | Uint8Array, 'utf8');
    await handle.sync();
    ({ ino } = await handle.stat({ bigint: true }));
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
  return { ino };
}

/**
 * Writes `parts` in order. One call: libuv hands the kernel at most IOV_MAX parts per system call
 * and carries on with the rest itself (`uv__fs_write_all`); a short write sends what is left.
 */
async function writeParts(handle: FileHandle, parts: readonly Uint8Array[]): Promise<void> {
  let left = parts.reduce((sum, part) => sum + part.byteLength, 0);
  let position = 0;
  let chunk = parts;
  while (left > 0) {
    const { bytesWritten } = await handle.writev(chunk, position);
    if (bytesWritten <= 0) throw new Error(`writing ${left} bytes wrote none`);
    position += bytesWritten;
    left -= bytesWritten;
    if (left > 0) chunk = rest(chunk, bytesWritten);
  }
}

/** What is left of `parts` once its first `written` bytes are written. */
function rest(parts: readonly Uint8Array[], written: number): Uint8Array[] {
  let skip = written;
  let i = 0;
  while (skip >= parts[i]!.byteLength) skip -= parts[i++]!.byteLength;
  return [parts[i]!.subarray(skip), ...parts.slice(i + 1)];
}

/** Makes a rename durable. Some platforms cannot open a directory for fsync; there it is a no-op. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch {
    // Windows cannot open a directory at all; there the rename alone is what the platform offers.
    return;
  }
  try {
    await handle.sync();
  } catch (error) {
    // EINVAL/EISDIR: the platform does not support fsync on directories; the rename is still atomic.
    if (!['EINVAL', 'EISDIR', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle.close();
  }
}
