/**
 * Canonical JSON (keys sorted at every level) and its SHA-256, so that digests of plans, manifests
 * and live objects do not depend on key order.
 */
import { hash } from 'node:crypto';

/** Serialises `value` with object keys sorted; `undefined` members are dropped as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
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
