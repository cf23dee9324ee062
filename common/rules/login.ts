/** The login rule CloudAPI applies to accounts and sub-users. */
import { missingOrNotString } from './required.js';
import { showValue } from '../text/safe-text.js';

const LOGIN_PATTERN = /^[a-zA-Z][a-zA-Z0-9_.@]+$/;

/** Logins the service keeps for itself. */
const RESERVED_LOGINS = new Set(['local']);

/**
 * Checks a user login: 3–32 characters, starting with a letter, then letters, digits, `_`, `.` or
 * `@`; `local` is reserved.
 *
 * @returns undefined when valid, else a message naming the value and the rule.
 */
export function checkLogin(login: string): string | undefined {
  const missing = missingOrNotString(login, 'login');
  if (missing !== undefined) return missing;
  if (login.length < 3 || login.length > 32) {
    return `login ${showValue(login)} must be 3 to 32 characters long (it has ${login.length})`;
  }
  if (!LOGIN_PATTERN.test(login)) {
    return `login ${showValue(login)} must start with a letter and contain only letters, digits, "_", "." and "@"`;
  }
  if (RESERVED_LOGINS.has(login.toLowerCase())) return `login ${showValue(login)} is reserved`;
  return undefined;
}
