/**
 * A firewall rule refusal as FWAPI answers it, worded by sdc-fwrule (`lib/index.js`): its checks of
 * ports, ICMP types, UUIDs, addresses, subnets and priorities (`validators.InvalidParamError`) carry
 * no position, and a syntax error is jison's `parseError`: `Error at character N: '<text>', …`.
 * The shared rule language (`common/fwrule-language/`) words every error for a user at synth, with
 * the position first and the allowed range after; this turns that into the server's words.
 */
import type { FirewallRuleSyntaxError } from '../../../common/fwrule-language/index.js';

/** The hints the shared language adds after sdc-fwrule's own sentence. */
const HINT = / \((?:1 to 65535|0 to 255|lower-case, 8-4-4-4-12 hex|a whole number from 0 to 100)\)$/;

/** The server's message for a rule the language refused. */
export function fwruleServerMessage(error: FirewallRuleSyntaxError): string {
  const m = /^at character (\d+): (.*)$/s.exec(error.message);
  if (m === null) return error.message;
  const [, at, rest] = m as unknown as [string, string, string];
  const expected = /^expected (.*); found (.*)$/s.exec(rest);
  if (expected === null) return rest.replace(HINT, '');
  // jison's parseError: the token's text, the expected token names and the token found.
  const found = expected[2]!.replace(/^"(.*)"$/, '$1');
  const text = found === 'the end of the rule' ? '' : found;
  return `Error at character ${at}: '${text}', expected: ${expected[1]!}, found: ${found === 'the end of the rule' ? 'EOF' : found}`;
}
