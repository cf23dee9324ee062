/**
 * The errors of the construct library. One base class with a stable `code` (STYLE.md): callers
 * branch on `code`, people read `message`, then `hint`.
 */
import { TritonIacError, type ErrorHints, type TritonIacErrorOptions } from '../common/errors.js';
import { escapeUnsafe, escapeUnsafeLines } from '../common/text/safe-text.js';

/** The stable codes of {@link ConstructError} and its subclasses. */
export type ConstructErrorCode =
  /** A prop that is wrong on its own ({@link ValidationError}). */
  | 'VALIDATION_ERROR'
  /** Problems of the tree as a whole, found by `app.synth()` ({@link SynthError}). */
  | 'SYNTH_ERROR'
  /** `resource.attr(name)` named an attribute the kind does not have. */
  | 'UNKNOWN_ATTRIBUTE'
  /** A reference to a value known only after apply was turned into a string. */
  | 'REFERENCE_TO_STRING';

/** Base class of every error the construct library throws. */
export class ConstructError extends TritonIacError {
  static override readonly hints: ErrorHints<ConstructErrorCode> = {
    VALIDATION_ERROR: 'Fix the prop named above (construct path, field, value and rule) in the app.',
    SYNTH_ERROR: 'Fix each problem listed above in the app; synth reports them all at once.',
    UNKNOWN_ATTRIBUTE: 'Use one of the attributes the message lists.',
    REFERENCE_TO_STRING:
      'Pass the Reference itself to a prop that accepts one instead of putting it in a string or template.',
  };
  /** Stable machine-readable code. */
  readonly code: ConstructErrorCode;

  constructor(code: ConstructErrorCode, message: string, options?: TritonIacErrorOptions) {
    // A construct path or a value may hold a control character: none reaches a terminal raw.
    super(escapeUnsafeLines(message), options);
    this.name = 'ConstructError';
    this.code = code;
  }
}

/**
 * A prop that is wrong on its own, thrown from the constructor that received it. The message
 * names the construct path, the field, the offending value (never a secret) and the rule.
 */
export class ValidationError extends ConstructError {
  constructor(message: string) {
    super('VALIDATION_ERROR', message);
    this.name = 'ValidationError';
  }
}

/**
 * Everything `app.synth()` found wrong with the tree as a whole (duplicates, cycles, references
 * across stacks, plus every construct's own deferred validations), reported together so that one
 * run shows every problem.
 */
export class SynthError extends ConstructError {
  /** One message per problem, each starting with a construct path. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      'SYNTH_ERROR',
      `synth found ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'SynthError';
    this.problems = problems.map(escapeUnsafe);
  }
}
