/**
 * The error `triton-iac/testing` throws for a mistake in a test's own input (a kind, an address, a
 * user or a path that the stack does not have). An assertion that does not hold is not one of
 * these: it is a plain `AssertionError` of `node:assert`, which every test runner reports as a
 * failure.
 */
import { TritonIacError, type ErrorHints } from '../common/errors.js';

/** The stable codes of {@link TestingError}. */
export type TestingErrorCode =
  /** A kind, address, stack, user, action or path given to a testing helper that cannot be used. */
  'TESTING_INPUT_INVALID';

/** A testing helper was asked something it cannot answer: the message names the argument, its value and the rule. */
export class TestingError extends TritonIacError {
  static override readonly hints: ErrorHints<TestingErrorCode> = {
    TESTING_INPUT_INVALID:
      'Fix the argument the message names: the kinds, addresses, sub-users and paths are those of the synthesized stack (docs/testing.md).',
  };
  override readonly name = 'TestingError';
  /** Which problem this is. */
  readonly code: TestingErrorCode = 'TESTING_INPUT_INVALID';
}
