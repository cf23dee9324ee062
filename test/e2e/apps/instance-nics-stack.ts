/**
 * One instance whose networks the NIC e2e test changes: `NICS_VARIANT` picks them (`one`: the
 * private network; `two`: and the public one; `swapped`: the public one first, a new primary;
 * `unknown`: and a network that does not exist; `none`: an empty list, refused at synth).
 */
import { Instance, TritonApp, TritonStack } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const PRIVATE_NET = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const PUBLIC_NET = '9ec60129-9034-47b4-b111-3026f9b1a10f';
const NETWORKS: Readonly<Record<string, string[]>> = {
  one: [PRIVATE_NET],
  two: [PRIVATE_NET, PUBLIC_NET],
  swapped: [PUBLIC_NET, PRIVATE_NET],
  unknown: [PRIVATE_NET, '0badbeef-0000-4000-8000-000000000000'],
  none: [],
};

/** Builds the stack for the variant in NICS_VARIANT (default `one`). */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'nics', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/nics.state.json' },
  });
  new Instance(stack, 'web', {
    name: 'nic-web',
    image: BASE_64,
    package: 'g4-highcpu-1G',
    networks: NETWORKS[process.env['NICS_VARIANT'] ?? 'one']!,
    state: process.env['NICS_STOPPED'] === '1' ? 'stopped' : 'running',
  });
  return app;
}
