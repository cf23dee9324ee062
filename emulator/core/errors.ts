/**
 * The one error class of the emulator. A handler throws it; the service's error formatter turns it
 * into the wire form (CloudAPI and Manta both send `{code, message}` but pick different statuses).
 */
export class EmulatorError extends Error {
  override readonly name = 'EmulatorError';

  /**
   * @param status the HTTP status to answer with
   * @param code the stable error code sent in the body, e.g. `ResourceNotFound`
   * @param message the human message sent in the body; never include a secret
   * @param headers extra response headers (e.g. `Location` for a redirect error)
   * @param errors the per-field `errors` array some refusals carry (VMAPI's `ValidationFailed`)
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly errors?: readonly Readonly<Record<string, string>>[],
  ) {
    super(message);
  }
}

/** Shorthand for the most common error: `404 ResourceNotFound`. */
export function notFound(message: string): EmulatorError {
  return new EmulatorError(404, 'ResourceNotFound', message);
}

/** Shorthand for `409 InvalidArgument`, CloudAPI's validation failure. */
export function invalidArgument(message: string): EmulatorError {
  return new EmulatorError(409, 'InvalidArgument', message);
}

/** Shorthand for `409 MissingParameter`. */
export function missingParameter(message: string): EmulatorError {
  return new EmulatorError(409, 'MissingParameter', message);
}
