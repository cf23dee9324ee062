/**
 * The pure decision for one resource: given normalised live and desired values and the kind's schema,
 * which action, and the JSON Patch between them.
 */
import type { ResourceKind } from '../../common/manifest.js';
import type { JsonPatchOperation, PlainObject, PlainValue, ResourceSchema } from '../../common/contract/handler.js';
import {
  blankUnknowns,
  changedFields,
  differenceOf,
  escapePointer,
  replacePathsOf,
  withMarkers,
} from '../core/difference.js';
import { ReconcilerError } from '../errors.js';
import type { PlanAction, ResourceChange } from './types.js';

/** Everything {@link computeChange} decides on. All values are already normalised by the handler. */
export interface ChangeInput {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
  readonly schema: ResourceSchema;
  /** `lookup` kinds always plan as `read`. @default 'managed' */
  readonly mode?: 'managed' | 'lookup';
  /** Normalised desired value; `null` when the resource is no longer in the manifest. */
  readonly desired: PlainObject | null;
  /** Normalised live value; `null` when no live object was found. */
  readonly live: PlainObject | null;
  /** Whether state has an entry for this address. */
  readonly inState: boolean;
  /**
   * Write-only field markers (see `state/write-only.ts`). `desired[field]` is `undefined` when the
   * value cannot be resolved at plan time: the field is then not compared.
   */
  readonly writeOnly?: {
    readonly desired: Readonly<Record<string, string | undefined>>;
    readonly state: Readonly<Record<string, string>>;
  };
  /** Pointers into `desired` whose values are known only after apply (their value there is ignored). */
  readonly unknown?: readonly string[];
  /** Extra pointers to mask (fields whose desired value came from a secret). */
  readonly sensitive?: readonly string[];
  /** Dependencies, from the manifest or, for a delete, from state. */
  readonly dependsOn: readonly string[];
  readonly serverId?: string;
  readonly liveDigest?: string;
  /** Extra display-only explanation. */
  readonly reason?: string;
  /**
   * The user consented to adopting an object found live that differs from the declaration
   * (`--adopt`). Without it such an object plans with a {@link ResourceChange.conflict}.
   * @default false
   */
  readonly adoptConsented?: boolean;
  /**
   * An apply of this stack sent the create of this address and was cut off before recording it
   * (`StateDocument.creating`): an object found live is that apply's, adopted without consent.
   * @default false
   */
  readonly createdHere?: boolean;
  /** The state records the object as adopted (`StateResource.adopted`): it existed before the stack. */
  readonly adopted?: boolean;
  /**
   * Why the state marks the object tainted (its create did not see it become ready): an object
   * found live is then replaced, whatever it looks like now, as Terraform replaces a tainted resource.
   */
  readonly tainted?: string;
}

/** Why a delete of an object the stack adopted is worth a second look, in words. */
const ADOPTED_DELETE =
  'removed from the manifest; it existed before this stack adopted it, and another stack, app or person may still use it; to leave it in the cloud, set retainOnDelete or run `triton-iac state rm ADDRESS` first';

/**
 * Decides the action for one resource and computes its patch.
 * - look-up kinds: `read`;
 * - not desired: `delete` (only valid when in state);
 * - desired, not live: `create`;
 * - desired and live but not in state: `adopt` (or `replace` if an immutable field differs); when the
 *   object differs from the declaration (write-only fields aside, which cannot be read), the change
 *   carries a `conflict` naming the fields, unless `adoptConsented`;
 * - desired, live and in state: `no-op`, `update`, or `replace` when an immutable field differs or
 *   the state marks it `tainted`.
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for a resource neither desired nor in state.
 */
