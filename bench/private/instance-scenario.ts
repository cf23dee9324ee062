/**
 * The instance scenario (issue 27's speed figure): `n` instances at 20 ms latency and a real
 * cloud's provisioning time (30 s by default), applied by triton-iac, which does not hold a slot
 * while an instance boots, so the apply should take about one provisioning time plus a few round
 * trips; against the vendor `triton instance create -w` in a loop (one provisioning time each: it
 * is measured on `loopCount` instances and its figure scaled to `n`, said so in its notes), and
 * one `triton instance create` per instance, all started at once, then `triton instance list`
 * until every one runs (what a script without `-w` has to do). Each tool has its own emulator.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Instance, TritonApp, TritonStack } from '../../index.js';
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startCloud, type BenchCloud } from './cloud.js';
import type { Measured } from './proc.js';
import { sampleOf, type SampleSet } from './sample.js';
import { firstError, iac, triton } from './tools.js';

const LATENCY_MS = 20;
const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const PACKAGE = 'g4-highcpu-1G';

/** The manifest of `n` instances `bench-<i>`. */
function writeInstances(dir: string, n: number): string {
  const app = new TritonApp({ generator: 'triton-iac bench' });
  const stack = new TritonStack(app, 'fleet', { account: 'acme' });
  for (let i = 0; i < n; i++) new Instance(stack, `vm-${i}`, { name: `bench-${i}`, image: IMAGE, package: PACKAGE });
  const manifest = join(dir, 'fleet.manifest.json');
  writeFileSync(manifest, JSON.stringify(app.synth()));
  return manifest;
}

async function running(cloud: BenchCloud): Promise<number> {
  return (await cloud.cloudapi.listMachines()).filter((m) => m.state === 'running').length;
}

/** Sums measured runs into one: wall time end to end, the worst exit code, the first error. */
function summed(runs: readonly Measured[], wallMs: number): Measured {
  const failed = runs.find((r) => r.code !== 0);
  return {
    code: failed?.code ?? 0,
    wallMs,
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb ?? 0)) || null,
    cpuMs: runs.every((r) => r.cpuMs !== null) ? runs.reduce((sum, r) => sum + r.cpuMs!, 0) : null,
    stdout: failed?.stdout ?? '',
    stderr: failed?.stderr ?? '',
  };
}

/**
 * Runs the three ways once, adding a sample each to `set` under scenario `instances`.
 * @param loopCount how many instances the `create -w` loop really creates (its time is scaled to `n`)
 */
export async function runInstanceScenario(
  key: TestKeyPair,
  n: number,
  provisionMs: number,
  loopCount: number,
  set: SampleSet,
): Promise<void> {
  const options = { latencyMs: LATENCY_MS, provisionMs, machineLimit: n + 10 };
  const settings = { provisionMs, latencyMs: LATENCY_MS };

  const ours = await startCloud(key, options);
  try {
    const manifest = writeInstances(ours.cwd, n);
    await ours.resetCounts();
    const m = await iac(ours, ['apply', manifest, '--auto-approve', '--consistency-window-ms', '0']);
    const up = await running(ours);
    set.add(
      'instances',
      n,
      'triton-iac',
      sampleOf(m, await ours.counts(), firstError(m), { ...settings, running: up }),
    );
  } finally {
    await ours.close();
  }

  const loop = await startCloud(key, options);
  try {
    await loop.resetCounts();
    const runs: Measured[] = [];
    const started = performance.now();
    for (let i = 0; i < loopCount; i++)
      runs.push(await triton(loop, ['instance', 'create', '-w', '-n', `bench-${i}`, IMAGE, PACKAGE]));
    const measuredMs = performance.now() - started;
    const m = summed(runs, (measuredMs / loopCount) * n);
    set.add(
      'instances',
      n,
      'triton create -w loop',
      sampleOf(m, await loop.counts(), firstError(m), {
        ...settings,
        measuredInstances: loopCount,
        measuredMs: Math.round(measuredMs),
        scaledTo: n,
        running: await running(loop),
      }),
    );
  } finally {
    await loop.close();
  }

  const parallel = await startCloud(key, options);
  try {
    await parallel.resetCounts();
    const started = performance.now();
    const runs = await Promise.all(
      Array.from({ length: n }, (_, i) => triton(parallel, ['instance', 'create', '-n', `bench-${i}`, IMAGE, PACKAGE])),
    );
    // Without -w the creates answer at once; the instances are ready when a listing shows them running.
    let polls = 0;
    while ((await running(parallel)) < n && runs.every((r) => r.code === 0)) {
      polls++;
      runs.push(await triton(parallel, ['instance', 'list', '-H', '-o', 'name,state']));
    }
    const m = summed(runs, performance.now() - started);
    set.add(
      'instances',
      n,
      'triton create in parallel',
      sampleOf(m, await parallel.counts(), firstError(m), {
        ...settings,
        listPolls: polls,
        running: await running(parallel),
      }),
    );
  } finally {
    await parallel.close();
  }
}
