/**
 * The error a resource handler throws for a problem it finds itself (an API failure is thrown as the
 * client's `TritonApiError`, unchanged, so the engine can classify it).
 */
import type { ErrorHints, TritonIacErrorOptions } from '../../common/errors.js';
import { TritonError } from '../errors.js';

/** The stable codes of {@link TritonHandlerError}. */
export type TritonHandlerErrorCode =
  /** A desired property has a shape the handler cannot send (the message names the field and the rule). */
  | 'INVALID_DESIRED'
  /** A look-up matched several objects and `mostRecent` was false. */
  | 'LOOKUP_AMBIGUOUS'
  /** The change would remove the key the run itself signs with. */
  | 'UNSAFE_DELETE'
  /** An access key's secret could not be written to its declared destination (the key was deleted again). */
  | 'SECRET_HANDOVER_FAILED'
  /** An access key exists whose secret never reached its declared destination (it cannot be read back). */
  | 'SECRET_NOT_HANDED_OVER';

/** A handler refused a call before or instead of sending it. Never carries a secret value. */
export class TritonHandlerError extends TritonError {
  static override readonly hints: ErrorHints<TritonHandlerErrorCode> = {
    INVALID_DESIRED: 'Fix the property named above in the app.',
    LOOKUP_AMBIGUOUS: 'Narrow the look-up (name, version, os) or set mostRecent: true.',
    UNSAFE_DELETE:
      'The run would delete the key it signs with: sign with another key (TRITON_KEY_ID, --profile) or keep that key in the stack.',
    SECRET_HANDOVER_FAILED:
      'Fix the destination named above (its directory, an existing file, Manta access) and apply again: a new key is made then.',
    SECRET_NOT_HANDED_OVER:
      'Delete the access key named above (its secret is lost) and apply again, or give the declaration another description.',
  };
  /** Which problem this is. */
  readonly code: TritonHandlerErrorCode;

  constructor(code: TritonHandlerErrorCode, message: string, options?: TritonIacErrorOptions) {
    super(message, options);
    this.name = 'TritonHandlerError';
    this.code = code;
  }
}
