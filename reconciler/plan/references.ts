/**
 * References (`{ $ref }`) in a resource's declared properties, resolved to plain values. One walk for
 * the planner (a target not made yet stands for "known after apply") and the executor (every target
 * exists by the time a referrer is sent), so that both put a reference's value in the same place: a
 * reference to a job's outputs, a list, is spliced into the list that holds it.
 */
import { isRef, isSecret, type ManifestValue } from '../../common/manifest.js';
import type { PlainValue, PlanningHandler } from '../contract/handler.js';
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
