/**
 * The runs of `bench/speed-goals.ts` (issue 45, goals 1, 3 and 4), each the whole CLI process as a
 * user starts it, against its own emulator with a given latency per request:
 * - RBAC: `triton-iac apply rbac.json` from scratch, then its no-op plan; beside it, on an identical
 *   emulator, `triton rbac apply -y` of the same file.
 * - The tree: a TypeScript app with one `StorTree` over 1,000 files on disk (bench/private/
 *   user-tree-scenario.ts), applied from a fresh project (cold: no bundle cache), planned with
 *   nothing changed (cold, then warm), and applied again after 10 files changed; beside it `msync`
 *   of the same folder, then `msync -d` after the same 10 files changed.
 *
 * Cold and warm: the app's bundle is cached in the project's `node_modules/.cache/triton-iac`
 * (cli/private/program-bundle-cache.ts). Cold = that directory removed just before the run (a fresh
 * project has none); warm = the run right after another command of the same app. The CLI's own code
 * cache ships with the build and is always there, as for a user; the OS page cache is never dropped.
 */
import { appendFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { TestKeyPair } from '../../scripts/support/keys.js';
import { startCloud, type BenchCloud } from './cloud.js';
import type { Measured } from './proc.js';
import { firstError, iac, mantaTool, triton, type ToolEnv } from './tools.js';
import { tsxTmpDir, writeProject } from './user-tree-scenario.js';
import { writeRbacSet, writeTree } from './workload.js';

/** What was run. */
export type SpeedScenario = 'rbac-apply' | 'rbac-noop' | 'tree-upload' | 'tree-noop' | 'tree-change';

/** One measured (or, for the vendor at 1,000 objects and high latency, computed) run. */
export interface SpeedRun {
  readonly scenario: SpeedScenario;
  readonly n: number;
  readonly latencyMs: number;
  readonly tool: 'triton-iac' | 'triton rbac apply' | 'msync' | 'msync -d';
  /** The app's bundle cache for a triton-iac run of the tree app. */
  readonly cache?: 'cold' | 'warm';
  readonly wallMs: number;
  /** The process's user + system CPU (`/usr/bin/time`), or null. */
  readonly cpuMs: number | null;
  /** Requests the emulator counted during the run (every service). */
  readonly requests: number;
  /** The same by service and operation (`manta.PutObject`, …). */
  readonly byOperation?: Readonly<Record<string, number>>;
  readonly exitCode: number;
  readonly error: string | null;
  readonly load1: number;
  /** Set when the figure is computed rather than measured: how. */
  readonly computed?: string;
}

const W0 = ['--consistency-window-ms', '0'];
const RBAC = ['rbac.json', '--account', 'acme'];
/** Files changed for the change apply: this many, spread over the tree's directories. */
export const CHANGED_FILES = 10;

/**
 * A pause before each measured run, so that one run's aftermath (the emulators and garbage
 * collector of this process) does not land on the next; `BENCH_COOL_DOWN_MS` changes it.
 */
const COOL_DOWN_MS = Number(process.env['BENCH_COOL_DOWN_MS'] ?? 1000);

/** Runs `run` on `cloud` after the cool-down, with the emulator's counters reset before it. */
async function counted(cloud: BenchCloud, run: () => Promise<Measured>): Promise<Counted> {
  await new Promise((resolve) => setTimeout(resolve, COOL_DOWN_MS));
  await cloud.resetCounts();
  const m = await run();
  const counts = await cloud.counts();
  const byOperation: Record<string, number> = {};
  for (const service of ['cloudapi', 'manta'] as const)
    for (const [op, count] of Object.entries(counts[service] ?? {}))
      if (count > 0) byOperation[`${service}.${op}`] = count;
  return { m, requests: counts.total, byOperation };
}

interface Counted {
  readonly m: Measured;
  readonly requests: number;
  readonly byOperation: Record<string, number>;
}

function runOf(
  base: Pick<SpeedRun, 'scenario' | 'n' | 'latencyMs' | 'tool' | 'cache'>,
  r: Counted,
  error: string | null = firstError(r.m),
): SpeedRun {
  return {
    ...base,
    wallMs: Math.round(r.m.wallMs),
    cpuMs: r.m.cpuMs,
    requests: r.requests,
    byOperation: r.byOperation,
    exitCode: r.m.code,
    error,
    load1: Math.round(loadavg()[0]! * 10) / 10,
  };
}

/** The RBAC set of `n` objects applied and planned by triton-iac, and applied by the vendor CLI when `vendor`. */
export async function runRbac(
  key: TestKeyPair,
  n: number,
  latencyMs: number,
  vendor: boolean,
  out: SpeedRun[],
): Promise<void> {
  const ours = await startCloud(key, { latencyMs, seed: n });
  const theirs = vendor ? await startCloud(key, { latencyMs, seed: n }) : undefined;
  try {
    writeRbacSet(ours.cwd, n);
    const base = { n, latencyMs, tool: 'triton-iac' } as const;
    let r = await counted(ours, () => iac(ours, ['apply', ...RBAC, '--auto-approve', ...W0]));
    out.push(runOf({ ...base, scenario: 'rbac-apply' }, r));
    r = await counted(ours, () => iac(ours, ['plan', ...RBAC, ...W0]));
    const noChanges = /No changes\./.test(r.m.stdout);
    out.push(runOf({ ...base, scenario: 'rbac-noop' }, r, firstError(r.m) ?? (noChanges ? null : 'plan not empty')));
    if (theirs !== undefined) {
      writeRbacSet(theirs.cwd, n);
      r = await counted(theirs, () => triton(theirs, ['rbac', 'apply', '-y', '-f', 'rbac.json']));
      out.push(runOf({ n, latencyMs, tool: 'triton rbac apply', scenario: 'rbac-apply' }, r));
    }
  } finally {
    await Promise.all([ours.close(), theirs?.close()]);
  }
}

/** The project's bundle cache (cli/private/program-bundle-cache.ts), removed for a cold run. */
function dropBundleCache(project: string): void {
  rmSync(join(project, 'node_modules', '.cache'), { recursive: true, force: true });
}

/** Appends a line to `count` of the tree's files, spread over its directories (sizes change, so `msync` sees them). */
function changeFiles(files: readonly { local: string }[], count: number): void {
  const step = Math.max(1, Math.floor(files.length / count));
  for (let i = 0; i < count && i * step < files.length; i++) appendFileSync(files[i * step]!.local, 'changed\n');
}

/**
 * The tree of `n` files at `latencyMs`: triton-iac's cold upload, no-op plans (cold, warm) and the
 * change apply; `msync` and `msync -d` beside them; with `warmUpload`, the upload again from a
 * second fresh project whose bundle `triton-iac synth` cached first.
 */
export async function runTree(
  key: TestKeyPair,
  n: number,
  latencyMs: number,
  warmUpload: boolean,
  out: SpeedRun[],
): Promise<void> {
  const ours = await startCloud(key, { latencyMs, seed: n });
  const theirs = await startCloud(key, { latencyMs, seed: n });
  const second = warmUpload ? await startCloud(key, { latencyMs, seed: n }) : undefined;
  try {
    const tmp = tsxTmpDir();
    const project = (cloud: BenchCloud): { at: ToolEnv; files: { local: string }[] } => {
      const { files } = writeTree(cloud.cwd, n);
      writeProject(cloud.cwd);
      return { at: { cwd: cloud.cwd, env: { ...cloud.env, TMPDIR: tmp } }, files };
    };
    const mine = project(ours);
    const theirTree = writeTree(theirs.cwd, n);
    const base = { n, latencyMs, tool: 'triton-iac' } as const;

    dropBundleCache(ours.cwd);
    let r = await counted(ours, () => iac(mine.at, ['apply', '--auto-approve', ...W0]));
    out.push(runOf({ ...base, scenario: 'tree-upload', cache: 'cold' }, r));
    r = await counted(theirs, () => mantaTool(theirs, 'msync', [theirTree.localRoot, '/acme/stor/tree']));
    out.push(runOf({ n, latencyMs, tool: 'msync', scenario: 'tree-upload' }, r));

    for (const cache of ['cold', 'warm'] as const) {
      if (cache === 'cold') dropBundleCache(ours.cwd);
      r = await counted(ours, () => iac(mine.at, ['plan', '--detailed-exitcode', ...W0]));
      out.push(
        runOf(
          { ...base, scenario: 'tree-noop', cache },
          r,
          r.m.code === 0 ? null : (firstError(r.m) ?? 'plan not empty'),
        ),
      );
    }

    changeFiles(mine.files, CHANGED_FILES);
    changeFiles(theirTree.files, CHANGED_FILES);
    r = await counted(ours, () => iac(mine.at, ['apply', '--auto-approve', ...W0]));
    out.push(runOf({ ...base, scenario: 'tree-change', cache: 'warm' }, r));
    r = await counted(theirs, () => mantaTool(theirs, 'msync', ['-d', theirTree.localRoot, '/acme/stor/tree']));
    out.push(runOf({ n, latencyMs, tool: 'msync -d', scenario: 'tree-change' }, r));

    if (second !== undefined) {
      const again = project(second);
      const synth = await iac(again.at, ['synth'], []);
      if (synth.code !== 0) throw new Error(`triton-iac synth failed: ${firstError(synth)}`);
      r = await counted(second, () => iac(again.at, ['apply', '--auto-approve', ...W0]));
      out.push(runOf({ ...base, scenario: 'tree-upload', cache: 'warm' }, r));
    }
  } finally {
    await Promise.all([ours.close(), theirs.close(), second?.close()]);
  }
}
