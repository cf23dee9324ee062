/**
 * The table of `bench/speed-goals.ts`: every goal of issue 45 it measures (1, 3, 4), per latency,
 * with triton-iac's wall time, its bound, the vendor CLI's time and whether the goal is met.
 *
 * The bound (issue 45): `node -e 0` on the same machine in the same run + (critical path + requests
 * ÷ parallelism) × RTT, where RTT = the emulator's latency per request + the loopback round trip
 * measured, requests = what the emulator counted for triton-iac's run, and parallelism = the CLI's
 * most requests in flight to the service the scenario writes to (`--max-requests`' defaults: 32 to
 * CloudAPI for RBAC, 64 to Manta for the tree; the tree's census reads to CloudAPI are counted as
 * if they shared Manta's, which only lowers the bound).
 */
import type { SpeedRun, SpeedScenario } from './speed-scenarios.js';

/** Requests that must follow one another, per scenario (why: in the comment of each). */
export const SPEED_CRITICAL_PATH: Readonly<Record<SpeedScenario, number>> = {
  // read the collections; create users and policies; then their keys and the roles naming them.
  'rbac-apply': 3,
  // list users, roles and policies; then the keys of each user the listing shows.
  'rbac-noop': 2,
  // read the listing; create the top directory; its sub-directories; the objects (Manta refuses
  // an object or directory whose parent does not exist yet).
  'tree-upload': 4,
  // every directory's listing at once: the app and the state name them all before the first request.
  'tree-noop': 1,
  // the listings at once, then the changed objects' PUTs.
  'tree-change': 2,
};

/** What the bound of a run is made of. */
export interface Bound {
  readonly nodeMs: number;
  readonly criticalPath: number;
  readonly requests: number;
  readonly parallelism: number;
  readonly rttMs: number;
  readonly ms: number;
}

/** Most requests in flight per service (the CLI's defaults, `common/tunables.ts`). */
export interface Parallelism {
  readonly cloudapi: number;
  readonly manta: number;
}

/** The bound of triton-iac's run `run`. */
export function boundOf(run: SpeedRun, nodeMs: number, loopbackMs: number, caps: Parallelism): Bound {
  const criticalPath = SPEED_CRITICAL_PATH[run.scenario];
  const parallelism = run.scenario.startsWith('tree') ? caps.manta : caps.cloudapi;
  const rttMs = run.latencyMs + loopbackMs;
  return {
    nodeMs,
    criticalPath,
    requests: run.requests,
    parallelism,
    rttMs,
    ms: Math.round(nodeMs + (criticalPath + run.requests / parallelism) * rttMs),
  };
}

/** One line of the table. */
export interface GoalRow {
  readonly goal: string;
  readonly what: string;
  readonly latencyMs: number;
  readonly cache: string;
  readonly ours: SpeedRun | undefined;
  readonly bound: Bound | undefined;
  readonly vendor: SpeedRun | undefined;
  /** How triton-iac compares with the vendor, as the goal states it. */
  readonly vsVendor: string;
  readonly target: string;
  /** Null when a figure is missing (a failed run). */
  readonly met: boolean | null;
}

const VENDOR_SPEEDUP: Readonly<Record<number, number>> = { 250: 15, 1000: 25 };
const BOUND_FACTOR = 1.2;
const MSYNC_FACTOR = 0.5;

