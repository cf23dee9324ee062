/**
 * Turns samples into the report: medians per scenario, size and tool, the ratio to the vendor
 * tool, and a lower bound per scenario with how far triton-iac is from it.
 *
 * The lower bound of a scenario is `critical path × latency + total requests / parallelism ×
 * latency`: the requests that must follow one another (a user before its key, a policy before the
 * role naming it), plus the time to push every request triton-iac made through `parallelism`
 * connections. It ignores CPU, signing and process start-up, so no tool can reach it; the gap says
 * how much is left to win.
 */
import { median, type ScenarioSamples } from './sample.js';

/** Requests that must follow one another, per scenario (why: in the comment of each). */
export const CRITICAL_PATH: Readonly<Record<string, number>> = {
  // read the collections; create users and policies; then their keys and the roles naming them.
  'initial-apply': 3,
  // list users, roles, policies at once; then each user's keys.
  'noop-plan': 2,
  // as a plan, then the confirming re-read of the one drifted user.
  drift: 3,
  // as the initial apply; the window adds waiting only when a reference is not yet visible.
  'window-apply': 3,
  // read the listing; create the top directory; its sub-directories; the objects.
  'manta-tree': 4,
  // read the object; create the upload; the parts (in parallel); commit.
  'big-object': 4,
  // as the initial apply, at growing N (triton-iac alone).
  'scale-apply': 3,
  // as manta-tree, from a TypeScript app reading the folder from disk.
  'user-tree-upload': 4,
  // list the top directory's parent; the top directory; its sub-directories (no HEAD per object).
  'user-tree-noop': 3,
};

/** One line of the report. */
export interface ReportRow {
  readonly scenario: string;
  readonly n: number;
  readonly tool: string;
  readonly runs: number;
  readonly wallMs: number | null;
  readonly peakRssMb: number | null;
  readonly requests: number | null;
  readonly requestsByOperation: Record<string, number>;
  readonly exitCodes: number[];
  readonly errors: (string | null)[];
  readonly notes: unknown[];
  /** This tool's median wall time over the vendor tool's (below 1: triton-iac is faster). */
  readonly ratioToVendor: number | null;
  readonly lowerBoundMs: number | null;
  /** Median wall time over the lower bound. */
  readonly timesLowerBound: number | null;
  /** Median wall time per object (over N). */
  readonly msPerObject: number | null;
  /** The 1-minute load average at the end of each run. */
  readonly load: (number | null)[];
}

const VENDOR: Readonly<Record<string, string>> = {
  'manta-tree': 'msync',
  'user-tree-upload': 'msync',
  'user-tree-noop': 'msync',
  'big-object': 'mput',
  instances: 'triton create -w loop',
};

/** Builds the report rows from the samples, with `latencyMs` and triton-iac's caps on requests in flight per service. */
export function buildReport(
  all: readonly ScenarioSamples[],
  latencyMs: number,
  caps: { readonly cloudapi: number; readonly manta: number },
): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const entry of all) {
    const wall = median(entry.samples.map((s) => s.wallMs));
    const rss = median(entry.samples.map((s) => s.peakRssMb).filter((v): v is number => v !== null));
    const requests = median(entry.samples.map((s) => s.requests.total));
    const pick = entry.samples.find((s) => s.requests.total === requests) ?? entry.samples[0]!;
    const vendor = all.find(
      (e) => e.scenario === entry.scenario && e.n === entry.n && e.tool === (VENDOR[entry.scenario] ?? 'triton'),
    );
    const vendorWall = vendor ? median(vendor.samples.map((s) => s.wallMs)) : null;
    const ours = all.find((e) => e.scenario === entry.scenario && e.n === entry.n && e.tool === 'triton-iac');
    const ourRequests = ours ? median(ours.samples.map((s) => s.requests.total)) : null;
    const cp = CRITICAL_PATH[entry.scenario];
    // The Manta scenarios write to Manta, whose cap is its own.
    const parallelism =
      VENDOR[entry.scenario] !== undefined && entry.scenario !== 'instances' ? caps.manta : caps.cloudapi;
    const bound =
      cp !== undefined && ourRequests !== null
        ? Math.round(cp * latencyMs + (ourRequests / parallelism) * latencyMs)
        : null;
    rows.push({
      scenario: entry.scenario,
      n: entry.n,
      tool: entry.tool,
      runs: entry.samples.length,
      wallMs: wall,
      peakRssMb: rss,
      requests,
      requestsByOperation: {
        ...prefixed('cloudapi', pick.requests.cloudapi),
        ...prefixed('manta', pick.requests.manta),
      },
      exitCodes: entry.samples.map((s) => s.exitCode),
      errors: [...new Set(entry.samples.map((s) => s.error))],
      notes: entry.samples.map((s) => s.notes ?? null),
      ratioToVendor: wall !== null && vendorWall !== null && vendorWall > 0 ? round2(wall / vendorWall) : null,
      lowerBoundMs: bound,
      timesLowerBound: wall !== null && bound ? round2(wall / bound) : null,
      msPerObject: wall !== null && entry.n > 0 ? round2(wall / entry.n) : null,
      load: entry.samples.map((s) => s.load1 ?? null),
    });
  }
  return rows;
}

function prefixed(service: string, byOp: Record<string, number> | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(byOp ?? {}).map(([op, count]) => [`${service}.${op}`, count]));
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The report as a fixed-width text table (the same columns as the Markdown one). */
export function textTable(rows: readonly ReportRow[]): string {
  const header = [
    'scenario',
    'N',
    'tool',
    'wall ms',
    'ms/obj',
    'RSS MB',
    'requests',
    'vs vendor',
    'bound ms',
    '× bound',
    'exit',
    'load',
    'error',
  ];
  const body = rows.map((r) => [
    r.scenario,
    String(r.n),
    r.tool,
    fmt(r.wallMs),
    fmt(r.msPerObject),
    fmt(r.peakRssMb),
    fmt(r.requests),
    r.ratioToVendor === null ? '' : `${r.ratioToVendor}×`,
    fmt(r.lowerBoundMs),
    r.timesLowerBound === null ? '' : `${r.timesLowerBound}×`,
    r.exitCodes.join(','),
    r.load.map(fmt).join(','),
    (r.errors.find((e) => e !== null) ?? '').slice(0, 60),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  return [header, ...body]
    .map((cells) =>
      cells
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The report as a Markdown table. */
export function markdownTable(rows: readonly ReportRow[]): string {
  const lines = [
    '| scenario | N | tool | wall (ms, median) | ms per object | peak RSS (MB) | requests | vs vendor | lower bound (ms) | × bound | exit codes | load (1 min) | requests by operation |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const r of rows) {
    const byOp = Object.entries(r.requestsByOperation)
      .map(([op, n]) => `${op.replace(/^(cloudapi|manta)\./, '')} ${n}`)
      .join(', ');
    lines.push(
      `| ${r.scenario} | ${r.n} | ${r.tool} | ${fmt(r.wallMs)} | ${fmt(r.msPerObject)} | ${fmt(r.peakRssMb)} | ${fmt(r.requests)} | ${r.ratioToVendor === null ? '' : `${r.ratioToVendor}×`} | ${fmt(r.lowerBoundMs)} | ${r.timesLowerBound === null ? '' : `${r.timesLowerBound}×`} | ${r.exitCodes.join(', ')} | ${r.load.map(fmt).join(', ')} | ${byOp} |`,
    );
  }
  return lines.join('\n');
}

function fmt(v: number | null): string {
  return v === null ? '' : String(v);
}
