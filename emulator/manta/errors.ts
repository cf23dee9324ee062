import { EmulatorError } from '../core/errors.js';

/**
 * The error the Manta engines raise: an {@link EmulatorError} carrying the HTTP status and the
 * short code that the real Manta web tier sends (server-behaviour.md, "Errors"), so the core's
 * pipeline formats it like any other emulator error and the engines stay usable without HTTP.
 */
export class MantaError extends EmulatorError {
  /** The `{code, message}` body Manta sends with an error. */
  toJSON(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** 404 `ResourceNotFound` with Manta's "<path> was not found" message. */
export function notFound(path: string): MantaError {
  return new MantaError(404, 'ResourceNotFound', `${path} was not found`);
}
