/**
 * The error a resource handler throws for a problem it finds itself (an API failure is thrown as the
 * client's `TritonApiError`, unchanged, so the engine can classify it).
 */
import { TritonError } from '../errors.js';

/** The stable codes of {@link TritonHandlerError}. */
export type TritonHandlerErrorCode =
  /** A desired property has a shape the handler cannot send (the message names the field and the rule). */
  | 'INVALID_DESIRED'
  /** A look-up matched several objects and `mostRecent` was false. */
  | 'LOOKUP_AMBIGUOUS'
  /** The change would remove the key the run itself signs with. */
  | 'UNSAFE_DELETE';

/** A handler refused a call before or instead of sending it. Never carries a secret value. */
export class TritonHandlerError extends TritonError {
  readonly code: TritonHandlerErrorCode;

  constructor(code: TritonHandlerErrorCode, message: string) {
    super(message);
    this.name = 'TritonHandlerError';
    this.code = code;
  }
}
