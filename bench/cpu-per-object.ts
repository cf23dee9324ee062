/**
 * CPU per object (issue 45, goal 2): `npx tsx bench/cpu-per-object.ts` applies the benchmark's RBAC
 * set from scratch with the real `triton-iac` binary, then plans it again (a no-op plan), at 1,000
 * and 10,000 objects, and prints per run the CLI process's user + system CPU (from `/usr/bin/time`),
 * that CPU divided by the objects, its peak RSS and the requests the emulator counted. The emulator
 * runs in this process, so none of its CPU is counted; wall times are printed but mean little on a
 * shared machine. Never pass/fail.
 *
 * Flags: `--sizes 1000,10000`, `--runs N` (default 1; the table gives each run), `--keys rsa,ed25519`
 * (the account key types, default `rsa`: one cloud per key type), `--latency-ms N` (the emulator's
 * added latency per request, default 20), `--out NAME` (also write `bench/results/NAME.json` and
 * `NAME.md`), `--callgrind` (run the CLI under `valgrind --tool=callgrind` and report the instructions
 * it executed, which do not move with the machine's load; about 80 times slower, so for 1,000
 * objects or fewer: its CPU column is then valgrind's). Environment: `BENCH_IAC_BIN`,
 * `BENCH_IAC_NODE_ARGS` as for `bench/run.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateTestKey, type TestKeyType } from '../scripts/support/keys.js';
import { startCloud } from './private/cloud.js';
import { checkBuilt, firstError, iac, REPO } from './private/tools.js';
import { writeRbacSet } from './private/workload.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    runs: { type: 'string', default: '1' },
    keys: { type: 'string', default: 'rsa' },
    'latency-ms': { type: 'string', default: '20' },
    out: { type: 'string' },
    callgrind: { type: 'boolean', default: false },
  },
});
const KEY_TYPES: readonly TestKeyType[] = ['rsa', 'ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521', 'ed25519'];
const count = (name: string, text: string): number => {
  const v = Number(text);
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name}: ${JSON.stringify(text)} is not a whole number`);
  return v;
};
const sizes = values.sizes.split(',').map((s) => count('sizes', s.trim()));
const runs = count('runs', values.runs);
const latencyMs = count('latency-ms', values['latency-ms']);
const keys = values.keys.split(',').map((k) => {
  const type = KEY_TYPES.find((t) => t === k.trim());
  if (type === undefined) throw new Error(`--keys: ${JSON.stringify(k)} is not one of ${KEY_TYPES.join(', ')}`);
  return type;
});

/** One measured command. */
interface Row {
  readonly objects: number;
  readonly command: string;
  readonly key: TestKeyType;
  readonly cpuMs: number | null;
  readonly cpuPerObjectMs: number | null;
  readonly rssMb: number | null;
  /** Instructions executed by the CLI process (all its threads), with `--callgrind`. */
  readonly instructions: number | null;
  readonly requests: number;
  readonly wallMs: number;
  readonly load1: number;
  readonly error: string | null;
}

checkBuilt();
const giga = (n: number | null): string => (n === null ? '?' : `${(n / 1e9).toFixed(2)} G`);
const mega = (n: number | null, per: number): string => (n === null ? '?' : `${(n / per / 1e6).toFixed(2)} M`);
const rows: Row[] = [];
const load = (): number => Math.round(loadavg()[0]! * 10) / 10;
/** V8 writes code at run time: valgrind must check for it everywhere but in files. */
const CALLGRIND = ['valgrind', '--tool=callgrind', '--smc-check=all-non-file', '--callgrind-out-file=/dev/null'];
const RBAC = ['rbac.json', '--account', 'acme', '--consistency-window-ms', '0'];
for (let run = 1; run <= runs; run++) {
  for (const type of keys) {
    const key = generateTestKey(type, `cpu-${type}@bench`);
    for (const n of sizes) {
      const cloud = await startCloud(key, { latencyMs, consistencyWindowMs: 0, seed: n });
      try {
        writeRbacSet(cloud.cwd, n);
        for (const [command, args] of [
          ['apply', ['apply', ...RBAC, '--auto-approve']],
          ['no-op plan', ['plan', ...RBAC]],
        ] as const) {
          process.stderr.write(`run ${run}/${runs}: ${command} of ${n} objects, ${type} key (load ${load()})\n`);
          await cloud.resetCounts();
          const m = await iac(cloud, args, values.callgrind ? CALLGRIND : []);
          const collected = /Collected : (\d+)/.exec(m.stderr);
          const { total } = await cloud.counts();
          rows.push({
            objects: n,
            command,
            key: type,
            cpuMs: m.cpuMs,
            cpuPerObjectMs: m.cpuMs === null ? null : Math.round((m.cpuMs / n) * 1000) / 1000,
            rssMb: m.peakRssMb,
            instructions: collected ? Number(collected[1]) : null,
            requests: total,
            wallMs: Math.round(m.wallMs),
            load1: load(),
            error: firstError(m),
          });
        }
      } finally {
        await cloud.close();
      }
    }
  }
}

const header = `| objects | command | key | user+sys CPU | CPU per object | peak RSS | requests |${values.callgrind ? ' instructions | per object |' : ''} wall | load |`;
const table = [
  header,
  `|---:|---|---|---:|---:|---:|---:|${values.callgrind ? '---:|---:|' : ''}---:|---:|`,
  ...rows.map(
    (r) =>
      `| ${r.objects.toLocaleString('en')} | ${r.command} | ${r.key} | ${r.cpuMs ?? '?'} ms | ${r.cpuPerObjectMs?.toFixed(3) ?? '?'} ms | ${r.rssMb ?? '?'} MB | ${r.requests} |${values.callgrind ? ` ${giga(r.instructions)} | ${mega(r.instructions, r.objects)} |` : ''} ${r.wallMs} ms | ${r.load1} |${r.error === null ? '' : ` FAILED: ${r.error}`}`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
if (values.out !== undefined) {
  const dir = join(REPO, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
  const report = { when: new Date().toISOString(), machine, settings: { sizes, runs, keys, latencyMs }, rows };
  writeFileSync(join(dir, `${values.out}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, `${values.out}.md`), `${table}\n`);
}
