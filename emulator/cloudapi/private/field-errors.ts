import { EmulatorError } from '../../core/errors.js';

/** One refused field of a VMAPI, NAPI or IMGAPI validation answer, as CloudAPI passes it through. */
export interface WireFieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

/**
 * An error whose body carries the backend's per-field `errors` array besides `code` and
 * `message` (VMAPI's 409 `ValidationFailed`, NAPI's 422 `InvalidParameters`), which CloudAPI
 * answers unchanged; the core error's `errors` carries them to the body.
 */
export class FieldErrorsError extends EmulatorError {
  /**
   * @param errors the refused fields, in the backend's order
   */
  constructor(status: number, code: string, message: string, errors: readonly WireFieldError[]) {
    super(
      status,
      code,
      message,
      {},
      errors.map((e) => ({ field: e.field, code: e.code, message: e.message })),
    );
  }
}

/**
 * VMAPI's refusal of a machine id that is no UUID (its `getVm` validation), which CloudAPI passes
 * through: 409 `ValidationFailed` "Invalid Parameters" naming the `uuid` field.
 */
export function invalidUuidError(): FieldErrorsError {
  return new FieldErrorsError(409, 'ValidationFailed', 'Invalid Parameters', [
    { field: 'uuid', code: 'Invalid', message: 'Invalid UUID' },
  ]);
}

/** NAPI's refusal of an address another NIC holds (`UsedBy`), passed through as 422. */
export function ipInUseError(): FieldErrorsError {
  return new FieldErrorsError(422, 'InvalidParameters', 'Invalid parameters', [
    { field: 'ip', code: 'UsedBy', message: 'IP in use' },
  ]);
}
