/**
 * The errors of the construct library. One base class with a stable `code` (STYLE.md): callers
 * branch on `code`, people read `message`.
 */
import { escapeUnsafe, escapeUnsafeLines } from '../common/rules/safe-text.js';

/** Base class of every error the construct library throws. */
export class ConstructError extends Error {
  /** Stable machine-readable code. */
  readonly code: string;

  constructor(code: string, message: string) {
    // A construct path or a value may hold a control character: none reaches a terminal raw.
    super(escapeUnsafeLines(message));
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
    super('ValidationError', message);
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
      'SynthError',
      `synth found ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'SynthError';
    this.problems = problems.map(escapeUnsafe);
  }
}
