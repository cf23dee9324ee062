/**
 * What to do about a failed API call, worded by what the server said. {@link TritonApiError} carries
 * it as its `hint`, so the CLI and a library caller give the same advice.
 */

/** What the server said about a failed call, as far as a hint needs it. */
export interface ApiFailure {
  /** HTTP status; 0 or absent when no answer came. */
  readonly status?: number;
  /** The server's error code, e.g. `NotAuthorized`. */
  readonly apiCode?: string;
  /** The operation, e.g. `ListUsers`. */
  readonly operation?: string;
  /** The server's own message. */
  readonly message?: string;
}

/** Codes with which a server refuses the key itself rather than what its user may do. */
const KEY_REFUSED = new Set([
  'InvalidCredentials',
  'InvalidKeyId',
  'KeyDoesNotExist',
  'InvalidSignature',
  'AccountDoesNotExist',
  'UserDoesNotExist',
  'AccountBlocked',
]);

/**
 * What to do about a failed API call, by what the server said: a refused permission names the action
 * to grant (re-running cannot help), a busy or silent server is worth another run, a refused value
 * must be fixed first.
 */
export function apiErrorHint(f: ApiFailure): string {
  const status = f.status ?? 0;
  // A provisioning limit (CloudAPI answers 403, and its plug-in's message starts with the code).
  if (f.apiCode === 'QuotaExceeded' || /^QuotaExceeded\b/.test(f.message ?? ''))
    return "The account's provisioning limits (`triton account limits`) do not allow it: raise them, or delete instances or declare fewer or smaller ones. `triton-iac plan` warns when a plan would pass them.";
  // FWAPI's owner check (a firewall rule id of another account): no role can grant it.
  if (status === 403 && /\bowner does not match\b/.test(f.message ?? ''))
    return "The object belongs to another account: a stack reads and changes only its own account's objects. Check the id (`triton fwrule list` lists this account's).";
  if ((status === 401 || status === 403) && !KEY_REFUSED.has(f.apiCode ?? '')) {
    const action = deniedAction(f);
    return `The key's user is not allowed to ${action}: give that user a role (as a default member) whose policy has a rule such as "CAN ${action}", or sign as the account owner. Running the command again will not help until then.`;
  }
  if (status === 401 || status === 403)
    return 'The cloud does not accept this key: check TRITON_KEY_ID (or --profile) and that the key is on the account or sub-user it names.';
  if (status === 0 || status === 420 || status === 429 || status >= 500) {
    return 'The cloud is busy or did not answer, even after retries; wait a little and run the command again (apply resumes where it stopped).';
  }
  if (status === 404)
    return 'The cloud says an object does not exist; if it was deleted outside triton-iac, run `triton-iac plan` to see what apply would do now.';
  return 'The cloud refused a value: fix what its message names (in the app, or in the cloud), then run the command again.';
}

/** The RBAC action a 403 was about: named by the server when it says so, else the operation's. */
function deniedAction(f: ApiFailure): string {
  const named = /\(([a-z]+)\)\s*$|not allowed to ([a-z]+) /.exec(f.message ?? '');
  return named?.[1] ?? named?.[2] ?? (f.operation ?? 'do this').toLowerCase();
}
