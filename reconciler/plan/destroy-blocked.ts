/**
 * A destroy of some of an app's stacks that the object store would refuse half-way: a directory of a
 * stack destroyed now holds an entry a stack left standing declares (an object of stack `other` in a
 * folder of stack `web`'s tree). Manta deletes no directory that is not empty, so the destroy would
 * delete the stack's files and then fail on the directory; it is refused before anything changes.
 * Pure: read from the manifests, as the order of the stacks is (`stack-order.ts`).
 */
import { nameReferencesOf, namesResource } from '../../common/kinds/name-references.js';
import type { StackManifest } from '../../common/manifest.js';
import { ReconcilerError } from '../errors.js';

/** One entry of a stack left standing inside a directory of a stack destroyed now. */
export interface BlockedDirectoryDelete {
  /** The stack left standing, and its resource inside the directory. */
  readonly stays: string;
  readonly resource: string;
  /** The directory's resource, of the stack destroyed now. */
  readonly directory: string;
}

/** The directories `destroyed` would delete that hold an entry a stack of `all` left standing declares. */
export function blockedDirectoryDeletes(
  all: readonly StackManifest[],
  destroyed: readonly StackManifest[],
): BlockedDirectoryDelete[] {
  const gone = new Set(destroyed.map((s) => s.name));
  // A retained directory is forgotten, not deleted: what it holds is no obstacle.
  const deleted = destroyed.flatMap((s) =>
    s.resources.filter((r) => r.options?.retainOnDelete !== true).map((r) => ({ ...r, account: s.account })),
  );
  const out: BlockedDirectoryDelete[] = [];
  for (const stays of all.filter((s) => !gone.has(s.name)))
    for (const resource of stays.resources)
      for (const reference of nameReferencesOf(resource)) {
        if (reference.rule.match !== 'ancestor') continue;
        // The innermost such directory is the one the store refuses first.
        const directory = deleted
          .filter((d) => d.account === stays.account && namesResource(reference, d))
          .sort((a, b) => b.naturalKey.length - a.naturalKey.length)[0];
        if (directory !== undefined && !out.some((b) => b.resource === resource.address))
          out.push({ stays: stays.name, resource: resource.address, directory: directory.address });
      }
  return out;
}

/**
 * Refuses a destroy of `destroyed` that would stop at a directory a stack left standing still uses.
 * @throws ReconcilerError `APPLY_WOULD_FAIL` naming each directory, what is in it and its stack.
 */
export function refuseBlockedDirectoryDeletes(
  all: readonly StackManifest[],
  destroyed: readonly StackManifest[],
): void {
  const blocked = blockedDirectoryDeletes(all, destroyed);
  if (blocked.length === 0) return;
  throw new ReconcilerError(
    'APPLY_WOULD_FAIL',
    `destroy would fail half-way, so it is refused: ${blocked
      .map((b) => `${b.directory} holds ${b.resource} of stack ${b.stays}, which is not destroyed now`)
      .join('; ')}; the object store deletes no directory that is not empty`,
    {
      hint: `Nothing was changed. Destroy stack ${[...new Set(blocked.map((b) => b.stays))].join(', ')} too (or first), or move what it declares out of those directories.`,
    },
  );
}
