/**
 * The Manta namespace's snapshot file and the sorted-name search its listings use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { EmulatorStartError } from '../../core/start-error.js';
import type { Entry } from '../entries.js';
import type { PersistedSection } from '../namespace-types.js';

export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The saved snapshot at `file`, or `undefined` when there is none yet.
 * @throws EmulatorStartError `data-corrupt` when the file is not JSON
 */
export function readSnapshot(file: string): { entries: Entry[]; sections?: Record<string, unknown> } | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { entries: Entry[]; sections?: Record<string, unknown> };
  } catch (err) {
    throw new EmulatorStartError(
      { kind: 'data-corrupt', file, detail: `is not valid JSON (${(err as Error).message})` },
      { cause: err },
    );
  }
}

/** The snapshot file's text: every entry, and each registered section's own state. */
export function snapshotBody(entries: Iterable<Entry>, sections: ReadonlyMap<string, PersistedSection>): string {
  return JSON.stringify({
    version: 1,
    entries: [...entries],
    sections: Object.fromEntries([...sections].map(([n, s]) => [n, s.dump()])),
  });
}
