/**
 * The growth scenario: triton-iac alone (no vendor run: `triton rbac apply` would take minutes at
 * N = 10,000) applies the RBAC set from scratch at growing sizes, so that the time per object can be
 * compared from 100 to 10,000. Flat time per object means the apply grows linearly.
 */
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startCloud } from './cloud.js';
import { sampleOf, type SampleSet } from './sample.js';
import { firstError, iac } from './tools.js';
import { writeRbacSet } from './workload.js';

const LATENCY_MS = 20;

/** Applies the RBAC set of `n` objects once, from scratch, as scenario `scale-apply`. */
export async function runScaleScenario(key: TestKeyPair, n: number, set: SampleSet): Promise<void> {
  const cloud = await startCloud(key, { latencyMs: LATENCY_MS });
  try {
    writeRbacSet(cloud.cwd, n);
    await cloud.resetCounts();
    const m = await iac(cloud, [
      'apply',
      'rbac.json',
      '--account',
      'acme',
      '--auto-approve',
      '--consistency-window-ms',
      '0',
    ]);
    set.add(
      'scale-apply',
      n,
      'triton-iac',
      sampleOf(m, await cloud.counts(), firstError(m), { msPerObject: Math.round((m.wallMs / n) * 100) / 100 }),
    );
  } finally {
    await cloud.close();
  }
}
