/**
 * What goes with a resource the plan deletes: the objects it wrote into the object store (an access
 * key's handed-over secret, an image's export; see `stack-writes.ts`). Each is planned as a delete
 * of its own, with the reason, after its writer's delete (a key that could not be deleted keeps its
 * secret), and before the delete of the directory holding it (`orderTreeDeletes`), so that a destroy
 * never fails on a directory the stack filled. Pure.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import type { ResourceKind, StackManifest } from '../../common/manifest.js';
import type { StateDocument } from '../state/document.js';
import type { UnmanagedLive } from './match-live.js';
import { unmanagedDeleteOf, UNMANAGED_ADDRESS_PREFIX, type PlanningInput } from './planner.js';
import type { StackWrites } from './stack-writes.js';
import type { ResourceChange } from './types.js';

/**
 * The objects to read so that the plan can delete them with their writer: those written by a
 * resource the state recorded and `stack` (the view planned: empty for a destroy) no longer
 * declares, as `~unmanaged` read targets of each file kind (they share one listing of the parent).
 */
export function writtenReadTargets(
  writes: StackWrites,
  stack: StackManifest,
  state: StateDocument | null,
  fileKinds: readonly ResourceKind[],
): { address: string; kind: ResourceKind; naturalKey: string }[] {
  const declared = new Set(stack.resources.map((r) => r.address));
  const leaving = new Set((state?.resources ?? []).filter((r) => !declared.has(r.address)).map((r) => r.address));
  return writes.written
    .filter((w) => w.by !== undefined && leaving.has(w.by))
    .flatMap((w) =>
      fileKinds.map((kind) => ({ address: `${UNMANAGED_ADDRESS_PREFIX}${kind}/${w.path}`, kind, naturalKey: w.path })),
    );
}

/**
 * `changes` with a delete of each object found live (`unmanaged`) that a deleted resource of the
 * plan wrote; the writer's delete is made to go first (it lists the object among its dependencies,
 * which orders a delete after the writer's, as for any former dependent).
 */
export function withWrittenDeletes(
  changes: ResourceChange[],
  writes: StackWrites,
  unmanaged: readonly UnmanagedLive[],
  handlers: PlanningInput['handlers'],
): ResourceChange[] {
  const planned = new Set(changes.map((c) => c.address));
  const found = new Map(
    unmanaged.filter((u) => kindDescriptor(u.kind)?.treeEntry === 'file').map((u) => [u.naturalKey, u]),
  );
  const added: ResourceChange[] = [];
  const out = changes.map((c) => {
    if (c.action !== 'delete' || c.address.startsWith(UNMANAGED_ADDRESS_PREFIX)) return c;
    const extra: string[] = [];
    for (const w of writes.written) {
      const u = w.by === c.address ? found.get(w.path) : undefined;
      if (u === undefined) continue;
      const change = unmanagedDeleteOf(handlers, {
        ...u,
        reason: `${w.what}, written by ${c.address}, which this plan deletes: it goes with it`,
      });
      if (planned.has(change.address)) continue;
      planned.add(change.address);
      added.push(change);
      extra.push(change.address);
    }
    return extra.length === 0 ? c : { ...c, dependsOn: [...c.dependsOn, ...extra] };
  });
  return [...out, ...added].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}
