/**
 * Which unmanaged live objects a stack's `prune` directories delete (a `StorTree` with
 * `delete: true`): objects and links listed in a pruned directory or one below it. Directories are
 * left: their content is not listed (only directories holding a declared path are), so a delete of
 * one could only fail on a directory that is not empty. Pure.
 */
import { allKinds } from '../../common/kinds/index.js';
import type { ResourceKind, ResourceOptions, StackManifest } from '../../common/manifest.js';
import type { StateDocument } from '../state/document.js';

/** The kinds a pruned directory's entries can be: the files of a mirrored folder (`treeEntry`). */
function prunedKinds(): ReadonlySet<string> {
  return new Set(
    allKinds()
      .filter((d) => d.treeEntry === 'file')
      .map((d) => d.kind),
  );
}

/**
 * A function saying why an unmanaged object is pruned (the reason a plan shows), or `undefined`
 * when it is not.
 */
export function prunedBy(
  prune: readonly string[] | undefined,
): (u: { readonly kind: ResourceKind; readonly naturalKey: string }) => string | undefined {
  if (prune === undefined || prune.length === 0) return () => undefined;
  const kinds = prunedKinds();
  return (u) => {
    if (!kinds.has(u.kind)) return undefined;
    const top = prune.find((dir) => u.naturalKey.startsWith(`${dir}/`));
    return top === undefined ? undefined : `not in the folder mirrored to ${top}, which deletes what the folder lacks`;
  };
}

/**
 * `options` without `retainOnDelete` for the objects that left the manifest from a pruned
 * directory: a tree switched to `delete: true` deletes the files it uploaded while it kept them,
 * although the state recorded them as retained (the code as it is now says what to do with them).
 */
export function unretainPruned(
  options: Map<string, ResourceOptions>,
  stack: StackManifest,
  state: StateDocument | null,
): Map<string, ResourceOptions> {
  const pruned = prunedBy(stack.prune);
  if (stack.prune === undefined || state === null) return options;
  const declared = new Set(stack.resources.map((r) => r.address));
  for (const entry of state.resources) {
    const current = options.get(entry.address);
    if (current?.retainOnDelete !== true || declared.has(entry.address) || pruned(entry) === undefined) continue;
    const { retainOnDelete: _dropped, ...rest } = current;
    options.set(entry.address, rest);
  }
  return options;
}
