/**
 * Turns any error into the one paragraph the user sees: the message (which names what was wrong),
 * then what to do, keyed by the error's stable `code`. Every code here has a section in
 * `docs/troubleshooting.md`.
 */
import { UsageError } from '../command.js';

/** What to do, per stable error code. */
const HINTS: Readonly<Record<string, string>> = {
  USAGE: '',
  CONFIG_MISSING:
    'Set TRITON_URL, TRITON_ACCOUNT and TRITON_KEY_ID (or MANTA_*), choose a profile with --profile, or try the embedded emulator with --emulator.',
  CONFIG_INVALID: 'Fix the setting named above in the environment or the ~/.triton profile.',
  PROFILE_NOT_FOUND: 'List the profiles with `triton profile list`, or create one with `triton profile create`.',
  KEY_NOT_FOUND: 'Load the key into ssh-agent (`ssh-add`), put it in ~/.ssh, or check TRITON_KEY_ID.',
  KEY_ENCRYPTED: 'Load the key into ssh-agent (`ssh-add`) or set TRITON_KEY_PASSPHRASE.',
  KEY_INVALID: 'Check that the key file is an SSH private key in OpenSSH or PEM format.',
  KEY_UNSUPPORTED: 'Use an RSA, ECDSA or Ed25519 key.',
  AGENT_ERROR: 'Check that SSH_AUTH_SOCK points at a running ssh-agent.',
  INVALID_INPUT: 'Fix the field named above in the app.',
  // The hint for TRITON_API_ERROR depends on what the server said: see apiErrorHint.
  TRITON_API_ERROR: 'The cloud refused or did not answer; the message gives its status and request id.',
  GRAPH_INVALID: 'Break the dependency cycle named above in the app.',
  STATE_MALFORMED:
    'The state file is damaged and was not changed. Restore it from a backup, or remove it and bring existing objects back with `triton-iac import`.',
  STATE_MISMATCH: "The state file belongs to another stack or account; check the stack's `state` path and --profile.",
  STATE_CONFLICT: 'Someone else wrote the state at the same time; re-run the command.',
  STATE_LOCKED:
    'Wait for the other run to finish, or pass --lock-timeout 2m to wait for it. If that process is gone, run `triton-iac force-unlock LOCK_ID` with the lock id named above.',
  STATE_LOCK_MISMATCH:
    'Nothing was unlocked. Give the lock id the STATE_LOCKED error named (`triton-iac force-unlock LOCK_ID`).',
  STATE_PUSH_REFUSED:
    'Nothing was written. Pull the current state (`triton-iac state pull`) and compare; pass --force only when you mean to replace it.',
  STATE_IO: 'Check that the state directory exists and is writable.',
  STATE_NOT_FOUND:
    "Apply the stack first (`triton-iac apply`); if it was applied elsewhere, check the stack's `state` setting, the working directory and --profile.",
  STATE_ADDRESS_NOT_FOUND: 'List the addresses with `triton-iac state list`.',
  STATE_ADDRESS_INVALID:
    'For `state mv`, choose a target address that is not in the state yet; for a state location, fix the stack name or state path named above.',
  PLAN_MALFORMED: 'Make the plan again with `triton-iac plan --out FILE`.',
  PLAN_STALE: 'Make the plan again with `triton-iac plan --out FILE` and review it before applying.',
  PLAN_INPUT_INVALID:
    'Check the app against the manifest rules in docs/constructs.md, and the connection settings named above.',
  SECRET_UNAVAILABLE: 'Set the environment variable or create the file the Secret names, then run again.',
  APPLY_FAILED: 'Fix the cause named above and run apply again; everything that succeeded is recorded in the state.',
  READ_FAILED: 'Reading the live objects failed; check the connection and run again.',
  ADOPT_CONFLICT:
    'Nothing was changed. To manage the object as declared (overwriting how it differs), import it with `triton-iac import ADDRESS ID` or run `triton-iac apply --adopt`; to leave it alone, give the declaration another name.',
  PROTECTED:
    'Nothing was changed. To delete or replace a protected resource, set protect: false in the code and apply, then make the change; or stop managing it with `triton-iac state rm ADDRESS`.',
  ACCESS_EXPECTATION_FAILED:
    'Nothing was changed. Fix the role, policy or role tag the message names so that the expectation holds, or change the expectation if the access it guards is meant to change.',
  IMPORT_INVALID: 'Check that the id belongs to an object of the kind the address declares.',
  ABORTED:
    'The run was cancelled; actions that finished are recorded in the state. Run `triton-iac apply` again to finish.',
  INVALID_DESIRED: 'Fix the property named above in the app.',
  LOOKUP_AMBIGUOUS: 'Narrow the look-up (name, version, os) or set mostRecent: true.',
  // The emulator's message names the port or the file and what to do; these say where it comes from.
  EMULATOR_PORT_IN_USE: 'Another process listens there: give another port (--port, --manta-port) or stop that process.',
  EMULATOR_PORT_NOT_ALLOWED: 'This user may not listen on that port: give a port above 1023 (--port, --manta-port).',
  EMULATOR_DATA_CORRUPT:
    "The emulator's saved data is damaged (for --emulator, in .triton-iac/emulator): move the named file away, or start from a fresh data directory, and run again.",
  EMULATOR_ATTESTATION_ROOT_INVALID:
    'Give --attestation-root the self-signed root CA certificate (PEM) the attestation chains lead to, not an intermediate or a leaf.',
  UNSAFE_DELETE:
    'The run would delete the key it signs with: sign with another key (TRITON_KEY_ID, --profile) or keep that key in the stack.',
};

