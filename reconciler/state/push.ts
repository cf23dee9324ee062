/**
 * `triton-iac state push`: replacing a stack's state with a document the user holds, with the checks
 * Terraform makes (`terraform state push`), so that an old copy or another stack's state never
 * silently replaces the current one:
 * - a document of another lineage (another state's history) is refused;
 * - a document whose serial is not newer than the stored one is refused (it would undo writes);
 * - `force` skips both, and the stored serial still moves past every serial seen, so that a plan
 *   saved against the replaced state is refused as stale.
 */
import { ReconcilerError } from '../errors.js';
import type { LockRequest, StateBackend, StateSnapshot } from './backend.js';
import type { StateDocument } from './document.js';

/** What {@link pushState} replaced and stored. */
export interface PushOutcome {
  /** The serial and lineage stored before (absent when there was no state). */
  readonly previous?: { readonly serial: number; readonly lineage: string };
  /** The document as stored. */
  readonly stored: StateSnapshot;
}

/**
 * The document to hand to `StateBackend.write` (which stores it with its serial one higher) so that
 * the stored serial is the pushed one, or, with `force`, above both the pushed and the current one.
 * @throws ReconcilerError `STATE_PUSH_REFUSED` naming the lineages or serials, without `force`.
 */
export function documentToPush(
  current: StateDocument | undefined,
  pushed: StateDocument,
  force: boolean,
): StateDocument {
  if (current === undefined) return { ...pushed, serial: Math.max(pushed.serial, 1) - 1 };
  if (!force && pushed.lineage !== current.lineage) {
    throw new ReconcilerError(
      'STATE_PUSH_REFUSED',
      `the pushed state has lineage ${pushed.lineage}, but the stored state of stack ${current.stack} has lineage ${current.lineage}: they are different states, not versions of one; pass --force to replace it anyway`,
    );
  }
  if (!force && pushed.serial <= current.serial) {
    throw new ReconcilerError(
      'STATE_PUSH_REFUSED',
      `the pushed state has serial ${pushed.serial}, but the stored state of stack ${current.stack} is at serial ${current.serial}: a push must be newer (a higher serial), or it would undo the writes since; pass --force to replace it anyway`,
    );
  }
  return { ...pushed, serial: Math.max(pushed.serial, current.serial + 1) - 1 };
}

/**
 * Replaces the state behind `backend` with `pushed`, under the lock, with a compare-and-swap write.
 * @throws ReconcilerError `STATE_PUSH_REFUSED` (see {@link documentToPush}), `STATE_MISMATCH` for a
 *   document of another stack or account, `STATE_LOCKED`.
 */
export async function pushState(
  backend: StateBackend,
  lock: LockRequest,
  pushed: StateDocument,
  force: boolean,
): Promise<PushOutcome> {
  await backend.lock(lock);
  try {
    const current = await backend.read();
    const stored = await backend.write(documentToPush(current?.doc, pushed, force), current?.version);
    return {
      ...(current !== undefined ? { previous: { serial: current.doc.serial, lineage: current.doc.lineage } } : {}),
      stored,
    };
  } finally {
    await backend.unlock();
  }
}
