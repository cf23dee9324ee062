/** The email rule: CloudAPI only requires that the address look like one. */
import { showValue } from './safe-text.js';

// One "@", a non-empty local part, and a domain with at least one dot, no spaces or control
// characters anywhere (no address has them, and a NUL or a line break would end up in the directory).
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(\.[^\s@.\p{Cc}]+)+$/u;

/**
 * Checks an email address for the shape `name@domain.tld`.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkEmail(email: string): string | undefined {
  if (typeof email !== 'string' || email.length === 0) return 'email is required';
  if (!EMAIL_PATTERN.test(email)) return `email ${showValue(email)} must look like an email address (name@example.com)`;
  return undefined;
}
