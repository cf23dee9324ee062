/** The email rule: CloudAPI only requires that the address look like one. */

// One "@", a non-empty local part, and a domain with at least one dot, no spaces anywhere.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Checks an email address for the shape `name@domain.tld`.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkEmail(email: string): string | undefined {
  if (typeof email !== 'string' || email.length === 0) return 'email is required';
  if (!EMAIL_PATTERN.test(email)) return `email "${email}" must look like an email address (name@example.com)`;
  return undefined;
}
