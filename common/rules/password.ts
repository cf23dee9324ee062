/** The password rule of CloudAPI sub-users. Messages never contain the password. */
import { missingOrNotString } from './required.js';

/** The shortest password CloudAPI accepts. */
export const PASSWORD_MIN_LENGTH = 7;

/**
 * Checks a password: at least 7 characters, with at least one letter and one digit.
 *
 * @returns undefined when valid, else a message naming the rule (never the password).
 */
export function checkPassword(password: string): string | undefined {
  const missing = missingOrNotString(password, 'password');
  if (missing !== undefined) return missing;
  if (password.length < PASSWORD_MIN_LENGTH) return `password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password))
    return 'password must contain at least one letter and one digit';
  return undefined;
}
