/** How every validation message is worded: `<path>: <field> <value>: <rule>`. */
import { isAbsolute, resolve } from 'node:path';
import { showValue as showSafely } from '../../common/text/safe-text.js';
import { ValidationError } from '../errors.js';

/**
 * A value as it appears in a message: JSON with control characters escaped, shortened so a long
 * rule or key stays readable (the shared rule of common/text/safe-text.ts).
 */
export function showValue(value: unknown): string {
  return showSafely(value);
}

/** Formats one problem; `value` is omitted (withheld) when it must not be echoed. */
export function problem(
  path: string,
  field: string,
  value: unknown,
  rule: string,
  opts: { withhold?: boolean } = {},
): string {
  return opts.withhold ? `${path}: ${field}: ${rule}` : `${path}: ${field} ${showValue(value)}: ${rule}`;
}

/** Throws a {@link ValidationError} for one problem. */
export function fail(
  path: string,
  field: string,
  value: unknown,
  rule: string,
  opts: { withhold?: boolean } = {},
): never {
  throw new ValidationError(problem(path, field, value, rule, opts));
}

/**
 * Throws unless `props` is a props object (not `null`, an array or a primitive): a JavaScript caller
 * or a generated binding can pass anything, and reading a field of `null` would be a TypeError.
 */
export function requirePropsObject(path: string, props: unknown, what: string): void {
  if (typeof props !== 'object' || props === null || Array.isArray(props))
    fail(path, 'props', props, `must be an object of ${what} props`);
}

/**
 * Why a file named by a prop cannot be read, with where it was looked for: a relative path is
 * resolved against the working directory of the process that synthesizes the app (the CLI's),
 * which is the usual surprise, so the message names both.
 */
export function unreadableFile(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? 'error';
  const absolute = resolve(file);
  const where = isAbsolute(file)
    ? `looked for ${absolute}`
    : `looked for ${absolute}: a relative path is resolved against the working directory ${process.cwd()}`;
  return `cannot be read (${code}); ${where}`;
}
