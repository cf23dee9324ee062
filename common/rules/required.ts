/**
 * The first check of every string rule: an absent value is "required", and a value of another
 * type is named as a wrong type (an `email: 42` reported as "email is required" sent the user
 * looking for a missing field).
 */

/** How a wrong value's type reads in a message: `a number`, `a list`, `an object`. */
export function typeNameOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  const t = typeof value;
  return t === 'object' ? 'an object' : `a ${t}`;
}

/**
 * `<what> is required` for an absent or empty string (blank too when `blankIsMissing`),
 * `<what> must be a string, not <type>` for another type, else `undefined`.
 */
export function missingOrNotString(value: unknown, what: string, blankIsMissing = false): string | undefined {
  if (value === undefined || value === null) return `${what} is required`;
  if (typeof value !== 'string') return `${what} must be a string, not ${typeNameOf(value)}`;
  if ((blankIsMissing ? value.trim() : value).length === 0) return `${what} is required`;
  return undefined;
}
