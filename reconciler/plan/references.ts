/**
 * References (`{ $ref }`) in a resource's declared properties, resolved to plain values. One walk for
 * the planner (a target not made yet stands for "known after apply") and the executor (every target
 * exists by the time a referrer is sent), so that both put a reference's value in the same place: a
 * reference to a job's outputs, a list, is spliced into the list that holds it. At plan time a value
 * known only after apply is the placeholder {@link UNKNOWN_VALUE}, found again by pointer afterwards.
 */
import { isOutputRef, isRef, isSecret, type ManifestValue } from '../../common/manifest.js';
import type { PlainValue, PlanningHandler } from '../../common/contract/handler.js';
import { escapePointer } from '../core/difference.js';
import { ReconcilerError } from '../errors.js';

/** The value of one reference: `where` names the property holding it, for messages. */
export type ReferenceLookup = (address: string, attribute: string, where: string) => PlainValue;

/**
 * `value` with every reference replaced by what `lookup` gives for it.
 * @param where the property holding `value` (`prod/web.properties.image`), for messages
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for a secret placeholder outside a write-only field
 */
export function resolveReferences(value: ManifestValue, where: string, lookup: ReferenceLookup): PlainValue {
  if (isSecret(value)) {
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${where} is a secret placeholder; secrets may only be used in write-only fields (such as a user's password)`,
    );
  }
  if (isRef(value)) return lookup(value.$ref.address, value.$ref.attribute, where);
  // Another app's output is read before planning (`withStackOutputs`): never sent as it is.
  if (isOutputRef(value))
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `${where} is another app's output (${value.$output.state}, ${value.$output.name}) that was not read before planning; plan it with the triton-iac CLI, which reads it`,
    );
  if (Array.isArray(value)) {
    const out: PlainValue[] = [];
    value.forEach((v: ManifestValue, i) => {
      const resolved = resolveReferences(v, `${where}[${i}]`, lookup);
      // A reference to a job's outputs stands for the whole list, spliced in at its position.
      if (isRef(v) && v.$ref.attribute === 'outputs' && Array.isArray(resolved))
        out.push(...(resolved as PlainValue[]));
      else out.push(resolved);
    });
    return out;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveReferences(v as ManifestValue, `${where}.${k}`, lookup)]),
    );
  }
  return value as PlainValue;
}

/** The value of `attribute` of a live object, as a `$ref` sees it: the server id, or a normalised field. */
export function attributeOf(
  handler: Pick<PlanningHandler, 'idOf' | 'normalizeLive'>,
  live: unknown,
  attribute: string,
): PlainValue | undefined {
  if (attribute === 'id') return handler.idOf(live) ?? undefined;
  return handler.normalizeLive(live)[attribute];
}

/**
 * A string no handler will ever see from the API: at plan time, stands for a reference that is not
 * known until apply, so that normalisation can run on the rest of the value.
 */
export const UNKNOWN_VALUE = '\u0000(known after apply)';

/** The JSON pointers of the {@link UNKNOWN_VALUE}s in `value` (`pointer` is where `value` sits). */
export function unknownPointersOf(value: PlainValue, pointer: string): string[] {
  // Most objects hold no unknown: find that out without building a pointer for every field.
  if (!holdsUnknown(value)) return [];
  if (value === UNKNOWN_VALUE) return [pointer];
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownPointersOf(v, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => unknownPointersOf(v, `${pointer}/${escapePointer(k)}`));
  }
  return [];
}

/** Whether a manifest value holds a reference (to another object's id or field). */
export function holdsRef(value: unknown): boolean {
  if (isRef(value as ManifestValue)) return true;
  if (Array.isArray(value)) return value.some(holdsRef);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsRef);
  return false;
}

function holdsUnknown(value: PlainValue): boolean {
  if (value === UNKNOWN_VALUE) return true;
  if (Array.isArray(value)) return value.some(holdsUnknown);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsUnknown);
  return false;
}
