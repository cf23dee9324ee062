/**
 * What every state backend checks the same way, wherever it keeps the document: that a document
 * read or about to be written belongs to the backend's stack and account, and that what is written
 * is a valid document with the next serial.
 */
import { ReconcilerError } from '../../errors.js';
import { stateShapeProblem, type StateDocument } from '../document.js';

/** The stack and account a backend holds state for, and where (for messages). */
export interface StateOwner {
  readonly stack: string;
  readonly account: string;
  /** Where the state lives, as the user would look for it (a file path or a Manta path). */
  readonly location: string;
  /** What the location is: `state file` or `state object`. */
  readonly noun: string;
}

/**
 * Refuses a document read from `owner.location` that belongs to another stack or account: a state
 * path shared by mistake would otherwise let one stack plan against another's resources.
 * @throws ReconcilerError `STATE_MISMATCH`.
 */
export function checkReadOwnership(doc: StateDocument, owner: StateOwner): void {
  if (doc.stack !== owner.stack || doc.account !== owner.account) {
    throw new ReconcilerError(
      'STATE_MISMATCH',
      `${owner.noun} ${owner.location} belongs to stack ${doc.stack} of account ${doc.account}, not stack ${owner.stack} of account ${owner.account}; check the stack's state path`,
    );
  }
}

/**
 * The document to store for a write of `doc`: the serial one higher and the resources sorted by
 * address (so that a committed or shared state diffs cleanly).
 * @throws ReconcilerError `STATE_MISMATCH` when `doc` is another stack's or account's, and
 *   `STATE_MALFORMED` when the result is not a valid state document.
 */
export function nextDocumentToWrite(doc: StateDocument, owner: StateOwner): StateDocument {
  if (doc.stack !== owner.stack || doc.account !== owner.account) {
    throw new ReconcilerError(
      'STATE_MISMATCH',
      `refusing to write the state of stack ${doc.stack} of account ${doc.account} to ${owner.location}, which holds stack ${owner.stack} of account ${owner.account}`,
    );
  }
  const next: StateDocument = {
    ...doc,
    serial: doc.serial + 1,
    resources: [...doc.resources].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0)),
  };
  const problem = stateShapeProblem(next);
  if (problem)
    throw new ReconcilerError(
      'STATE_MALFORMED',
      `refusing to write an invalid state document for ${owner.location}: ${problem}`,
    );
  return next;
}
