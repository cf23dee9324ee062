/** Pure normalisation helpers shared by the CloudAPI handlers. */
import { PROFILE_FIELDS } from '../../../common/kinds/index.js';
import type { PlainObject, PlainValue } from '../../../common/contract/handler.js';

/** The profile field names (CloudAPI wire names), kept once in common/kinds/profile.ts. */
export { PROFILE_FIELDS };

/** Code-point order, independent of the locale. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A string map with its keys in code-point order and every value as text (a volume's tags, a fabric
 * network's routes); anything that is not a plain object becomes `{}`.
 */
export function sortedStringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, String(v)] as const)
      .sort(([a], [b]) => byCodePoint(a, b)),
  );
}

/** A sorted copy of a list of strings; anything that is not an array becomes `[]`. */
export function sortedStrings(value: PlainValue | undefined): string[] {
  return Array.isArray(value) ? (value as readonly PlainValue[]).map(String).sort(byCodePoint) : [];
}

/**
 * Copies the optional string fields the desired side declares. An empty string is kept: it means
 * "managed, and empty", which is how a field is cleared.
 */
export function desiredOptionals(props: PlainObject, fields: readonly string[]): Record<string, PlainValue> {
  const out: Record<string, PlainValue> = {};
  for (const f of fields) if (props[f] !== undefined && props[f] !== null) out[f] = props[f]!;
  return out;
}

/**
 * The live side of {@link desiredOptionals}. With `desired`, only the fields it declares are kept,
 * and a field absent live reads as `''` (absent and empty are the same to the API). Without it,
 * every non-empty field is kept.
 */
export function liveOptionals(
  live: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  desired: PlainObject | undefined,
): Record<string, PlainValue> {
  const out: Record<string, PlainValue> = {};
  for (const f of fields) {
    const value = live[f];
    const text = value === undefined || value === null ? '' : String(value);
    if (desired !== undefined) {
      if (desired[f] !== undefined) out[f] = text;
    } else if (text !== '') {
      out[f] = text;
    }
  }
  return out;
}

/** Whether a JSON Patch pointer touches the top-level field `field`. */
export function touches(pointer: string, field: string): boolean {
  return pointer === `/${field}` || pointer.startsWith(`/${field}/`);
}
