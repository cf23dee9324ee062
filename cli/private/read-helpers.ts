/**
 * Small helpers `generate` and `rehearse` share: the sub-user a key id signs as, a failed read in
 * words, and a byte-size flag.
 */
import { UsageError } from '../command.js';

/** The sub-user a key id signs as (`/acme/users/ci/keys/…`), or undefined for the account owner. */
export function subUserOf(keyId: string): string | undefined {
  return /^\/[^/]+\/users\/([^/]+)\/keys\//.exec(keyId)?.[1];
}

/** Why a read failed, as the server said it (`403 NotAuthorized: …`), or the error's message. */
export { refusal as refusalReason } from '../../provider/generators/refusal.js';

/**
 * A number of bytes given as `N`, `Nk`, `NM` or `NG` (`--max-object-size`).
 * @throws UsageError naming the flag, the value and the accepted forms
 */
export function byteSizeFlag(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const m = /^(\d+)([kKmMgG]?)$/.exec(text.trim());
  if (!m) throw new UsageError(`--${flag} "${text}" must be a number of bytes, optionally with k, M or G (e.g. 512k)`);
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
}
