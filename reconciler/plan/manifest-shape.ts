/**
 * The pieces every check of a manifest's shape uses (`validate-manifest.ts`,
 * `validate-cross-stack.ts`): how a problem is recorded, and the type tests.
 */

/** Passed as the value when the rule's wording already names it (the per-kind property checks). */
export const NAMED = Symbol('named in the rule');

/** Records a problem; `address` (a resource's) is named beside the JSON path in the message. */
export type Add = (path: string, value: unknown, rule: string, address?: string) => void;

/**
 * Names every key that is not in `known`, without its value: the name is what is wrong, and a
 * misplaced field may be a password (`"password": "…"` beside `properties` instead of in it).
 */
export function unknownKeys(value: Record<string, unknown>, prefix: string, known: readonly string[], add: Add): void {
  for (const key of Object.keys(value))
    if (!known.includes(key)) add(`${prefix}${key}`, NAMED, `is not a known field (known: ${known.join(', ')})`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}
