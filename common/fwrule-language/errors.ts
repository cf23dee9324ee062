/**
 * The errors of the firewall rule language: a rule that does not follow Triton's firewall rule
 * language (sdc-fwrule) or that the language accepts but the server refuses (a port out of range, a
 * rule that affects no instance), and a rule described as data in the wrong shape.
 */
import { TritonIacError, type ErrorHints } from '../errors.js';

/**
 * A rule that does not parse or that the server would refuse; its `code` is
 * `FIREWALL_RULE_SYNTAX_ERROR` whatever the mistake. The message names the character position
 * (0-based, as sdc-fwrule counts) so that a user can find the spot; the emulator answers it in
 * FWAPI's `InvalidParameters` entry for the field `rule`.
 */
export class FirewallRuleSyntaxError extends TritonIacError {
  static override readonly hints: ErrorHints<'FIREWALL_RULE_SYNTAX_ERROR'> = {
    FIREWALL_RULE_SYNTAX_ERROR:
      'Fix the rule at the character named above; a rule reads like `FROM any TO tag "role" = "web" ALLOW tcp PORT 443` (keywords all upper or all lower case).',
  };
  /** Stable code, the same for every firewall rule error. */
  readonly code = 'FIREWALL_RULE_SYNTAX_ERROR';
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

/** A rule described as data (`FirewallRule.allow`) in the wrong shape, naming the field. */
export class FirewallSpecError extends TritonIacError {
  static override readonly hints: ErrorHints<'FIREWALL_RULE_SPEC_INVALID'> = {
    FIREWALL_RULE_SPEC_INVALID:
      "Give each side as 'any', 'all-vms', { ip }, { subnet }, { tag: name }, { tag: [name, value] }, { vm } or an object with firewallTargets(), and whole numbers for ports, types and the priority.",
  };
  readonly code = 'FIREWALL_RULE_SPEC_INVALID';

  constructor(
    /** The field of the spec that is wrong (`from[1]`, `ports[0]`). */
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'FirewallSpecError';
  }
}