/** The stable code of `err`, or `INTERNAL` for an unexpected failure. */
export function errorCode(err: unknown): string {
  if (err instanceof UsageError) return 'USAGE';
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z_]+$/.test(code) ? code : 'INTERNAL';
}

/** What the server said about a failed call, as far as a hint needs it. */
export interface ApiFailure {
  /** HTTP status; 0 or absent when no answer came. */
  readonly status?: number;
  readonly apiCode?: string;
  /** The operation, e.g. `ListUsers`. */
  readonly operation?: string;
  readonly message?: string;
}

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

/**
 * The paragraph for `err`: `Error: <message>` plus the hint for its code. Unexpected errors get a
 * pointer to `--debug` instead of a stack trace.
 */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = errorCode(err);
  if (code === 'USAGE') return `Error: ${message}`;
  if (code === 'TRITON_API_ERROR') {
    const e = err as { status?: number; apiCode?: string; operation?: string; serverMessage?: string };
    return `Error [${code}]: ${message}\n${apiErrorHint({ ...e, ...(e.serverMessage !== undefined ? { message: e.serverMessage } : {}) })}`;
  }
  const hint = HINTS[code] ?? (isSystemError(err) ? SYSTEM_HINT : undefined);
  if (hint === undefined) {
    const shown = code === 'INTERNAL' ? '' : ` [${code}]`;
    return `Error${shown}: ${message}\nThis is unexpected; run again with --debug for the stack trace and report it.`;
  }
  return `Error [${code}]: ${message}${hint ? `\n${hint}` : ''}`;
}

/**
 * What to do about an error the operating system raised (a missing directory, a refused permission,
 * a port taken): something in the user's environment to fix, not a bug to report.
 */
const SYSTEM_HINT =
  'The operating system refused the operation on the file or address named above: check that it exists and that you may use it, then run again.';

/** A Node system error (`ENOENT`, `EACCES`, `EADDRINUSE`, …): it has the failed system call and errno. */
function isSystemError(err: unknown): boolean {
  const e = err as { syscall?: unknown; errno?: unknown } | null;
  return typeof e?.syscall === 'string' && typeof e.errno === 'number';
}

/** The codes {@link describeError} knows, for the documentation test. */
export const KNOWN_ERROR_CODES: readonly string[] = Object.keys(HINTS);
