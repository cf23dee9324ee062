/**
 * A firewall rule that does not follow Triton's firewall rule language (sdc-fwrule), or that the
 * language accepts but the server refuses (a port out of range, a rule that affects no instance).
 *
 * The message names the character position (0-based, as sdc-fwrule counts) so that a user can find
 * the spot; the emulator returns the message in its `InvalidArgument` answer.
 */
export class FirewallRuleSyntaxError extends Error {
  /** Stable code, the same for every firewall rule error. */
  readonly code = 'FirewallRuleSyntaxError';
  /** The rule text that failed. */
  readonly rule: string;
  /** 0-based character offset of the offending token (the rule's length at its end). */
  readonly position: number;

  constructor(message: string, rule: string, position: number) {
    super(message);
    this.name = 'FirewallRuleSyntaxError';
    this.rule = rule;
    this.position = position;
  }
}