/** Builds the table's rows from the runs. */
export function goalRows(
  runs: readonly SpeedRun[],
  latencies: readonly number[],
  rbacSizes: readonly number[],
  treeSize: number,
  nodeMs: number,
  loopbackMs: number,
  parallelism: Parallelism,
): GoalRow[] {
  const find = (scenario: SpeedScenario, n: number, latencyMs: number, tool: SpeedRun['tool'], cache?: string) =>
    runs.find(
      (r) => r.scenario === scenario && r.n === n && r.latencyMs === latencyMs && r.tool === tool && r.cache === cache,
    );
  const ok = (r: SpeedRun | undefined): r is SpeedRun => r !== undefined && r.exitCode === 0 && r.error === null;
  const bounded = (r: SpeedRun | undefined) => (ok(r) ? boundOf(r, nodeMs, loopbackMs, parallelism) : undefined);
  const withinBound = (r: SpeedRun | undefined, b: Bound | undefined) =>
    ok(r) && b !== undefined ? r.wallMs <= BOUND_FACTOR * b.ms : null;
  const rows: GoalRow[] = [];
  const biggest = Math.max(...rbacSizes);

  for (const latencyMs of latencies) {
    const plan = find('rbac-noop', biggest, latencyMs, 'triton-iac');
    const b = bounded(plan);
    rows.push({
      goal: '1',
      what: `no-op plan, ${fmtN(biggest)} RBAC objects (rbac.json)`,
      latencyMs,
      cache: 'no bundle',
      ours: plan,
      bound: b,
      vendor: undefined,
      vsVendor: '',
      target: '≤ 1.2× bound',
      met: withinBound(plan, b),
    });
    for (const cache of ['cold', 'warm'] as const) {
      const tree = find('tree-noop', treeSize, latencyMs, 'triton-iac', cache);
      const tb = bounded(tree);
      rows.push({
        goal: '1',
        what: `no-op plan, ${fmtN(treeSize)}-file StorTree app`,
        latencyMs,
        cache,
        ours: tree,
        bound: tb,
        vendor: undefined,
        vsVendor: '',
        target: '≤ 1.2× bound',
        met: withinBound(tree, tb),
      });
    }
  }

  for (const latencyMs of latencies) {
    for (const n of rbacSizes) {
      const apply = find('rbac-apply', n, latencyMs, 'triton-iac');
      const vendor = find('rbac-apply', n, latencyMs, 'triton rbac apply');
      const ab = bounded(apply);
      const speedup = ok(apply) && vendor !== undefined ? vendor.wallMs / apply.wallMs : null;
      const want = VENDOR_SPEEDUP[n];
      const inBound = withinBound(apply, ab);
      rows.push({
        goal: '3',
        what: `RBAC apply, ${fmtN(n)} objects`,
        latencyMs,
        cache: 'no bundle',
        ours: apply,
        bound: ab,
        vendor,
        vsVendor: speedup === null ? '' : `${speedup.toFixed(1)}× faster`,
        target: `≤ 1.2× bound${want !== undefined ? `, ≥ ${want}× vendor` : ''}`,
        met: inBound === null || speedup === null ? null : inBound && (want === undefined || speedup >= want),
      });
    }
    const up = find('tree-upload', treeSize, latencyMs, 'triton-iac', 'cold');
    const msync = find('tree-upload', treeSize, latencyMs, 'msync');
    const ub = bounded(up);
    const ratio = ok(up) && ok(msync) ? up.wallMs / msync.wallMs : null;
    rows.push({
      goal: '3',
      what: `tree upload, ${fmtN(treeSize)} files`,
      latencyMs,
      cache: 'cold',
      ours: up,
      bound: ub,
      vendor: msync,
      vsVendor: ratio === null ? '' : `${ratio.toFixed(2)}× msync`,
      target: '≤ 1.2× bound',
      met: withinBound(up, ub),
    });
  }

  for (const latencyMs of latencies) {
    for (const [scenario, cache, vendorTool, label] of [
      ['tree-upload', 'cold', 'msync', `tree upload from a fresh app, ${fmtN(treeSize)} files`],
      ['tree-upload', 'warm', 'msync', `tree upload, bundle cached (synth first)`],
      ['tree-change', 'warm', 'msync -d', `change apply, 10 of ${fmtN(treeSize)} files changed`],
    ] as const) {
      const ours = find(scenario, treeSize, latencyMs, 'triton-iac', cache);
      if (ours === undefined && cache === 'warm' && scenario === 'tree-upload') continue;
      const vendor = find(scenario, treeSize, latencyMs, vendorTool);
      const ratio = ok(ours) && ok(vendor) ? ours.wallMs / vendor.wallMs : null;
      rows.push({
        goal: '4',
        what: label,
        latencyMs,
        cache,
        ours,
        bound: bounded(ours),
        vendor,
        vsVendor: ratio === null ? '' : `${ratio.toFixed(2)}× ${vendorTool}`,
        target: `≤ 0.5× ${vendorTool}`,
        met: ratio === null ? null : ratio <= MSYNC_FACTOR,
      });
    }
  }
  return rows;
}

function fmtN(n: number): string {
  return n.toLocaleString('en-US');
}

function fmtMs(ms: number): string {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** The rows as a Markdown table. */
export function goalTable(rows: readonly GoalRow[]): string {
  const lines = [
    '| goal | scenario | latency per request | bundle cache | triton-iac: wall (CPU), requests | bound = node + (critical path + requests ÷ parallelism) × RTT | × bound | vendor: wall, requests | vs vendor | target | met |',
    '|---|---|---:|---|---:|---|---:|---:|---|---|---|',
  ];
  for (const r of rows) {
    const o = r.ours;
    const ours =
      o === undefined
        ? 'not run'
        : o.exitCode !== 0 || o.error !== null
          ? `failed (exit ${o.exitCode}): ${(o.error ?? '').slice(0, 80)}`
          : `${fmtMs(o.wallMs)}${o.cpuMs !== null ? ` (${fmtMs(o.cpuMs)})` : ''}, ${o.requests}`;
    const b = r.bound;
    const bound =
      b === undefined
        ? ''
        : `${fmtMs(b.ms)} = ${b.nodeMs} + (${b.criticalPath} + ${b.requests} ÷ ${b.parallelism}) × ${b.rttMs.toFixed(1)}`;
    const times = o !== undefined && b !== undefined ? `${(o.wallMs / b.ms).toFixed(2)}×` : '';
    const v = r.vendor;
    const vendor =
      v === undefined
        ? ''
        : `${v.tool} ${fmtMs(v.wallMs)}, ${v.requests}${v.computed !== undefined ? ' (computed)' : ''}${v.exitCode !== 0 ? ` (exit ${v.exitCode})` : ''}`;
    const met = r.met === null ? 'n/a' : r.met ? 'yes' : '**no**';
    lines.push(
      `| ${r.goal} | ${r.what} | ${r.latencyMs} ms | ${r.cache} | ${ours} | ${bound} | ${times} | ${vendor} | ${r.vsVendor} | ${r.target} | ${met} |`,
    );
  }
  return lines.join('\n');
}
