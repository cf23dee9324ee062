/**
 * The one comparison of a resource: the RFC 6902 patch between two values in a kind's comparable
 * form, and what it means (the fields it touches, whether it forces a replacement). The planner,
 * the executor (which recomputes the patch against real values at apply) and the Pulumi adapter
 * all compare through this module, so ignoreChanges, unknowns and write-only markers mean the same
 * thing to every caller.
 */
import jsonpatch from 'fast-json-patch';
import type { FieldRules } from '../../common/kinds/index.js';
import type { JsonPatchOperation, PlainObject, PlainValue } from '../../common/contract/handler.js';

/**
 * The RFC 6902 patch from `before` to `after`, fields the kind computes (`schema.computed`) left
 * out; every pointer in `unknown` (a value known only after apply) gets an operation even when the
 * values look equal.
 */
export function differenceOf(
  schema: Pick<FieldRules, 'computed'>,
  before: PlainObject,
  after: PlainObject,
  unknown: readonly string[] = [],
): JsonPatchOperation[] {
  const ignored = new Set(schema.computed);
  const ops = jsonpatch.compare(
    withoutFields(before, ignored) as object,
    withoutFields(after, ignored) as object,
  ) as JsonPatchOperation[];
  for (const pointer of unknown) {
    if (ops.some((op) => op.path === pointer || op.path.startsWith(`${pointer}/`))) continue;
    const exists = jsonpatch.getValueByPointer(before, pointer) !== undefined;
    ops.push({ op: exists ? 'replace' : 'add', path: pointer, value: null });
  }
  // Never reorder: array operations are index-based and only correct in the order compare emits them.
  return ops;
}

/** The fields of `patch` the kind cannot change in place (`schema.immutable`), sorted. */
export function replaceFieldsOf(schema: Pick<FieldRules, 'immutable'>, patch: readonly JsonPatchOperation[]): string[] {
  return changedFields(patch).filter((f) => schema.immutable.includes(f));
}

/** {@link replaceFieldsOf} as JSON pointers, the form a plan's `replacePaths` takes. */
export function replacePathsOf(schema: Pick<FieldRules, 'immutable'>, patch: readonly JsonPatchOperation[]): string[] {
  return replaceFieldsOf(schema, patch).map((f) => `/${escapePointer(f)}`);
}

/**
 * `value` with its write-only fields replaced by their markers (salted hashes, or whatever stands
 * for the value in a comparison): a write-only value is never compared in clear, and a field with no
 * marker is left out (it cannot be compared at all).
 */
export function withMarkers(
  value: PlainObject,
  writeOnly: readonly string[],
  markers: Readonly<Record<string, string>>,
): PlainObject {
  const out: Record<string, PlainValue> = {};
  for (const [k, v] of Object.entries(value)) if (!writeOnly.includes(k)) out[k] = v;
  for (const f of writeOnly) if (markers[f] !== undefined) out[f] = markers[f]!;
  return out;
}

/** `value` without `fields`. */
export function withoutFields(value: PlainObject, fields: ReadonlySet<string> | readonly string[]): PlainObject {
  const drop = fields instanceof Set ? fields : new Set(fields as readonly string[]);
  return Object.fromEntries(Object.entries(value).filter(([k]) => !drop.has(k)));
}

/** `value` with `null` at every pointer of `unknown` (a value known only after apply). */
export function blankUnknowns(value: PlainObject, unknown: readonly string[]): PlainObject {
  if (unknown.length === 0) return value;
  const copy = jsonpatch.deepClone(value) as PlainObject;
  for (const pointer of unknown) {
    if (pointer === '') continue;
    // `replace`, not `add`: an `add` at a list index inserts, which would show a list with one
    // unknown element as two (the blank and the placeholder).
    jsonpatch.applyOperation(copy, { op: 'replace', path: pointer, value: null }, false, true);
  }
  return copy;
}

/** The top-level fields a patch touches, sorted and unique (`/members/1` touches `members`). */
export function changedFields(patch: readonly JsonPatchOperation[]): string[] {
  return [...new Set(patch.map((op) => topField(op.path)))].sort();
}

/** The top-level field a JSON pointer names, unescaped (`/members/1` names `members`; `''` for the root). */
export function topField(pointer: string): string {
  const first = pointer.split('/')[1] ?? '';
  return first.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Escapes a field name for use as one JSON-pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  // Nearly every field name needs no escape; skip the two replacements (a plan escapes thousands).
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