export function computeChange(input: ChangeInput): ResourceChange {
  const base = {
    address: input.address,
    kind: input.kind,
    naturalKey: input.naturalKey,
    dependsOn: [...input.dependsOn].sort(),
    ...(input.serverId !== undefined ? { serverId: input.serverId } : {}),
    ...(input.liveDigest !== undefined ? { liveDigest: input.liveDigest } : {}),
  };
  const writeOnlyFields = input.schema.writeOnly;
  const sensitive = unique([...writeOnlyFields.map((f) => `/${escapePointer(f)}`), ...(input.sensitive ?? [])]);
  const stateMarkers = input.writeOnly?.state ?? {};
  const before = input.live === null ? null : withMarkers(input.live, writeOnlyFields, stateMarkers);

  if (input.mode === 'lookup') {
    return {
      ...base,
      action: 'read',
      before: null,
      after: input.live,
      patch: [],
      sensitive: [],
      unknown: input.live ? [] : [''],
      reason: input.reason ?? 'looked up at apply',
    };
  }
  if (input.desired === null) {
    if (!input.inState) {
      throw new ReconcilerError(
        'PLAN_INPUT_INVALID',
        `resource ${input.address} is neither in the manifest nor in state: nothing to plan`,
      );
    }
    const gone = input.live === null;
    const stateOnly = withMarkers({}, writeOnlyFields, stateMarkers);
    return {
      ...base,
      action: 'delete',
      before: before ?? stateOnly,
      after: null,
      patch: [],
      sensitive,
      unknown: [],
      reason:
        input.reason ??
        (gone
          ? 'removed from the manifest; already gone live, so only the state entry is removed'
          : input.adopted === true
            ? ADOPTED_DELETE
            : 'removed from the manifest'),
      ...(input.adopted === true && !gone ? { preexisting: true as const } : {}),
    };
  }

  const unknown = unique(input.unknown ?? []);
  const desiredMarkers: Record<string, string> = {};
  for (const field of writeOnlyFields) {
    const marker = input.writeOnly?.desired[field];
    // An unresolvable desired value is not compared: keep whatever state has.
    const effective = marker ?? stateMarkers[field];
    if (effective !== undefined) desiredMarkers[field] = effective;
  }
  const after = withMarkers(blankUnknowns(input.desired, unknown), writeOnlyFields, desiredMarkers);

  if (input.live === null) {
    return {
      ...base,
      action: 'create',
      before: null,
      after,
      patch: [{ op: 'add', path: '', value: after }],
      sensitive,
      unknown,
      reason:
        input.reason ?? (input.inState ? 'in state but not found live: it was deleted outside triton-iac' : undefined),
    };
  }

  const patch = differenceOf(input.schema, before!, after, unknown);
  // A write-only field state holds no marker for (an object adopted or imported: whoever made it set
  // it, and it cannot be read) is recorded as declared, never a reason to replace.
  const unmarked = writeOnlyFields.filter((f) => stateMarkers[f] === undefined).map((f) => `/${escapePointer(f)}`);
  const replacePaths = replacePathsOf(input.schema, patch).filter((p) => !unmarked.includes(p));

  let action: PlanAction;
  let reason = input.reason;
  const conflict = input.inState || input.adoptConsented ? [] : conflictFields(input.schema, before!, after, patch);
  // Found live, not in state, and not made by an interrupted apply of this stack: it existed before,
  // made by someone else (another stack or app, a person). Taking it over, even as it is, makes this
  // stack delete it at destroy: never without consent.
  const preexisting = !input.inState && input.createdHere !== true && input.schema.adoptWithoutConsent === undefined;
  const unconsented = preexisting && input.adoptConsented !== true;
  if (conflict.length > 0) {
    reason ??= `exists live, outside this stack's state, and differs in ${conflict.join(', ')}: import it or apply --adopt to manage it as declared`;
  } else if (unconsented) {
    reason ??= `exists live, as declared, but this stack did not create it (it is not in its state): another stack, app or person may own it. Import it or apply --adopt to manage it (destroy would then delete it), or give the declaration another name`;
  }
  const tainted = input.inState && input.tainted !== undefined;
  if (tainted) {
    action = 'replace';
    reason ??= `tainted: its create did not finish (${input.tainted}); it is replaced`;
  } else if (replacePaths.length > 0) {
    action = 'replace';
    reason ??= `${replacePaths.map((p) => p.slice(1)).join(', ')} cannot change in place`;
  } else if (!input.inState) {
    action = 'adopt';
    reason ??=
      patch.length > 0
        ? 'exists live but not in state; adopted, then updated'
        : 'exists live but not in state; adopted as is';
  } else {
    action = patch.length === 0 ? 'no-op' : 'update';
  }
  return {
    ...base,
    action,
    ...(action === 'replace' ? { replaceStrategy: input.schema.replaceStrategy, replacePaths } : {}),
    before,
    after,
    patch,
    sensitive,
    unknown,
    ...(reason !== undefined ? { reason } : {}),
    ...(conflict.length > 0 || (unconsented && !tainted) ? { conflict: { fields: conflict } } : {}),
    ...(preexisting ? { preexisting: true as const } : {}),
    ...(tainted ? { tainted: true as const } : {}),
  };
}

/**
 * The fields in which adopting an object found live (not in state) would change what someone else
 * made: every field that differs, write-only fields aside (they cannot be read); for kinds that
 * always exist, per {@link ResourceSchema.adoptWithoutConsent}, none, or only those that would lose
 * a value or a list element live has.
 */
function conflictFields(
  schema: ResourceSchema,
  before: PlainObject,
  after: PlainObject,
  patch: readonly JsonPatchOperation[],
): string[] {
  if (schema.adoptWithoutConsent === 'always') return [];
  const fields = changedFields(patch).filter((f) => !schema.writeOnly.includes(f));
  if (schema.adoptWithoutConsent !== 'unless-removing') return fields;
  return fields.filter((f) => loses(before[f], after[f]));
}

/** Whether changing `live` to `desired` drops something live has. */
function loses(live: PlainValue | undefined, desired: PlainValue | undefined): boolean {
  if (live === undefined || live === null || live === '') return false;
  if (Array.isArray(live)) {
    const kept = new Set((Array.isArray(desired) ? desired : []).map((v) => JSON.stringify(v)));
    return live.some((v) => !kept.has(JSON.stringify(v)));
  }
  return JSON.stringify(live) !== JSON.stringify(desired);
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)].sort();
}
