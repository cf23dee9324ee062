/**
 * A rule that does not follow the access-control language.
 *
 * The message always ends in `at position N` (a 0-based character offset into the rule) so that a
 * user can find the spot; the emulator returns it verbatim in a 409.
 */
import { TritonIacError, type ErrorHints } from '../errors.js';

/** A rule that does not parse; its `code` is `POLICY_SYNTAX_ERROR` whatever the mistake. */
export class PolicySyntaxError extends TritonIacError {
  static override readonly hints: ErrorHints<'POLICY_SYNTAX_ERROR'> = {
    POLICY_SYNTAX_ERROR:
      'Fix the rule at the position named above; a rule reads like `CAN listmachines AND getmachine`, optionally followed by a condition (`IF ...`).',
  };
  /** Stable code, the same for every syntax error. */
  readonly code = 'POLICY_SYNTAX_ERROR';
  /** The rule text that failed to parse. */
  readonly rule: string;
  /** 0-based character offset of the offending token (the rule's length at the end of input). */
  readonly position: number;
  /** Set when the error is an unknown condition name: that name. */
  readonly conditionName?: string;

  constructor(message: string, rule: string, position: number, conditionName?: string) {
    super(message);
    this.name = 'PolicySyntaxError';
    this.rule = rule;
    this.position = position;
    if (conditionName !== undefined) this.conditionName = conditionName;
  }
}
