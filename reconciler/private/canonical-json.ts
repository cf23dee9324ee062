/**
 * Canonical JSON (keys sorted at every level) and its SHA-256, so that digests of plans, manifests
 * and live objects do not depend on key order.
 */
import { hash } from 'node:crypto';

/** Serialises `value` with object keys sorted; `undefined` members are dropped as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedForJson(value));
}

/** `sha256:<hex>` of the canonical JSON of `value`. */
export function digestOf(value: unknown): string {
  return `sha256:${hash('sha256', canonicalJson(value), 'hex')}`;
}

/** A deep copy of `value` with object keys sorted at every level. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * What {@link canonicalJson} serialises: {@link sortKeys} of `value`, except that a plain object or
 * array whose keys are in order all the way down is used as it is rather than copied. Most values
 * digested (a synthesized manifest, normalised live objects) are sorted already, and copying them
 * was most of the cost of their digests (a thousand-resource manifest: 4 ms, and its garbage).
 */
function sortedForJson(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const sorted = sortedForJson(item);
      if (out === undefined && sorted !== item) out = value.slice(0, i);
      out?.push(sorted);
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  // Anything else (a Date, a Buffer) is serialised as sortKeys makes it: its own keys, sorted.
  if (prototype !== Object.prototype && prototype !== null) return sortKeys(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return sortKeys(value);
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const item = record[keys[i]!];
    const sorted = sortedForJson(item);
    if (out === undefined && sorted !== item) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = record[keys[j]!];
    }
    if (out !== undefined) out[keys[i]!] = sorted;
  }
  return out ?? value;
}
