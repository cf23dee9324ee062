/**
 * `npm run bench`: triton-iac against the vendor `triton` and `manta` CLIs, each against its own
 * emulator with 20 ms of added latency per request. Never pass/fail: it prints a table and writes
 * `bench/results/latest.json` plus a dated copy.
 *
 * Flags: `--runs N` (default 3), `--sizes 100,250,1000` (default all three), `--quick` (one run at
 * N = 100, a 32 MiB large object, a 20-object mput sample), `--window-ms N` (scenario 4, default 3000),
 * `--big-mb N` (default 256), `--mput-sample N` (objects uploaded with one `mput` each, default 50;
 * the figure is scaled to N), `--scale-sizes 100,1000,10000` (the growth scenario: triton-iac
 * alone, once per size per run), `--only a,b` (scenarios: rbac, window, tree, user-tree, big, scale,
 * instances; `instances` runs only when named), `--instances N` (default 50), `--provision-ms N` (the
 * emulator's provisioning time there, default 30000), `--create-loop N` (how many instances the
 * vendor's `create -w` loop really creates, its time scaled to N; default 5),
 * `--out NAME`
 * (write `bench/results/NAME.json` and `NAME.md` instead of `latest.*` and the dated copy).
 * Environment: `BENCH_IAC_BIN` (another build's entry point), `BENCH_IAC_NODE_ARGS` (node flags
 * for triton-iac, e.g. `--cpu-prof`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TUNABLE_DEFAULTS } from '../common/tunables.js';
import { generateTestKey } from '../scripts/support/keys.js';
import { runBigObjectScenario, runTreeScenario } from './private/manta-scenarios.js';
import { runRbacScenarios, runScaleScenario, runWindowScenario } from './private/rbac-scenarios.js';
import { runUserTreeScenario } from './private/user-tree-scenario.js';
import { runInstanceScenario } from './private/instance-scenario.js';

import { buildReport, CRITICAL_PATH, markdownTable, textTable } from './private/report.js';
import { SampleSet } from './private/sample.js';
import { checkBuilt, REPO } from './private/tools.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    sizes: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'window-ms': { type: 'string' },
    'big-mb': { type: 'string' },
    'mput-sample': { type: 'string' },
    'scale-sizes': { type: 'string' },
    only: { type: 'string' },
    instances: { type: 'string' },
    'provision-ms': { type: 'string' },
    'create-loop': { type: 'string' },
    out: { type: 'string' },
  },
});
const quick = values.quick === true;
const positive = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name}: ${JSON.stringify(text)} is not a positive integer`);
  return v;
};
const runs = positive('runs', values.runs, quick ? 1 : 3);
const sizes =
  values.sizes !== undefined
    ? values.sizes.split(',').map((s) => positive('sizes', s.trim(), 100))
    : quick
      ? [100]
      : [100, 250, 1000];
const windowMs = positive('window-ms', values['window-ms'], 3000);
const scaleSizes =
  values['scale-sizes'] !== undefined
    ? values['scale-sizes'].split(',').map((s) => positive('scale-sizes', s.trim(), 100))
    : quick
      ? [100, 1000]
      : [100, 1000, 10000];
const bigMb = positive('big-mb', values['big-mb'], quick ? 32 : 256);
const mputSample = positive('mput-sample', values['mput-sample'], quick ? 20 : 50);
const only = new Set((values.only ?? 'rbac,window,tree,user-tree,big,scale').split(','));
const instanceCount = positive('instances', values.instances, 50);
const provisionMs = positive('provision-ms', values['provision-ms'], 30_000);
const createLoop = positive('create-loop', values['create-loop'], 5);
const LATENCY_MS = 20;
/** triton-iac's default caps on requests in flight per service (`--max-requests`), for the lower bound. */
const PARALLELISM = { cloudapi: TUNABLE_DEFAULTS.maxRequests, manta: TUNABLE_DEFAULTS.mantaMaxRequests };

checkBuilt();
const key = generateTestKey('rsa', 'bench@acme');
const set = new SampleSet();
const started = Date.now();
const say = (line: string): void => {
  process.stderr.write(
    `[${((Date.now() - started) / 1000).toFixed(0)}s] ${line} (load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
};

for (let run = 1; run <= runs; run++) {
  for (const n of sizes) {
    if (only.has('rbac')) {
      say(`run ${run}/${runs}: RBAC apply, plan and drift at N = ${n}`);
      await runRbacScenarios(key, n, set);
    }
    if (only.has('window')) {
      say(`run ${run}/${runs}: apply under a ${windowMs} ms consistency window at N = ${n}`);
      await runWindowScenario(key, n, windowMs, set);
    }
    if (only.has('tree')) {
      say(`run ${run}/${runs}: Manta tree of ${n} objects`);
      await runTreeScenario(key, n, mputSample, set);
    }
    if (only.has('user-tree')) {
      say(`run ${run}/${runs}: a StorTree app over ${n} files on disk, and msync`);
      await runUserTreeScenario(key, n, set);
    }
  }
  if (only.has('big')) {
    say(`run ${run}/${runs}: one ${bigMb} MiB object`);
    await runBigObjectScenario(key, bigMb, set);
  }
  if (only.has('instances')) {
    say(
      `run ${run}/${runs}: ${instanceCount} instances at ${provisionMs} ms provisioning (vendor loop on ${createLoop})`,
    );
    await runInstanceScenario(key, instanceCount, provisionMs, createLoop, set);
  }
  if (only.has('scale')) {
    for (const n of scaleSizes) {
      say(`run ${run}/${runs}: triton-iac alone, initial apply at N = ${n}`);
      await runScaleScenario(key, n, set);
    }
  }
}

const rows = buildReport(set.all, LATENCY_MS, PARALLELISM);
const report = {
  when: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
  settings: {
    latencyMs: LATENCY_MS,
    parallelism: PARALLELISM,
    runs,
    sizes,
    scaleSizes,
    windowMs,
    bigMb,
    mputSample,
    quick,
    ...(only.has('instances') ? { instances: instanceCount, provisionMs, createLoop } : {}),
  },
  lowerBound: {
    formula: 'criticalPath × latency + triton-iac requests / parallelism × latency',
    criticalPath: CRITICAL_PATH,
  },
  rows,
  samples: set.all,
};
process.stdout.write(`${textTable(rows)}\n`);
const dir = join(REPO, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const text = `${JSON.stringify(report, null, 2)}\n`;
const name = values.out ?? 'latest';
writeFileSync(join(dir, `${name}.json`), text);
writeFileSync(join(dir, `${name}.md`), `${markdownTable(rows)}\n`);
if (values.out === undefined) writeFileSync(join(dir, `${report.when.slice(0, 19).replace(/:/g, '-')}.json`), text);
say(
  `wrote bench/results/${name}.json and ${name}.md${values.out === undefined ? ' and a dated copy' : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
