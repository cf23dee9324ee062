/** The email rule: CloudAPI only requires that the address look like one. */
import { missingOrNotString } from './required.js';
import { showValue } from '../text/safe-text.js';

// sdc-cloudapi lib/users.js: a local part of letters, digits and the RFC 5322 atext symbols (its
// pattern also admits ";", from an HTML-escaped "&"), one "@", and dot-separated labels of letters,
// digits and "-": a bare host such as "localhost" is a domain too, so "name_subuser@localhost" passes.
// No space or control character can match.
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&;'*+\-/=?^_`{|}~]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/**
 * Checks an email address for the shape `name@domain.tld`.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkEmail(email: string): string | undefined {
  const missing = missingOrNotString(email, 'email');
  if (missing !== undefined) return missing;
  if (!EMAIL_PATTERN.test(email)) return `email ${showValue(email)} must look like an email address (name@example.com)`;
  return undefined;
}
