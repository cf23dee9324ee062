/**
 * A resource one stack stops declaring while another stack of the same app, in the same account,
 * declares the same object (same kind and natural key): the object moved between stacks. The stack
 * it left forgets it instead of deleting it: deleted, it would be gone from under the stack that now
 * declares it (which adopts it, or already did), whichever of the two applies first. Kinds several
 * stacks declare at once by design (`sharedByStacks`: each manages its part) are left out.
 */
import { allKinds, kindDescriptor } from '../../common/kinds/index.js';
import { inDifferentDatacenters } from '../../common/kinds/datacenter-scope.js';
import { writtenPathsOf } from './stack-writes.js';
import type { StackManifest } from '../../common/manifest.js';
import type { ResourceChange } from './types.js';

/** The key two stacks' declarations of one object share. */
function objectKey(kind: string, naturalKey: string): string {
  return `${kind}\u0000${naturalKey}`;
}

/**
 * The objects the other stacks of `stacks` declare in `stack`'s account, and those they write (an
 * access key's secret: see `stack-writes.ts`): their key to the name of the (first) stack declaring
 * them.
 */
export function declaredByOtherStacks(
  stacks: readonly StackManifest[],
  stack: Pick<StackManifest, 'name' | 'account' | 'connection'>,
): Map<string, string> {
  const out = new Map<string, string>();
  const fileKinds = allKinds()
    .filter((d) => d.treeEntry === 'file')
    .map((d) => d.kind);
  for (const other of stacks) {
    if (other.name === stack.name || other.account !== stack.account) continue;
    const apart = inDifferentDatacenters(other.connection?.datacenter, stack.connection?.datacenter);
    for (const r of other.resources) {
      // Another datacenter's VLAN 120 is another object: this one's leaving is a delete.
      if (apart && kindDescriptor(r.kind)?.scope === 'datacenter') continue;
      // Declared by several stacks at once by design (a non-exclusive role tag): not a move.
      if (kindDescriptor(r.kind)?.sharedByStacks === true) continue;
      // A file's path under every file kind: a listing shows another stack's snaplink as an object.
      const kinds = kindDescriptor(r.kind)?.treeEntry === 'file' ? fileKinds : [r.kind];
      for (const kind of kinds)
        if (!out.has(objectKey(kind, r.naturalKey))) out.set(objectKey(kind, r.naturalKey), other.name);
      // What it writes (a secret handed over, an export) is that stack's too: never pruned here.
      for (const path of writtenPathsOf(r))
        for (const kind of fileKinds) if (!out.has(objectKey(kind, path))) out.set(objectKey(kind, path), other.name);
    }
  }
  return out;
}

/** The deletes of objects another stack declares (see {@link declaredByOtherStacks}), as forgets. */
export function forgetMovedAway(
  changes: readonly ResourceChange[],
  elsewhere: ReadonlyMap<string, string> | undefined,
): ResourceChange[] {
  if (elsewhere === undefined || elsewhere.size === 0) return [...changes];
  return changes.map((c) => {
    if (c.action !== 'delete') return c;
    const stack = elsewhere.get(objectKey(c.kind, c.naturalKey));
    if (stack === undefined) return c;
    return {
      ...c,
      action: 'forget' as const,
      reason: `declared by stack ${stack} of this app now: the object stays for it, no longer managed here`,
    };
  });
}
