/**
 * The contract's on-request operation: a kind whose objects are restore points of another object
 * (an instance's snapshots) offers a rollback, which `triton-iac instance rollback` runs when asked
 * and never as a plan action (a rollback throws away what the owner wrote since). The CLI finds the
 * handler offering it in the handler map, so it names no kind and imports no kind's code.
 */
/** What a rollback targets: the owner (an id or a unique name) and the restore point's name. */
export interface RollbackTarget {
  readonly owner: string;
  readonly point: string;
}

/** A declared object of the stack, as the rollback may need to know it (an owner declared stopped). */
export interface DeclaredObject {
  readonly kind: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

/** What a rollback did, in the words the CLI prints. */
export interface RollbackOutcome {
  /** One sentence: what was rolled back to what, and how to watch it. */
  readonly done: string;
  /** What the user should know beside it (an owner declared stopped that the rollback starts). */
  readonly warnings: readonly string[];
}

/** A handler's rollback. */
export interface Rollback<Clients = unknown> {
  /**
   * The target a recorded server id of this kind names.
   * @throws the handler's error, code `INVALID_DESIRED`, for an id that names none
   */
  targetOf(serverId: string): RollbackTarget;
  /**
   * Rolls the owner back to the point; resolves once the server accepted it.
   * @param declared the stack's declared objects (for warnings about what the rollback contradicts)
   * @throws the handler's error, code `INVALID_DESIRED`, naming an owner or point that does not
   *   exist or is not ready; the server's refusal as its `TritonApiError`
   */
  run(
    ctx: { readonly clients: Clients; readonly signal: AbortSignal },
    target: RollbackTarget,
    declared: readonly DeclaredObject[],
  ): Promise<RollbackOutcome>;
}
