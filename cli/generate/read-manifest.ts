/**
 * Turns a synthesized stack (such as the one `fromRbacJson` makes of a `triton rbac apply` file)
 * into a {@link FoundAccount}, so a migration ends in a program of its own, with the users, keys,
 * roles and policies as variables, instead of a file applied as is. The manifest's properties are
 * already the shape each kind's generator writes from.
 */
import type { StackManifest } from '../../common/manifest.js';
import type { FoundAccount } from './model.js';

/** Every resource `stack` declares, as found objects. */
export function foundFromManifest(stack: StackManifest, source: string): FoundAccount {
  return {
    account: stack.account,
    source,
    items: stack.resources.map((r) => ({ kind: r.kind, props: r.properties })),
    skippedObjects: [],
    notes: [],
  };
}
