import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How many earlier passwords a sub-user may not reuse. */
export const PASSWORD_HISTORY = 4;

/** A salted hash of a password; the password itself is never stored. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, password)}`;
}

/** True when `password` matches one of `hashes`. */
export function passwordReused(password: string, hashes: readonly string[]): boolean {
  return hashes.some((h) => {
    const [salt, expected] = h.split('$');
    if (salt === undefined || expected === undefined) return false;
    return timingSafeEqual(Buffer.from(digest(salt, password)), Buffer.from(expected));
  });
}

function digest(salt: string, password: string): string {
  return createHash('sha256').update(`${salt}:${password}`).digest('hex');
}
