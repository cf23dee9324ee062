/**
 * One instance for the tainted-create e2e test: with `FAIL_PROVISION` set, its metadata carries the
 * emulator-only key that makes its provisioning fail (emulator/README.md, Instances).
 */
import { Instance, TritonApp, TritonStack } from '../../../index.js';

/** Builds the stack; the instance fails to provision when FAIL_PROVISION is set. */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'tainted', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/tainted.state.json' },
  });
  new Instance(stack, 'web', {
    name: 'tainted-web',
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
    metadata: process.env['FAIL_PROVISION'] ? { 'triton-iac-emulator:fail-provision': 'yes' } : { role: 'web' },
  });
  return app;
}
