/**
 * The directories holding a stack's state kept in Manta (`state: { type: 'manta', path }`), when the
 * stack declares them too (its tree's top, a `Directory`). The state backend makes them before the
 * first plan (the lock is written beside the state), so a first plan finds them live: they are the
 * stack's own, not someone else's to adopt with consent. And they always hold the state, which
 * outlives a destroy: deleting them would fail (Manta deletes no directory that is not empty), so a
 * plan that drops them forgets them instead. Pure.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import type { StackManifest } from '../../common/manifest.js';
import type { ResourceChange } from './types.js';

/** The directories above the stack's Manta state, outermost first; none for a local state. */
export function stateFolders(stack: Pick<StackManifest, 'state'>): string[] {
  if (stack.state?.type !== 'manta') return [];
  const parts = stack.state.path.split('/');
  const out: string[] = [];
  // `/acme/stor/x/st.json`: `/acme/stor` and `/acme/stor/x` (the account's top levels are no one's).
  for (let i = 3; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}

/** The addresses of the folders `stack` declares that hold its Manta state. */
export function declaredStateFolders(stack: StackManifest): string[] {
  const folders = new Set(stateFolders(stack));
  if (folders.size === 0) return [];
  return stack.resources
    .filter((r) => kindDescriptor(r.kind)?.treeEntry === 'folder' && folders.has(r.naturalKey))
    .map((r) => r.address);
}

/** `changes` with each delete of a directory holding the stack's Manta state made a forget. */
export function keepStateFolders(
  changes: readonly ResourceChange[],
  stack: Pick<StackManifest, 'state'>,
): ResourceChange[] {
  const folders = new Set(stateFolders(stack));
  if (folders.size === 0) return [...changes];
  return changes.map((c) =>
    c.action === 'delete' && kindDescriptor(c.kind)?.treeEntry === 'folder' && folders.has(c.naturalKey)
      ? {
          ...c,
          action: 'forget' as const,
          reason: "it holds the stack's state, which stays: the directory stays in the store, no longer managed",
        }
      : c,
  );
}
