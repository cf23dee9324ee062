/**
 * The snapshot refusals of sdc-cloudapi and VMAPI, seen through the vendor `triton` CLI: a machine
 * still provisioning cannot be snapshotted (VMAPI's 409 UnallocatedVM), and deleting a snapshot
 * that does not exist names it (snapshots.js "<name> not found").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton, type VendorTriton } from './support/vendor-triton.js';

const BASE_IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

let t: TestEmulator;
let vendor: VendorTriton;

beforeAll(async () => {
  // An hour of provisioning: the machine is still provisioning whatever the machine's load.
  t = await startTestEmulator({ provisionMs: 3_600_000 });
  vendor = vendorTriton(t, 'triton-snap-');
});
afterAll(async () => {
  await t.close();
});

describe('snapshot refusals against the emulator', () => {
  it('refuses to snapshot a machine that is still provisioning, with VMAPI code and message', async () => {
    await vendor.triton('instance', 'create', '-n', 'slow-boot', BASE_IMAGE, 'g4-highcpu-1G');
    const err = await vendor.tritonFails('instance', 'snapshot', 'create', '-n', 'early', 'slow-boot');
    expect(err).toMatch(/Cannot call create_snapshot for a VM that has not been provisioned yet/);
    expect((await vendor.triton('instance', 'snapshot', 'list', '-H', 'slow-boot')).trim()).toBe('');
  });

  it('names the snapshot a delete cannot find', async () => {
    const err = await vendor.tritonFails('instance', 'snapshot', 'delete', '--force', 'slow-boot', 'never-taken');
    expect(err).toMatch(/never-taken not found/);
  });
});
