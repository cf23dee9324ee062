/**
 * `FLEET_SIZE` instances of package `FLEET_PACKAGE` (default one `g4-highcpu-1G`), for the
 * provisioning-limits e2e test.
 */
import { Instance, TritonApp, TritonStack } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** Builds the stack. */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'fleet', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/fleet.state.json' },
  });
  const size = Number(process.env['FLEET_SIZE'] ?? '1');
  for (let i = 0; i < size; i++)
    new Instance(stack, `w${i}`, {
      name: `fleet-${i}`,
      image: BASE_64,
      package: process.env['FLEET_PACKAGE'] ?? 'g4-highcpu-1G',
    });
  return app;
}
