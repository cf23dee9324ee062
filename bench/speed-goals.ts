/**
 * Issue 45, goals 1, 3 and 4, in one side-by-side run: `npm run build && npx tsx bench/speed-goals.ts`
 * (about 6 minutes; `--quick`: 20 ms only, about 1.5 minutes). Every figure is the whole CLI process
 * as a user runs it, against its own emulator on loopback with the given latency per request:
 * - goal 1: the no-op plan of 1,000 RBAC objects and of the 1,000-file `StorTree` app (cold and warm
 *   bundle cache) against its bound;
 * - goal 3: the RBAC apply at 250 and 1,000 objects and the tree upload, at 20, 100 and 300 ms per
 *   request, each against its bound and the vendor CLI (`triton rbac apply`, `msync`);
 * - goal 4: the tree upload from a fresh app (cold) against `msync`, and the apply after 10 files
 *   changed against `msync -d`.
 * The bound (bench/private/speed-report.ts) is `node -e 0`, measured here, + (critical path +
 * requests ÷ parallelism) × RTT, RTT = the latency + the loopback round trip measured here.
 *
 * `triton rbac apply` of 1,000 objects is measured at the lowest latency only (at 300 ms it takes
 * about six minutes); at the others it is computed, and the table says so: its time at the lowest
 * latency + its requests there × the extra time per request its 250-object run took at that
 * latency over the lowest (its requests grow linearly with the objects and do not depend on the
 * latency: both are printed). `--vendor-full` measures it at every latency instead.
 *
 * Flags: `--quick`, `--latencies 20,100,300`, `--rbac-sizes 250,1000`, `--tree 1000`,
 * `--vendor-full`, `--out NAME` (default `speed-goals`: writes `bench/results/NAME.md` and `.json`).
 * Environment: `BENCH_IAC_BIN`, `BENCH_IAC_NODE_ARGS` (bench/private/tools.ts),
 * `BENCH_COOL_DOWN_MS` (pause before each run, default 1000). Never pass/fail.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TUNABLE_DEFAULTS } from '../common/tunables.js';
import { startEmulator } from '../emulator/index.js';
import { generateTestKey } from '../scripts/support/keys.js';
import { measure } from './private/proc.js';
import { median } from './private/sample.js';
import { goalRows, goalTable } from './private/speed-report.js';
import { CHANGED_FILES, runRbac, runTree, type SpeedRun } from './private/speed-scenarios.js';
import { checkBuilt, REPO } from './private/tools.js';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    latencies: { type: 'string' },
    'rbac-sizes': { type: 'string', default: '250,1000' },
    tree: { type: 'string', default: '1000' },
    'vendor-full': { type: 'boolean', default: false },
    out: { type: 'string', default: 'speed-goals' },
  },
});
const list = (name: string, text: string): number[] =>
  text.split(',').map((s) => {
    const v = Number(s.trim());
    if (!Number.isInteger(v) || v < 1) throw new Error(`--${name}: ${JSON.stringify(s)} is not a positive integer`);
    return v;
  });
const latencies = list('latencies', values.latencies ?? (values.quick ? '20' : '20,100,300')).sort((a, b) => a - b);
const rbacSizes = list('rbac-sizes', values['rbac-sizes']).sort((a, b) => a - b);
const treeSize = list('tree', values.tree)[0]!;
const parallelism = { cloudapi: TUNABLE_DEFAULTS.maxRequests, manta: TUNABLE_DEFAULTS.mantaMaxRequests };

checkBuilt();
const started = Date.now();
const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();
const say = (line: string): void => {
  const load = loadavg().map((l) => l.toFixed(1));
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line} (load ${load.join(' ')})\n`);
};

/** `node -e 0`, `times` runs: the start-up every Node CLI pays. */
async function nodeStart(times: number): Promise<number[]> {
  const walls: number[] = [];
  for (let i = 0; i < times; i++)
    walls.push((await measure(process.execPath, ['-e', '0'], { cwd: REPO, env: {} })).wallMs);
  return walls;
}

/** The loopback round trip: the median of sequential requests to an emulator's stats (never delayed). */
async function loopbackRtt(): Promise<number> {
  const emulator = await startEmulator({ accounts: [] });
  try {
    const url = `${emulator.cloudapiUrl}/--emulator/stats`;
    const times: number[] = [];
    for (let i = 0; i < 120; i++) {
      const t = performance.now();
      await (await fetch(url)).arrayBuffer();
      if (i >= 20) times.push(performance.now() - t);
    }
    return median(times)!;
  } finally {
    await emulator.close();
  }
}

const loadBefore = uptime();
say(`start: ${loadBefore}`);
const nodeWalls = await nodeStart(7);
const loopbackMs = await loopbackRtt();
const key = generateTestKey('rsa', 'speed@acme');
const runs: SpeedRun[] = [];
const vendorAt1000 = (latencyMs: number): boolean => values['vendor-full'] || latencyMs === latencies[0];

