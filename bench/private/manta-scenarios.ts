/**
 * Scenario 5: a tree of small objects uploaded by triton-iac (`StorObject`s in one apply) and by
 * the vendor tools (`msync` of the local tree; `mput` in a loop, one process per object, over a
 * sample), and one large object (`mput` sends one streaming PUT; so does triton-iac below its 1 GiB
 * multipart threshold, `--big-mb 1024` measures its parallel multipart upload instead).
 */
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startCloud } from './cloud.js';
import { sampleOf, type SampleSet } from './sample.js';
import { firstError, iac, mantaTool } from './tools.js';
import { writeBigObject, writeTree } from './workload.js';

const LATENCY_MS = 20;
const W0 = ['--consistency-window-ms', '0'];

/**
 * Runs the tree upload once with `n` objects. `mputSample` objects go up with one `mput` process
 * each; the figure is scaled to `n` and marked as extrapolated when the sample is smaller.
 */
export async function runTreeScenario(key: TestKeyPair, n: number, mputSample: number, set: SampleSet): Promise<void> {
  const ours = await startCloud(key, { latencyMs: LATENCY_MS });
  const theirs = await startCloud(key, { latencyMs: LATENCY_MS });
  try {
    const tree = writeTree(ours.cwd, n);
    const theirTree = writeTree(theirs.cwd, n);

    await ours.resetCounts();
    const m = await iac(ours, ['apply', tree.manifest, '--auto-approve', ...W0]);
    set.add('manta-tree', n, 'triton-iac', sampleOf(m, await ours.counts(), firstError(m)));

    await theirs.resetCounts();
    const s = await mantaTool(theirs, 'msync', [theirTree.localRoot, '/acme/stor/tree']);
    set.add('manta-tree', n, 'msync', sampleOf(s, await theirs.counts(), firstError(s)));

    // mput, one process per object, into a fresh directory (`-p` makes the parents).
    const count = Math.min(n, mputSample);
    await theirs.resetCounts();
    let wallMs = 0;
    let peak = 0;
    let failures = 0;
    let error: string | null = null;
    for (const f of theirTree.files.slice(0, count)) {
      const r = await mantaTool(theirs, 'mput', [
        '-p',
        '-f',
        f.local,
        f.remote.replace('/stor/tree/', '/stor/tree-mput/'),
      ]);
      wallMs += r.wallMs;
      peak = Math.max(peak, r.peakRssMb ?? 0);
      if (r.code !== 0) {
        failures++;
        error ??= firstError(r);
      }
    }
    const counts = await theirs.counts();
    const scale = n / count;
    const scaled = {
      cloudapi: counts.cloudapi,
      manta: Object.fromEntries(Object.entries(counts.manta).map(([k, v]) => [k, Math.round(v * scale)])),
      total: Math.round(counts.total * scale),
    };
    set.add('manta-tree', n, 'mput loop', {
      wallMs: Math.round(wallMs * scale),
      peakRssMb: peak,
      exitCode: failures === 0 ? 0 : 1,
      requests: scaled,
      error,
      notes: { measuredObjects: count, extrapolated: count < n, measuredWallMs: Math.round(wallMs), failures },
    });
  } finally {
    await Promise.all([ours.close(), theirs.close()]);
  }
}

/** Runs the large-object upload once with a file of `mb` MiB. */
export async function runBigObjectScenario(key: TestKeyPair, mb: number, set: SampleSet): Promise<void> {
  const ours = await startCloud(key, { latencyMs: LATENCY_MS });
  const theirs = await startCloud(key, { latencyMs: LATENCY_MS });
  try {
    const big = writeBigObject(ours.cwd, mb);
    await ours.resetCounts();
    const m = await iac(ours, ['apply', big.manifest, '--auto-approve', ...W0]);
    set.add('big-object', mb, 'triton-iac', sampleOf(m, await ours.counts(), firstError(m)));

    await theirs.resetCounts();
    const v = await mantaTool(theirs, 'mput', ['-f', big.file, '/acme/stor/big.bin']);
    set.add('big-object', mb, 'mput', sampleOf(v, await theirs.counts(), firstError(v)));
  } finally {
    await Promise.all([ours.close(), theirs.close()]);
  }
}
