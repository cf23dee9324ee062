/**
 * Which unmanaged live entries a stack's `prune` directories delete (a `StorTree` with
 * `delete: true`): every object, link and directory below a pruned directory, at any depth (the
 * engine lists them all: `engine/prune-walk.ts`), except what the stack itself wrote there
 * (`stack-writes.ts`). A directory goes after what it holds (`orderTreeDeletes`). Pure.
 */
import { allKinds, kindDescriptor, parentKeyOf } from '../../common/kinds/index.js';
import type { ResourceKind, ResourceOptions, StackManifest } from '../../common/manifest.js';
import type { StateDocument } from '../state/document.js';
import type { StackWrites } from './stack-writes.js';
import type { ResourceChange } from './types.js';

/** The kinds a pruned directory's entries can be: the files and folders of a mirrored folder (`treeEntry`). */
function prunedKinds(): ReadonlySet<string> {
  return new Set(
    allKinds()
      .filter((d) => d.treeEntry !== undefined)
      .map((d) => d.kind),
  );
}

/** A tree entry's class and path: a listing shows a snaplink as an object, both are files. */
function heldKey(kind: string, naturalKey: string): string | undefined {
  const entry = kindDescriptor(kind)?.treeEntry;
  return entry === undefined ? undefined : `${entry}\u0000${naturalKey}`;
}

/**
 * The tree entries the stack declares or its state records, by class and path (`heldKey`): an
 * unmanaged entry at one of them is the stack's own object listed under another kind (its snaplink
 * read in a directory listing as an object), never something to prune.
 */
export function heldEntries(
  resources: readonly { readonly kind: string; readonly naturalKey: string }[],
  state: StateDocument | null,
): Set<string> {
  const out = new Set<string>();
  for (const r of [...resources, ...(state?.resources ?? [])]) {
    const key = heldKey(r.kind, r.naturalKey);
    if (key !== undefined) out.add(key);
  }
  return out;
}

/**
 * A function saying why an unmanaged object is pruned (the reason a plan shows), or `undefined`
 * when it is not.
 * @param held the stack's own tree entries (`heldEntries`): never pruned, whatever kind lists them
 */
export function prunedBy(
  prune: readonly string[] | undefined,
  writes?: StackWrites,
  held?: ReadonlySet<string>,
): (u: { readonly kind: ResourceKind; readonly naturalKey: string }) => string | undefined {
  if (prune === undefined || prune.length === 0) return () => undefined;
  const kinds = prunedKinds();
  return (u) => {
    if (!kinds.has(u.kind) || writes?.owns(u.kind, u.naturalKey) === true) return undefined;
    if (held?.has(heldKey(u.kind, u.naturalKey) ?? '') === true) return undefined;
    const top = prune.find((dir) => u.naturalKey.startsWith(`${dir}/`));
    return top === undefined ? undefined : `not in the folder mirrored to ${top}, which deletes what the folder lacks`;
  };
}

/**
 * `options` without `retainOnDelete` for the objects that left the manifest from a pruned
 * directory: a tree switched to `delete: true` deletes the files it uploaded while it kept them,
 * although the state recorded them as retained (the code as it is now says what to do with them);
 * and, in any tree, the entries a declaration of another kind now claims (`swappedBy`).
 */
export function unretainPruned(
  options: Map<string, ResourceOptions>,
  stack: StackManifest,
  state: StateDocument | null,
): Map<string, ResourceOptions> {
  const pruned = prunedBy(stack.prune);
  if (state === null) return options;
  const declared = new Set(stack.resources.map((r) => r.address));
  const swapped = swappedBy(stack);
  for (const entry of state.resources) {
    const current = options.get(entry.address);
    if (current?.retainOnDelete !== true || declared.has(entry.address)) continue;
    if (pruned(entry) === undefined && !swapped(entry)) continue;
    const { retainOnDelete: _dropped, ...rest } = current;
    options.set(entry.address, rest);
  }
  return options;
}

/**
 * Whether a recorded tree entry is in the way of a declared one of another kind: at its very path
 * (a file that became a folder, a folder that became a file), or inside a path now declared as a
 * file (what the old folder held). Such an entry goes even when its tree keeps removed files
 * (`delete: false`): the store holds one entry per path, and the declaration claims it.
 */
function swappedBy(stack: StackManifest): (entry: { readonly kind: string; readonly naturalKey: string }) => boolean {
  const declared = new Map<string, string>();
  for (const r of stack.resources) {
    const d = kindDescriptor(r.kind);
    if (d?.treeEntry !== undefined && d.namespace !== undefined) declared.set(r.naturalKey, r.kind);
  }
  if (declared.size === 0) return () => false;
  return (entry) => {
    if (kindDescriptor(entry.kind)?.treeEntry === undefined) return false;
    const at = declared.get(entry.naturalKey);
    if (at !== undefined && at !== entry.kind) return true;
    for (let cut = entry.naturalKey.lastIndexOf('/'); cut > 0; cut = entry.naturalKey.lastIndexOf('/', cut - 1)) {
      const above = declared.get(entry.naturalKey.slice(0, cut));
      if (above !== undefined && kindDescriptor(above)?.treeEntry === 'file') return true;
    }
    return false;
  };
}

/**
 * `changes` with each delete of an unmanaged tree entry (`unmanagedPrefix`) made to depend on the
 * delete of the directory holding it, when the plan deletes that directory too: the apply deletes
 * a directory only after what it holds (Manta refuses to delete a directory that is not empty).
 */
export function orderTreeDeletes(changes: ResourceChange[], unmanagedPrefix: string): ResourceChange[] {
  const folderDeletes = new Map<string, string>();
  for (const c of changes)
    if (c.action === 'delete' && kindDescriptor(c.kind)?.treeEntry === 'folder')
      folderDeletes.set(c.naturalKey, c.address);
  if (folderDeletes.size === 0) return changes;
  return changes.map((c) => {
    if (
      c.action !== 'delete' ||
      !c.address.startsWith(unmanagedPrefix) ||
      kindDescriptor(c.kind)?.treeEntry === undefined
    )
      return c;
    const parent = folderDeletes.get(parentKeyOf(c.kind, c.naturalKey) ?? '');
    return parent === undefined || c.dependsOn.includes(parent) ? c : { ...c, dependsOn: [...c.dependsOn, parent] };
  });
}
