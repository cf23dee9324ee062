/**
 * An access key's secret as the client hands it over: the value is reachable only through
 * {@link AccessKeySecret.reveal}, so that logging, serialising or inspecting the object (a debug
 * line, an error's cause, a state written by mistake) shows a placeholder, never the secret.
 */
import { inspect } from 'node:util';

/** What every printed form of an {@link AccessKeySecret} shows. */
export const SECRET_PLACEHOLDER = '(access key secret, not shown)';

/** A secret that prints as {@link SECRET_PLACEHOLDER}. */
export class AccessKeySecret {
  readonly #value: string;

  /** @param value the clear secret, as the server answered it */
  constructor(value: string) {
    this.#value = value;
  }

  /** The clear secret: only for writing it to the destination the user declared. */
  reveal(): string {
    return this.#value;
  }

  /** @returns the placeholder */
  toString(): string {
    return SECRET_PLACEHOLDER;
  }

  /** @returns the placeholder */
  toJSON(): string {
    return SECRET_PLACEHOLDER;
  }

  /** @returns the placeholder, for `console.log` and `util.inspect` */
  [inspect.custom](): string {
    return SECRET_PLACEHOLDER;
  }
}
