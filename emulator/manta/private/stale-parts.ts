import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Blob directories that a store of this process has open. A part named with this process's pid
 * is being written only if another store here writes into the same directory.
 */
const openHere = new Map<string, number>();

/** The file name a blob is written under until it is complete: `<id>.<pid of the writer>.part`. */
export function partFileName(id: string): string {
  return `${id}.${process.pid}.part`;
}

/** Notes that a store of this process writes into `dir` (until {@link releaseBlobDir}). */
export function claimBlobDir(dir: string): void {
  const key = resolve(dir);
  openHere.set(key, (openHere.get(key) ?? 0) + 1);
}

/** Notes that a store of this process no longer writes into `dir`. */
export function releaseBlobDir(dir: string): void {
  const key = resolve(dir);
  const left = (openHere.get(key) ?? 1) - 1;
  if (left <= 0) openHere.delete(key);
  else openHere.set(key, left);
}

const PART = /^([^.]+)(?:\.(\d+))?\.part$/;

/**
 * Removes the parts in `dir` that no process is writing any more: a blob is streamed into
 * `<id>.<pid>.part` and renamed to `<id>` once complete, so a `.part` left behind is the upload
 * of an emulator that was killed. A part is stale when the process named in it is gone, or is
 * this one and no other store here writes into `dir`; a part named without a pid (written before
 * parts carried one) is stale too. Files of any other name, committed blobs among them, are never
 * touched. Call it before the store writes anything.
 * @returns the names of the removed files
 */
export function removeStaleParts(dir: string): string[] {
  const sharedHere = (openHere.get(resolve(dir)) ?? 0) > 1;
  const removed: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const match = PART.exec(entry.name);
    if (match === null || !entry.isFile()) continue;
    const pid = match[2] === undefined ? undefined : Number(match[2]);
    const live = pid === process.pid ? sharedHere : pid !== undefined && processExists(pid);
    if (live) continue;
    rmSync(join(dir, entry.name), { force: true });
    removed.push(entry.name);
  }
  return removed;
}

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
