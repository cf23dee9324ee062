/**
 * How an error message shows a property's value: the one place that decides, from the kind
 * descriptors' `secret` and `writeOnly` marks, that a value is never shown. Every reader of
 * resource properties (a manifest file, a `cdk.tf.json`, the construct library) words its problems
 * through {@link shownValue}, so a password written in clear where a secret reference belongs is
 * masked whatever the input's format.
 */
import { showValue } from '../text/safe-text.js';
import type { FieldSchema, TypeSchema } from './types.js';

/** What a message says in place of a secret's value. */
export const VALUE_NOT_SHOWN = '(value not shown)';

/** Whether a field's value must never appear in a message: a secret placeholder or a write-only field (a password). */
export function isSecretField(type: TypeSchema | FieldSchema | undefined): boolean {
  return type !== undefined && (type.secret === true || (type as Partial<FieldSchema>).writeOnly === true);
}

/**
 * The value as a message shows it: {@link VALUE_NOT_SHOWN} for a field {@link isSecretField} says
 * is secret (or anything inside one, `masked`), else as `showValue` shows it (escaped, shortened to
 * about `max` characters).
 */
export function shownValue(value: unknown, type?: TypeSchema | FieldSchema, masked = false, max = 80): string {
  if (masked || isSecretField(type)) return VALUE_NOT_SHOWN;
  if (value === undefined) return '(absent)';
  // Control characters escaped and long values shortened: a value must not garble the terminal.
  return showValue(value, max);
}
