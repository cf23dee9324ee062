/**
 * The plan: inert, serialisable data (after Terraform's `internal/plans`). The planner produces it, the
 * renderers print it, `saved-plan.ts` writes it to a file, and the executor (a separate module) carries
 * it out. Nothing here has behaviour.
 */
import type { ResourceKind } from '../../common/manifest.js';
import type { AccessChange, AccessModelRole, AccessModelTag } from '../../common/access/index.js';
import type { JsonPatchOperation, PlainObject } from '../../common/contract/handler.js';

/** The plan format version; bumped on any incompatible change to {@link Plan}. */
export const PLAN_FORMAT_VERSION = 1;

/** The closed set of actions. */
export const PLAN_ACTIONS = ['create', 'update', 'replace', 'delete', 'forget', 'adopt', 'read', 'no-op'] as const;

/**
 * What the executor will do to one resource.
 * - `create`: not in state and not found live.
 * - `update`: in place, the patch says what.
 * - `replace`: an immutable field changed; runs by `replaceStrategy`.
 * - `delete`: in state but gone from the manifest.
 * - `forget`: like `delete`, for a resource with `retainOnDelete`: the state entry is removed and the
 *   object is left in the cloud, unmanaged (Terraform's `forget`).
 * - `adopt`: not in state but an object with the natural key exists live (e.g. created by a run that
 *   crashed before writing state); it is recorded in state and then brought to the desired value by
 *   the patch, if any. An object that differs from the declaration is adopted only with the user's
 *   consent (`import`, or `--adopt`); without it the change carries a {@link ResourceChange.conflict}
 *   and the plan cannot be applied.
 * - `read`: a look-up, resolved at apply time.
 * - `no-op`: in sync after normalisation.
 */
export type PlanAction = (typeof PLAN_ACTIONS)[number];

/** One resource's planned change. */
export interface ResourceChange {
  /** The manifest (or state) address, e.g. `prod/ops-role`. */
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly action: PlanAction;
  /** Set when `action` is `replace`. */
  readonly replaceStrategy?: 'delete-then-create' | 'create-then-delete';
  /**
   * Normalised live value (`null` when nothing exists). Write-only fields carry the salted-hash marker
   * from state, never a value.
   */
  readonly before: PlainObject | null;
  /**
   * Normalised desired value (`null` for a delete). Unknown fields hold `null` and are listed in
   * `unknown`; write-only fields carry a marker, never a value.
   */
  readonly after: PlainObject | null;
  /** RFC 6902 operations turning `before` into `after`, computed fields and unknowns excluded. */
  readonly patch: readonly JsonPatchOperation[];
  /** JSON pointers (into before, after and patch values) whose values are masked in every rendering. */
  readonly sensitive: readonly string[];
  /** JSON pointers (into `after`) whose values are known only after apply. */
  readonly unknown: readonly string[];
  /** JSON pointers of immutable fields whose change forces the replacement. */
  readonly replacePaths?: readonly string[];
  /** Why, for people: display-only, the executor never decides on it. */
  readonly reason?: string;
  /** Addresses this resource depends on (from the manifest, or from state for a delete), sorted. */
  readonly dependsOn: readonly string[];
  /** The server id, when known. */
  readonly serverId?: string;
  /** Digest of the normalised live object the plan was made against, to detect a change at apply. */
  readonly liveDigest?: string;
  /**
   * The address the object had in state before this plan (after Terraform's `moved`): a resource
   * that left the manifest and one that appeared in it, of the same kind and natural key, are one
   * object whose construct was renamed or moved. Apply moves the state entry (it never deletes the
   * object), then carries out `action` as planned against the object at its new address.
   */
  readonly movedFrom?: string;
  /**
   * Set when the object exists live, is not in this stack's state, and differs from the declaration:
   * adopting it would overwrite what someone else made. The top-level fields that differ, sorted.
   * A plan with a conflict cannot be applied; the user consents with `triton-iac import ADDRESS ID`
   * or `apply --adopt` (which plans the adoption without a conflict).
   */
  readonly conflict?: { readonly fields: readonly string[] };
  /**
   * Set on an `adopt` (or a `replace`) of an object found live, outside the state, that this stack
   * did not create (no interrupted apply of it sent its create): it existed before. Without the
   * user's consent the change also carries a {@link conflict} (with no fields when the object is as
   * declared); adopted with consent, the state entry records `adopted`. Also set on the `delete` of
   * an object the state records as adopted: someone else may still use it.
   */
  readonly preexisting?: true;
  /**
   * Set on a `replace` of an object the state recorded under another natural key (the code gave it a
   * new path or name, which the server cannot change in place): that key. The apply creates the
   * object under `naturalKey` and deletes the one under this key; it is never left behind unmanaged.
   */
  readonly previousNaturalKey?: string;
  /**
   * With {@link previousNaturalKey}: the resource has `retainOnDelete`, so the object under the
   * previous key stays in the cloud, no longer managed, instead of being deleted.
   */
  readonly retainPrevious?: true;
  /**
   * Set on the `replace` of an object the state marks tainted (its create did not see it become
   * ready; `StateResource.tainted`): the replacement finishes the apply that made it, so `drift`
   * does not report it.
   */
  readonly tainted?: true;
}

