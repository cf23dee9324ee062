/**
 * The reconciler's one error class. Every failure the engine reports carries a stable `code` so that
 * the CLI can map it to an exit status and tests can assert on it without matching prose.
 */

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
  /** The plan would break an access expectation (`expectAccess`, `expectDenied`); nothing is changed. */
  | 'ACCESS_EXPECTATION_FAILED'
  /** `import` was given an address or id that does not fit. */
  | 'IMPORT_INVALID'
  /** The run was cancelled. */
  | 'ABORTED';

/** A failure in the reconciler with a stable {@link ReconcilerErrorCode}. */
export class ReconcilerError extends Error {
  override readonly name = 'ReconcilerError';
  /** A stable, machine-readable code. */
  readonly code: ReconcilerErrorCode;

  /**
   * @param code the stable code
   * @param message a sentence naming the field, the value and the rule, and how to recover
   * @param options the underlying cause, if any
   */
  constructor(code: ReconcilerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
