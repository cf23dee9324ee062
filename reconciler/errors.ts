/**
 * The reconciler's one error class. Every failure the engine reports carries a stable `code` so that
 * the CLI can map it to an exit status and tests can assert on it without matching prose, and a
 * `hint` saying what to do.
 */
import { TritonIacError, type ErrorHints, type TritonIacErrorOptions } from '../common/errors.js';

/** The stable codes a {@link ReconcilerError} can carry. */
export type ReconcilerErrorCode =
  /** The dependency graph has a cycle or a dependency on a node that does not exist. */
  | 'GRAPH_INVALID'
  /** A state file exists but cannot be parsed or has the wrong shape. */
  | 'STATE_MALFORMED'
  /** A state file belongs to another stack or account than the one asked for. */
  | 'STATE_MISMATCH'
  /** Someone else wrote the state since it was read (compare-and-swap lost). */
  | 'STATE_CONFLICT'
  /** The state lock is held by another process. */
  | 'STATE_LOCKED'
  /** `force-unlock` named a lock id that is not the lock held (or no lock is held). */
  | 'STATE_LOCK_MISMATCH'
  /** `state push` of a document whose lineage differs or whose serial is not newer (without `--force`). */
  | 'STATE_PUSH_REFUSED'
  /** An I/O failure reading or writing state. */
  | 'STATE_IO'
  /** A command that compares with the last apply (`drift`) found no state: the stack was never applied. */
  | 'STATE_NOT_FOUND'
  /** A `state` sub-command named an address that is not in the state. */
  | 'STATE_ADDRESS_NOT_FOUND'
  /** `state mv` to an address that is already taken, or another bad address argument. */
  | 'STATE_ADDRESS_INVALID'
  /** A saved plan file is unreadable, malformed or tampered with. */
  | 'PLAN_MALFORMED'
  /** The planner was given inconsistent inputs (for example a kind without a handler). */
  | 'PLAN_INPUT_INVALID'
  /** A saved plan no longer matches the state, the manifest or the live objects. */
  | 'PLAN_STALE'
  /**
   * Apply worked out values for a create or an update other than those the plan showed (what they
   * refer to changed since): refused before anything is sent for that resource.
   */
  | 'PLAN_INCONSISTENT'
  /** A `{ $secret }` could not be resolved (variable unset, file unreadable). */
  | 'SECRET_UNAVAILABLE'
  /** A resource action failed (the message carries the server's reason). */
  | 'APPLY_FAILED'
  /**
   * The plan would adopt objects that exist live outside this stack's state and differ from the
   * declaration; nothing is changed until the user consents (`import`, or `--adopt`).
   */
  | 'ADOPT_CONFLICT'
  /** The plan would delete or replace a resource with `protect: true`; nothing is changed. */
  | 'PROTECTED'
  /** The plan would delete or replace an object the cloud refuses to delete (an instance's `deletionProtection`); nothing is changed. */
  | 'DELETION_PROTECTED'
  /** The plan would break an access expectation (`expectAccess`, `expectDenied`); nothing is changed. */
  | 'ACCESS_EXPECTATION_FAILED'
  /**
   * The plan would set a value the server keeps unique (a key's name, a user's email) that an object
   * outside the stack already holds: the server would refuse it every time.
   */
  | 'VALUE_TAKEN'
  /**
   * The plan holds a change apply would certainly fail at, as a read tells now (a secret's
   * destination that cannot take it, a key found live whose secret nobody holds).
   */
  | 'APPLY_WOULD_FAIL'
  /** A look-up whose query is fully known found nothing, and nothing a stack declares can make it. */
  | 'LOOKUP_FOUND_NOTHING'
  /** `import` was given an address or id that does not fit. */
  | 'IMPORT_INVALID'
  /** A stack refers to objects of another stack that that stack's state does not hold yet. */
  | 'CROSS_STACK_NOT_APPLIED'
  /** `StackOutputs.of(location)`: there is no state at the location. */
  | 'OUTPUT_STATE_NOT_FOUND'
  /** `StackOutputs.of(location).get(name)`: the state records no such output. */
  | 'OUTPUT_NOT_FOUND'
  /** `StackOutputs.of(location).get(name)`: the output is sensitive, and is not handed on. */
  | 'OUTPUT_SENSITIVE'
  /** The run was cancelled. */
  | 'ABORTED';