/** Counts per action, for the summary line. */
export interface PlanSummary {
  readonly add: number;
  readonly change: number;
  readonly replace: number;
  readonly destroy: number;
  /** Resources with `retainOnDelete` that leave the state but stay in the cloud. */
  readonly forget: number;
  readonly adopt: number;
  readonly read: number;
  readonly noop: number;
  /** Changes that move an object to a new address ({@link ResourceChange.movedFrom}). */
  readonly move: number;
  /** Objects found live that would be taken over without consent ({@link ResourceChange.conflict}). */
  readonly conflict: number;
}

/** A whole plan for one stack. */
export interface Plan {
  readonly formatVersion: typeof PLAN_FORMAT_VERSION;
  readonly stack: string;
  readonly account: string;
  /** ISO 8601 time the plan was made. */
  readonly createdAt: string;
  /** The state serial the plan was made against (0 for no state). */
  readonly stateSerial: number;
  /** The state lineage the plan was made against (`null` when there was no state). */
  readonly stateLineage: string | null;
  /** Digest of the stack manifest the plan was made from. */
  readonly manifestDigest: string;
  /** One entry per resource, sorted by address. */
  readonly changes: readonly ResourceChange[];
  readonly summary: PlanSummary;
  /**
   * The (user, action, resource) permissions applying the plan grants and revokes, with the
   * role → policy → rule chains that hold them (display-only, derived from `changes`; absent in
   * plans saved by earlier versions).
   */
  readonly accessChanges?: readonly AccessChange[];
  /**
   * The access-control objects no stack manages that a change of this plan reaches (roles naming a
   * changed policy or user, their members and the role tags naming them), as read at plan time:
   * kept so that the access changes of a saved plan are the same when rendered later. Absent when
   * the plan changes no existing user, role or policy that an unmanaged role names.
   */
  readonly unmanagedAccess?: UnmanagedAccess;
  /**
   * What the kinds warn about the plan as a whole (an apply that would pass a provisioning limit),
   * display-only: apply does the same with or without them (absent when there are none).
   */
  readonly warnings?: readonly PlanWarning[];
  /**
   * The objects of the app's other stacks this stack refers to, as the plan read them
   * (display-only; absent when the stack refers to none).
   */
  readonly crossStackReads?: readonly CrossStackRead[];
}

/** An object of another stack that a plan read (see {@link Plan.crossStackReads}). */
export interface CrossStackRead {
  /** The object's address (it starts with its stack's name). */
  readonly address: string;
  /** The stack that declares it. */
  readonly stack: string;
  /** False when that stack's state does not hold it yet: what refers to it is known after apply. */
  readonly known: boolean;
}

/** A warning about a plan, from the kind whose changes it is about (see `ResourceHandler.planWarnings`). */
export interface PlanWarning {
  readonly kind: ResourceKind;
  readonly message: string;
  /** The addresses of the changes it is about. */
  readonly addresses: readonly string[];
}

/**
 * True when applying the plan would change anything (what `--detailed-exitcode` reports as 2): an
 * action, or a move of a state entry.
 */
export function planHasChanges(plan: Plan): boolean {
  return plan.changes.some((c) => (c.action !== 'no-op' && c.action !== 'read') || c.movedFrom !== undefined);
}

/** The changes apply refuses to carry out without the user's consent (see {@link ResourceChange.conflict}). */
export function planConflicts(plan: Plan): ResourceChange[] {
  return plan.changes.filter((c) => c.conflict !== undefined);
}

/** How many conflicts {@link conflictList} names one by one before it counts the rest. */
const CONFLICTS_LISTED = 20;

/**
 * The conflicts of a plan as an error shows them: one per line (`  - address (kind key) differs in
 * fields`), the first {@link CONFLICTS_LISTED} named and the rest counted, so that adopting a
 * whole hand-built account gives a message a user can read rather than one line of thousands.
 */
export function conflictList(conflicts: readonly ResourceChange[]): string {
  const lines = conflicts
    .slice(0, CONFLICTS_LISTED)
    .map((c) => `  - ${c.address} (${c.kind} ${c.naturalKey}) ${conflictWords(c)}`);
  const more = conflicts.length - CONFLICTS_LISTED;
  if (more > 0) lines.push(`  … and ${more} more (plan --json lists every one)`);
  return lines.join('\n');
}

/**
 * How a conflict differs, in words: the fields, or, for an object as declared that the stack did
 * not create, that it existed before.
 */
export function conflictWords(c: ResourceChange): string {
  const fields = c.conflict?.fields ?? [];
  return fields.length > 0
    ? `differs in ${fields.join(', ')}`
    : 'existed before, as declared, and was not created by this stack';
}

/** Counts the actions of `changes`. */
export function summarize(changes: readonly ResourceChange[]): PlanSummary {
  const count = (a: PlanAction): number => changes.filter((c) => c.action === a).length;
  return {
    add: count('create'),
    change: count('update'),
    replace: count('replace'),
    destroy: count('delete'),
    forget: count('forget'),
    adopt: count('adopt'),
    read: count('read'),
    noop: count('no-op'),
    move: changes.filter((c) => c.movedFrom !== undefined).length,
    conflict: changes.filter((c) => c.conflict !== undefined).length,
  };
}

/** Unmanaged access-control objects as plain data (see {@link Plan.unmanagedAccess}). */
export interface UnmanagedAccess {
  readonly users: readonly string[];
  readonly roles: readonly AccessModelRole[];
  readonly roleTags: readonly AccessModelTag[];
}
