/**
 * The one base class of every error triton-iac throws on purpose, in every layer. It lives in
 * `common/` because `common/` imports nothing of ours and every layer may import it.
 *
 * An error carries three things: a stable `code` (SCREAMING_SNAKE_CASE, the style the CLI prints and
 * docs/troubleshooting.md is organised by), a `message` that names the field, the value and the rule,
 * and a `hint` that says what to do. The hint travels with the error rather than living in a table
 * of the CLI's, so a caller of the library sees the same advice as a user of the CLI, and a new code
 * cannot be thrown without one: each subclass lists its codes with their hints in its static
 * `hints`, and the place that throws may give a sharper hint of its own.
 */

/** What a {@link TritonIacError} is built from besides its message. */
export interface TritonIacErrorOptions {
  /** The underlying error, if any (never a request object or key material). */
  readonly cause?: unknown;
  /** What to do, when the place that throws knows better than the subclass's hint for the code. */
  readonly hint?: string;
}

/** The stable codes of a subclass with the hint each gets unless the thrower gives its own. */
export type ErrorHints<Code extends string> = Readonly<Record<Code, string>>;

/** The shape of a code: upper-case words joined by `_`, e.g. `STATE_LOCKED`. */
export const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/**
 * The base of every error triton-iac throws on purpose. Callers branch on `code` (or `instanceof` a
 * subclass); people read `message`, then `hint`. Never carries a private key, a password or an
 * Authorization header: subclasses build messages from explicit fields only.
 */
export abstract class TritonIacError extends Error {
  /**
   * Every code the subclass throws, with what to do about it. docs/troubleshooting.md has a section
   * for each (a test enumerates them from the error classes).
   */
  static readonly hints: ErrorHints<string> = {};

  /** A stable, machine-readable code in SCREAMING_SNAKE_CASE; messages may change, codes do not. */
  abstract readonly code: string;

  readonly #hint: string | undefined;

  /**
   * @param message a sentence naming the field, the value and the rule
   * @param options the underlying cause, and a hint that replaces the subclass's hint for the code
   */
  constructor(message: string, options?: TritonIacErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.#hint = options?.hint;
  }

  /**
   * What to do about it: the hint given where the error was thrown, else the subclass's hint for its
   * code ('' when there is nothing to add to the message, as for a usage mistake).
   */
  get hint(): string {
    // `#hint in this`: read on a prototype (by an inspector walking getters) it is simply absent.
    const own = #hint in this ? this.#hint : undefined;
    return own ?? (this.constructor as typeof TritonIacError).hints[this.code] ?? '';
  }
}
