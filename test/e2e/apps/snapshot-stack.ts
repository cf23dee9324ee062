/**
 * A stack with one instance and a snapshot of it, for the instance-snapshot e2e test:
 * `SNAPSHOT_VARIANT` picks the declaration (`first`: snapshot `before-upgrade`; `renamed`: snapshot
 * `after-upgrade`, a replacement; `stopped`: as `renamed`, the instance declared stopped; `none`: the
 * snapshot removed), so one working directory walks the snapshot through its life as a user editing
 * the stack would. `SNAPSHOT_AFFINITY` gives the instance an affinity rule (a new one replaces it).
 */
import { Instance, InstanceSnapshot, TritonApp, TritonStack } from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** Builds the stack for the variant in SNAPSHOT_VARIANT (default `first`). */
export default function build(): TritonApp {
  const variant = process.env['SNAPSHOT_VARIANT'] ?? 'first';
  const app = new TritonApp();
  const stack = new TritonStack(app, 'snaps', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/snaps.state.json' },
  });
  // SNAPSHOT_AFFINITY (optional): an affinity rule, fixed at create, so a new one replaces the instance.
  const affinity = process.env['SNAPSHOT_AFFINITY'];
  const web = new Instance(stack, 'web', {
    name: 'snap-web',
    image: BASE_64,
    package: 'g4-highcpu-1G',
    state: variant === 'stopped' ? 'stopped' : 'running',
    ...(affinity !== undefined ? { affinity: [affinity] } : {}),
  });
  if (variant !== 'none')
    new InstanceSnapshot(stack, 'backup', {
      instance: web,
      name: variant === 'first' ? 'before-upgrade' : 'after-upgrade',
    });
  return app;
}
