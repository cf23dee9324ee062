/**
 * Crash-safe file replacement: write a temporary file in the same directory, fsync it, rename it over
 * the target, fsync the directory. A reader (or a process killed mid-write) sees either the old file
 * or the new one, never a partial one, because rename within a directory is atomic on POSIX.
 */
import { open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/**
 * Atomically replaces `path` with `contents`.
 * @param mode permission bits for a new file @default 0o600 (state and plans can reveal account layout)
 */
export async function writeFileAtomic(path: string, contents: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  // Dot-prefixed and unique per writer so concurrent writers never share a temp file.
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
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
