/**
 * What this tool wrote less than a consistency window ago: a difference seen on it, or on what
 * depends on it, may be a stale read, so a saved plan's check looks again after the window.
 */
import { UNMANAGED_ADDRESS_PREFIX } from '../plan/planner.js';
import type { Plan, ResourceChange } from '../plan/types.js';
import type { StateDocument } from '../state/document.js';

/**
 * Digest of each planned address's live object now, for `checkPlanStillValid`: taken from a plan made
 * now, so that the live objects are normalised exactly as when the saved plan was made.
 */
export function liveDigestsOf(now: Plan): Map<string, string | undefined> {
  return new Map(now.changes.map((c) => [c.address, c.liveDigest]));
}

/** Changes whose resource this tool wrote less than a window ago: a stale read may explain them. */
export function recentlyWritten(
  changes: readonly ResourceChange[],
  state: StateDocument | null,
  windowMs: number,
  now = Date.now(),
): { address: string; writtenAt: number }[] {
  if (windowMs <= 0 || !state) return [];
  const written = new Map(state.resources.map((r) => [r.address, Date.parse(r.updatedAt)]));
  const out: { address: string; writtenAt: number }[] = [];
  for (const c of changes) {
    if (c.action === 'no-op' || c.action === 'read') continue;
    // A dependency written just now can make this one look different too (a reference's value).
    const times = [c.address, ...c.dependsOn]
      .map((a) => written.get(a))
      .filter((t): t is number => t !== undefined && now - t < windowMs);
    if (times.length > 0) out.push({ address: c.address, writtenAt: Math.max(...times) });
  }
  // Unmanaged objects of authoritative kinds may be deletions not yet visible: look again when anything was written recently.
  // A delete leaves no entry to date it: the state notes when the last one was made.
  const deleted = state.lastDeleteAt === undefined ? -Infinity : Date.parse(state.lastDeleteAt);
  const latest = Math.max(deleted, ...written.values());
  if (now - latest < windowMs)
    for (const c of changes)
      if (c.address.startsWith(UNMANAGED_ADDRESS_PREFIX)) out.push({ address: c.address, writtenAt: latest });
  return out;
}
