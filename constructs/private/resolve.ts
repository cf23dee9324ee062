/** Turns rendered properties into manifest JSON: references become `$ref`, secrets `$secret`. */
import { Reference } from '../reference.js';
import { Secret } from '../secret.js';

/**
 * Deep-copies `value`, replacing every {@link Reference} with its placeholder (and reporting it to
 * `onRef`, which records the dependency) and every {@link Secret} with its placeholder.
 */
export function resolveValue(value: unknown, onRef: (ref: Reference) => void): unknown {
  if (value instanceof Reference) {
    onRef(value);
    return value.toJSON();
  }
  if (value instanceof Secret) return value.toJSON();
  if (Array.isArray(value)) return value.map((v) => resolveValue(v, onRef));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = resolveValue(v, onRef);
    }
    return out;
  }
  return value;
}
