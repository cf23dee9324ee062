/**
 * A pause before each measured run, so that one run's aftermath does not land on the next: the
 * no-op plan measured right after the vendor's 24-second apply of 1,000 objects took 470-510 ms,
 * the same plan after a 3 s pause 439-442 ms (the benchmark process's own emulators and garbage
 * collector were still busy with the apply). Both tools get it. `BENCH_COOL_DOWN_MS` changes it.
 */
const COOL_DOWN_MS = Number(process.env['BENCH_COOL_DOWN_MS'] ?? 2000);

function coolDown(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, COOL_DOWN_MS));
}

/**
 * The RBAC scenarios: for one size, the RBAC set applied from scratch by triton-iac and by `triton
 * rbac apply` (each against its own, identical emulator), a no-op plan, a drift check after one
 * out-of-band change, and the initial apply again under a consistency window (3 s by default);
 * and the growth scenario, triton-iac alone at growing sizes.
 */
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startCloud, type BenchCloud } from './cloud.js';
import type { Measured } from './proc.js';
import { sampleOf, type SampleSet } from './sample.js';
import { firstError, iac, triton } from './tools.js';
import { writeRbacSet } from './workload.js';

const LATENCY_MS = 20;
const RBAC = ['rbac.json', '--account', 'acme'];

async function counted(
  cloud: BenchCloud,
  run: () => Promise<Measured>,
): Promise<{ m: Measured; requests: Awaited<ReturnType<BenchCloud['counts']>> }> {
  await coolDown();
  await cloud.resetCounts();
  const m = await run();
  return { m, requests: await cloud.counts() };
}

/** Counts the changes a triton-iac text plan reports (`Plan: A to add, C to change, …`). */
function planCounts(out: string): Record<string, number> | null {
  const m = /Plan: (\d+) to add, (\d+) to change, (\d+) to replace, (\d+) to destroy, (\d+) to adopt/.exec(out);
  if (m)
    return {
      add: Number(m[1]),
      change: Number(m[2]),
      replace: Number(m[3]),
      destroy: Number(m[4]),
      adopt: Number(m[5]),
    };
  return /No changes\./.test(out) ? { add: 0, change: 0, replace: 0, destroy: 0, adopt: 0 } : null;
}

/** Lines of `triton rbac apply` output or errors that report a failed call. */
function vendorErrors(m: Measured): number {
  return `${m.stdout}\n${m.stderr}`.split('\n').filter((l) => /error|TypeError|failed/i.test(l) && !/^\s+at /.test(l))
    .length;
}

/** Runs scenarios 1–3 once at size `n`, adding a sample per tool and scenario to `set`. */
export async function runRbacScenarios(key: TestKeyPair, n: number, set: SampleSet): Promise<void> {
  const ours = await startCloud(key, { latencyMs: LATENCY_MS });
  const theirs = await startCloud(key, { latencyMs: LATENCY_MS });
  try {
    const { logins } = writeRbacSet(ours.cwd, n);
    writeRbacSet(theirs.cwd, n);
    const w0 = ['--consistency-window-ms', '0'];

    let r = await counted(ours, () => iac(ours, ['apply', ...RBAC, '--auto-approve', ...w0]));
    set.add('initial-apply', n, 'triton-iac', sampleOf(r.m, r.requests, firstError(r.m)));
    r = await counted(theirs, () => triton(theirs, ['rbac', 'apply', '-y', '-f', 'rbac.json']));
    set.add('initial-apply', n, 'triton', sampleOf(r.m, r.requests, firstError(r.m)));

    r = await counted(ours, () => iac(ours, ['plan', ...RBAC, ...w0]));
    set.add('noop-plan', n, 'triton-iac', sampleOf(r.m, r.requests, firstError(r.m), { plan: planCounts(r.m.stdout) }));
    r = await counted(theirs, () => triton(theirs, ['rbac', 'apply', '-n', '-f', 'rbac.json']));
    set.add('noop-plan', n, 'triton', sampleOf(r.m, r.requests, firstError(r.m)));

    // One out-of-band change on each cloud: a user's email edited behind the tool's back.
    const victim = logins[Math.floor(logins.length / 2)]!;
    for (const cloud of [ours, theirs]) {
      const user = await cloud.cloudapi.getUser(victim);
      await cloud.cloudapi.updateUser(user.id, { email: `${victim}@elsewhere.example` });
    }
    r = await counted(ours, () => iac(ours, ['drift', ...RBAC, ...w0, '--json']));
    const drifted = (() => {
      try {
        return (JSON.parse(r.m.stdout) as { drifted: { address: string }[] }).drifted.map((d) => d.address);
      } catch {
        return null;
      }
    })();
    // `drift` exits 2 when it found drift, which is the expected outcome here.
    set.add('drift', n, 'triton-iac', sampleOf(r.m, r.requests, r.m.code === 2 ? null : firstError(r.m), { drifted }));
    r = await counted(theirs, () => triton(theirs, ['rbac', 'apply', '-n', '-f', 'rbac.json']));
    set.add(
      'drift',
      n,
      'triton',
      sampleOf(r.m, r.requests, firstError(r.m), { reportsChange: r.m.stdout.includes(victim) }),
    );
  } finally {
    await Promise.all([ours.close(), theirs.close()]);
  }
}

