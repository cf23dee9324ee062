/**
 * Which of a job's inputs and assets were rewritten after the job was created. Manta keeps no
 * content digest per job, but it keeps every object's mtime and the job's creation time: an input
 * written after the job started is content the job never saw, so the job's result is out of date.
 */
import type { MantaClient } from '../../../provider/manta/client.js';
import { isNotFound, mapBounded, parentOf } from '../../../provider/handlers/private/manta-support.js';

const LISTINGS_IN_FLIGHT = 2;

/**
 * Returns the paths among `paths` whose object was modified after `since` (ISO time), sorted.
 * One paged listing per distinct parent directory (listings are current, and carry millisecond
 * mtimes, where HEAD's Last-Modified has whole seconds). A path that no longer exists is not
 * counted: there is nothing new to compute from it.
 */
export async function inputsChangedSince(
  manta: MantaClient,
  paths: readonly string[],
  since: string,
  signal: AbortSignal,
): Promise<string[]> {
  const created = Date.parse(since);
  if (Number.isNaN(created) || paths.length === 0) return [];
  const byDir = new Map<string, Set<string>>();
  for (const p of new Set(paths)) {
    const dir = parentOf(p);
    const names = byDir.get(dir) ?? new Set<string>();
    names.add(p.slice(dir.length + 1));
    byDir.set(dir, names);
  }
  const changed = await mapBounded([...byDir], LISTINGS_IN_FLIGHT, async ([dir, names]) => {
    const out: string[] = [];
    try {
      for await (const entry of manta.iterateDirectory(dir, { pageSize: 1024, signal })) {
        if (entry.type === 'object' && names.has(entry.name) && Date.parse(entry.mtime) > created)
          out.push(`${dir}/${entry.name}`);
      }
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    return out;
  });
  return changed.flat().sort();
}