/** A failure in the reconciler with a stable {@link ReconcilerErrorCode}. */
export class ReconcilerError extends TritonIacError {
  static override readonly hints: ErrorHints<ReconcilerErrorCode> = {
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
    PLAN_INCONSISTENT:
      'Nothing was sent for this resource; what finished before it is recorded in the state. Make the plan again (`triton-iac plan --out FILE`), review it, and apply that.',
    PLAN_INPUT_INVALID:
      'Check the app against the manifest rules in docs/constructs.md, and the connection settings named above.',
    SECRET_UNAVAILABLE: 'Set the environment variable or create the file the Secret names, then run again.',
    APPLY_FAILED:
      'Fix the cause named above and run the same command (apply or destroy) again; everything that succeeded is recorded in the state.',
    ADOPT_CONFLICT:
      'Nothing was changed. To manage the object as declared (overwriting how it differs), import it with `triton-iac import ADDRESS ID` or run `triton-iac apply --adopt`; to leave it alone, give the declaration another name.',
    PROTECTED:
      'Nothing was changed. To delete or replace a protected resource, set protect: false in the code and apply, then make the change; or stop managing it with `triton-iac state rm ADDRESS`.',
    DELETION_PROTECTED:
      'Nothing was changed. Set the protection named above to false in the code and apply that alone, then destroy or make the change; or stop managing the object with `triton-iac state rm ADDRESS`.',
    ACCESS_EXPECTATION_FAILED:
      'Nothing was changed. Fix the role, policy or role tag the message names so that the expectation holds, or change the expectation if the access it guards is meant to change.',
    VALUE_TAKEN:
      'Nothing was changed. Give the declaration another value, or remove or import the object that holds it (another program may manage it).',
    APPLY_WOULD_FAIL:
      'Nothing was changed. Fix what the message names (the destination, the object found live), then plan again.',
    LOOKUP_FOUND_NOTHING:
      'Nothing was changed. Fix the query named above (list what exists with `triton package list`, `triton datacenters`), or remove the look-up.',
    IMPORT_INVALID: 'Check that the id belongs to an object of the kind the address declares.',
    CROSS_STACK_NOT_APPLIED:
      'Nothing was changed. Apply the stacks named first (`triton-iac apply --stack NAME`), or apply the whole app: it applies every stack after those it refers to.',
    OUTPUT_STATE_NOT_FOUND:
      'Nothing was planned. Apply that app first, or fix the location given to StackOutputs.of (a local path is relative to the directory triton-iac runs in).',
    OUTPUT_NOT_FOUND:
      'Nothing was planned. Declare the output in that app (new TritonOutput(stack, name, { value })) and apply it, or read one it has.',
    OUTPUT_SENSITIVE:
      'Nothing was planned. Pass a secret with Secret.fromEnv or Secret.fromFile instead, or make the output not sensitive if it is not a secret.',
    ABORTED:
      'The run was cancelled; actions that finished are recorded in the state. Run the same command (apply or destroy) again to finish.',
  };
  override readonly name = 'ReconcilerError';
  /** A stable, machine-readable code. */
  readonly code: ReconcilerErrorCode;

  /**
   * @param code the stable code
   * @param message a sentence naming the field, the value and the rule
   * @param options the underlying cause, if any, and a hint sharper than the code's
   */
  constructor(code: ReconcilerErrorCode, message: string, options?: TritonIacErrorOptions) {
    super(message, options);
    this.code = code;
  }
}
