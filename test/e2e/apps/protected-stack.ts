/**
 * An instance with deletion protection, a snapshot of it and a firewall rule naming it, for the
 * deletion-protection e2e test: `PROTECTED_VARIANT` picks the declaration (`on`: protected;
 * `replace`: protected, from another image, a replacement; `off`: the protection lifted).
 */
import { FirewallRule, Instance, InstanceSnapshot, TritonApp, TritonStack } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const DEBIAN_12 = '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21';

/** Builds the stack for the variant in PROTECTED_VARIANT (default `on`). */
export default function build(): TritonApp {
  const variant = process.env['PROTECTED_VARIANT'] ?? 'on';
  const app = new TritonApp();
  const stack = new TritonStack(app, 'guarded', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/guarded.state.json' },
  });
  const db = new Instance(stack, 'db', {
    name: 'guarded-db',
    image: variant === 'replace' ? DEBIAN_12 : BASE_64,
    package: 'g4-highcpu-1G',
    deletionProtection: variant !== 'off',
  });
  new InstanceSnapshot(stack, 'nightly', { instance: db, name: 'nightly' });
  new FirewallRule(stack, 'pg', { rule: FirewallRule.allow({ from: 'any', to: db, ports: [5432] }), enabled: true });
  return app;
}
