/**
 * What `triton-iac generate` found, as plain data: read from a live account (`read-live.ts`) or
 * from a `triton rbac apply` file (`read-manifest.ts`), and written out as a program (`render.ts`).
 * Each object is a {@link FoundItem}: its kind and its properties in the manifest's shapes (logins,
 * names, canonical paths, never server ids), so the program reads as a person would write it. What
 * each kind's objects become is the kind's generator (`provider/generators/`): this folder names
 * no kind.
 */
import type { FoundItem } from '../../provider/generators/types.js';

export type { FoundItem } from '../../provider/generators/types.js';

/** A Manta object left out of the program, with the reason (too large, content skipped). */
export interface SkippedObject {
  readonly path: string;
  readonly size: number;
  readonly reason: string;
}

/** Everything found. */
export interface FoundAccount {
  readonly account: string;
  /** Where it was read from: `account acme (as sub-user ci)` or `rbac.json`. */
  readonly source: string;
  /** The objects, in the order the generators read them. */
  readonly items: readonly FoundItem[];
  readonly skippedObjects: readonly SkippedObject[];
  /** What could not be read and why (a sub-user without the permission, a kind left out). */
  readonly notes: readonly string[];
}