for (const latencyMs of latencies) {
  for (const n of rbacSizes) {
    say(`${latencyMs} ms: RBAC at ${n} objects`);
    await runRbac(key, n, latencyMs, n < 1000 || vendorAt1000(latencyMs), runs);
  }
  say(`${latencyMs} ms: the ${treeSize}-file tree app, and msync`);
  await runTree(key, treeSize, latencyMs, latencyMs === latencies[0], runs);
}
nodeWalls.push(...(await nodeStart(7)));
const nodeMs = Math.round(median(nodeWalls)!);

// The vendor's 1,000-object apply where it was not measured (see the header comment).
const vendor = (n: number, latencyMs: number) =>
  runs.find((r) => r.tool === 'triton rbac apply' && r.n === n && r.latencyMs === latencyMs && !r.computed);
const notes: string[] = [];
const small = rbacSizes[0]!;
for (const n of rbacSizes) {
  const base = vendor(n, latencies[0]!);
  const smallBase = vendor(small, latencies[0]!);
  if (base === undefined || smallBase === undefined || n === small) continue;
  notes.push(
    `\`triton rbac apply\` requests: ${smallBase.requests} at ${small} objects, ${base.requests} at ${n} (${(base.requests / smallBase.requests).toFixed(2)}× for ${(n / small).toFixed(0)}× the objects), at ${latencies[0]} ms.`,
  );
  for (const latencyMs of latencies.slice(1)) {
    const smallHere = vendor(small, latencyMs);
    if (vendor(n, latencyMs) !== undefined || smallHere === undefined) continue;
    const perRequest = (smallHere.wallMs - smallBase.wallMs) / smallHere.requests;
    runs.push({
      ...base,
      latencyMs,
      wallMs: Math.round(base.wallMs + base.requests * perRequest),
      cpuMs: null,
      computed: `${base.wallMs} ms at ${latencies[0]} ms + ${base.requests} requests × ${perRequest.toFixed(1)} ms`,
    });
    notes.push(
      `\`triton rbac apply\` of ${n} objects at ${latencyMs} ms is computed, not measured: ${base.wallMs} ms measured at ${latencies[0]} ms + its ${base.requests} requests × ${perRequest.toFixed(1)} ms, the extra time per request of its ${small}-object run at ${latencyMs} ms (${smallHere.wallMs} ms, ${smallHere.requests} requests) over ${latencies[0]} ms (${smallBase.wallMs} ms).`,
    );
  }
}

const loadAfter = uptime();
const rows = goalRows(runs, latencies, rbacSizes, treeSize, nodeMs, loopbackMs, parallelism);
const seconds = Math.round((Date.now() - started) / 1000);
const argv = process.argv.slice(2).join(' ');
const md = [
  `Issue 45, goals 1, 3 and 4: \`npx tsx bench/speed-goals.ts${argv === '' ? '' : ` ${argv}`}\` (${new Date().toISOString().slice(0, 16)} UTC, ${seconds} s; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}).`,
  '',
  `- Load: \`${loadBefore}\` at the start, \`${loadAfter}\` at the end.`,
  `- \`node -e 0\`: ${nodeMs} ms (median of ${nodeWalls.length}, half at the start, half at the end); loopback round trip ${loopbackMs.toFixed(2)} ms (median of 100); parallelism ${parallelism.cloudapi} to CloudAPI (RBAC) and ${parallelism.manta} to Manta (the tree), the CLI's \`--max-requests\` defaults; requests are those the emulator counted, every service.`,
  `- Each run is the whole CLI process (wall from spawn to exit; CPU = user + sys from \`/usr/bin/time\`), against its own emulator in the benchmark's process. Latency per request: each request waits 50–150 % of it. Cold = the app's bundle cache (\`node_modules/.cache/triton-iac\` of the project) removed before the run; warm = the command run after another of the same app. The tree's change apply changes ${CHANGED_FILES} files (a line appended, so \`msync\`, which compares sizes, sees them); \`msync -d\` also deletes remote files not found locally.`,
  ...notes.map((n) => `- ${n}`),
  '',
  goalTable(rows),
  '',
].join('\n');
process.stdout.write(md);
const dir = join(REPO, 'bench', 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, `${values.out}.md`), md);
writeFileSync(
  join(dir, `${values.out}.json`),
  `${JSON.stringify({ when: new Date().toISOString(), argv, loadBefore, loadAfter, nodeMs, nodeWalls, loopbackMs, parallelism, runs, rows }, null, 2)}\n`,
);
say(`wrote bench/results/${values.out}.md and .json (${seconds} s)`);