/**
 * Scenario 4 once at size `n`: the initial apply against emulators with a consistency window
 * (stale reads and not-yet-visible references), then a triton-iac plan of each result: after
 * triton-iac it must show no changes; after the vendor CLI, anything but adoptions is work it left
 * undone.
 */
export async function runWindowScenario(key: TestKeyPair, n: number, windowMs: number, set: SampleSet): Promise<void> {
  const ours = await startCloud(key, { latencyMs: LATENCY_MS, consistencyWindowMs: windowMs, seed: n });
  const theirs = await startCloud(key, { latencyMs: LATENCY_MS, consistencyWindowMs: windowMs, seed: n });
  try {
    writeRbacSet(ours.cwd, n);
    writeRbacSet(theirs.cwd, n);
    const w = ['--consistency-window-ms', String(windowMs)];
    let r = await counted(ours, () => iac(ours, ['apply', ...RBAC, '--auto-approve', ...w]));
    const failed = /(\d+) failed/.exec(r.m.stdout)?.[1];
    let after = await iac(ours, ['plan', ...RBAC, ...w]);
    set.add(
      'window-apply',
      n,
      'triton-iac',
      sampleOf(r.m, r.requests, firstError(r.m), {
        finished: r.m.code === 0,
        errors: failed ? Number(failed) : r.m.code === 0 ? 0 : 1,
        planAfter: planCounts(after.stdout),
      }),
    );

    r = await counted(theirs, () => triton(theirs, ['rbac', 'apply', '-y', '-f', 'rbac.json']));
    after = await iac(theirs, ['plan', ...RBAC, ...w]);
    set.add(
      'window-apply',
      n,
      'triton',
      sampleOf(r.m, r.requests, firstError(r.m), {
        finished: r.m.code === 0,
        errors: vendorErrors(r.m),
        planAfter: planCounts(after.stdout),
      }),
    );
  } finally {
    await Promise.all([ours.close(), theirs.close()]);
  }
}

/**
 * The growth scenario: triton-iac alone (no vendor run: `triton rbac apply` would take minutes at
 * N = 10,000) applies the RBAC set from scratch at growing sizes, so that the time per object can be
 * compared from 100 to 10,000. Flat time per object means the apply grows linearly.
 */
export async function runScaleScenario(key: TestKeyPair, n: number, set: SampleSet): Promise<void> {
  const cloud = await startCloud(key, { latencyMs: LATENCY_MS });
  try {
    writeRbacSet(cloud.cwd, n);
    const { m, requests } = await counted(cloud, () =>
      iac(cloud, ['apply', ...RBAC, '--auto-approve', '--consistency-window-ms', '0']),
    );
    set.add(
      'scale-apply',
      n,
      'triton-iac',
      sampleOf(m, requests, firstError(m), { msPerObject: Math.round((m.wallMs / n) * 100) / 100 }),
    );
  } finally {
    await cloud.close();
  }
}
