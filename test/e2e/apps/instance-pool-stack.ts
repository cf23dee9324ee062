/**
 * One instance on network pools, for the pool e2e test: `POOL_VARIANT` picks its networks (`pool`:
 * the public pool first, then the private network; `added`: and the private pool too).
 */
import { Instance, TritonApp, TritonStack } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const PUBLIC_POOL = '0c7e5f4a-3d2b-4a1c-8e9f-7a6b5c4d3e21';
const PRIVATE_POOL = '0c7e5f4a-3d2b-4a1c-8e9f-7a6b5c4d3e22';
const INTERNAL = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const NETWORKS: Readonly<Record<string, string[]>> = {
  pool: [PUBLIC_POOL, INTERNAL],
  added: [PUBLIC_POOL, INTERNAL, PRIVATE_POOL],
};

/** Builds the stack for the variant in POOL_VARIANT (default `pool`). */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'pools', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/pools.state.json' },
  });
  new Instance(stack, 'web', {
    name: 'pool-web',
    image: BASE_64,
    package: 'g4-highcpu-1G',
    networks: NETWORKS[process.env['POOL_VARIANT'] ?? 'pool']!,
  });
  return app;
}
