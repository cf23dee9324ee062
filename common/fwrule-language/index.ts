/**
 * Triton's firewall rule language (sdc-fwrule): parse a rule at synth and in the emulator with one
 * grammar, and render the canonical text CloudAPI answers with.
 */
export { FirewallRuleSyntaxError, FirewallSpecError } from './errors.js';
export { isIPv4, isIPv6, subnetProblem } from './addresses.js';
export { MAX_PROTOCOL_TARGETS, MAX_TARGETS_PER_SIDE, parseFirewallRule, tryParseFirewallRule } from './parse.js';
export {
  canonicalFirewallRule,
  canonicalRule,
  canonicalSide,
  firewallRuleText,
  fwapiIcmpOrder,
  quoteTag,
} from './render.js';
export { FIREWALL_PROTOCOLS } from './rule.js';
export type {
  FirewallAction,
  FirewallIcmpType,
  FirewallPort,
  FirewallProtocol,
  FirewallTarget,
  ParsedFirewallRule,
} from './rule.js';
export { ruleFromSpec } from './build.js';
export type { FirewallRuleSpec, FirewallSideSpec, FirewallTargetSpec, IFirewallTarget } from './build.js';
export { instancePlaceholder, matchesWithIds, placeholdersIn, withInstanceIds } from './instance-placeholders.js';
