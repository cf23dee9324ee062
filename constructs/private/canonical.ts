/**
 * Canonical JSON: object keys sorted at every depth and `undefined` members dropped, so that the same
 * app always produces the same bytes and a committed manifest diffs cleanly.
 */

/** Returns a deep copy of `value` with sorted keys and no `undefined` members. */
export function canonicalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => canonicalize(v));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort(compareStrings)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonicalize(v);
    }
    return out;
  }
  return value;
}

/** Code-unit order, independent of locale (so every machine sorts alike). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted, de-duplicated copy. */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareStrings);
}
