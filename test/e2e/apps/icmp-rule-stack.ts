/**
 * One firewall rule with ICMP types, a bare type beside the same type with a code, in the order
 * `ICMP_TYPES` gives (for the ICMP-order e2e test).
 */
import { FirewallRule, TritonApp, TritonStack } from '../../../index.js';

/** Builds the stack. */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'icmp', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/icmp.state.json' },
  });
  new FirewallRule(stack, 'ping', {
    rule: `FROM any TO all vms ALLOW icmp (${process.env['ICMP_TYPES'] ?? 'TYPE 8 CODE 0 AND TYPE 8'})`,
    enabled: true,
  });
  return app;
}
