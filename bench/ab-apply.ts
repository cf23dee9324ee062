/**
 * Interleaved A/B of the initial RBAC apply: `npx tsx bench/ab-apply.ts N RUNS BIN…` runs
 * `triton-iac apply` of an N-object rbac.json RUNS times with each BIN in turn (another build's
 * `bin/triton-iac.js`), each against a fresh emulator with 20 ms of latency (`THROTTLE_RPS` set:
 * throttling at that rate), and prints per binary the medians of wall and CPU time (user + system,
 * from `/usr/bin/time`), of the time from the process's start to its first request and to its
 * first write, and the requests and throttled answers. Alternating the binaries puts them through
 * the same moments of a shared machine. Never pass/fail.
 */
import { timedCli } from './private/proc.js';
import { Server } from 'node:http';
import { resolve as resolvePath } from 'node:path';
import { generateTestKey } from '../scripts/support/keys.js';
import { startCloud } from './private/cloud.js';
import { writeRbacSet } from './private/workload.js';
import { median } from './private/sample.js';

const [nArg, runsArg, ...given] = process.argv.slice(2);
const bins = given.map((b) => resolvePath(b));
const n = Number(nArg);
const runs = Number(runsArg);
const throttleRps = process.env['THROTTLE_RPS'] === undefined ? undefined : Number(process.env['THROTTLE_RPS']);
if (!Number.isInteger(n) || !Number.isInteger(runs) || bins.length === 0) {
  process.stderr.write('usage: npx tsx bench/ab-apply.ts N RUNS BIN [BIN…]\n');
  process.exit(2);
}

// When each request reached an emulator of this process (its own clock, as the child's start).
let arrivals: { at: number; method: string; url: string }[] = [];
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]): boolean {
  if (event === 'request') {
    const { method, url } = args[0] as { method: string; url: string };
    arrivals.push({ at: performance.now(), method, url });
  }
  return (emit as (this: Server, event: string, ...rest: unknown[]) => boolean).call(this, event, ...args);
} as typeof Server.prototype.emit;

interface Run {
  wallMs: number;
  cpuMs: number;
  firstRequestMs: number;
  firstWriteMs: number;
  /** From the first write to the first write of a dependent (a user's key, a role). */
  firstDependentMs: number;
  requests: number;
  throttled: number;
}

const key = generateTestKey('rsa', 'ab-apply');

/** One apply with `bin` against a fresh emulator. */
async function applyOnce(bin: string, seed: number): Promise<Run> {
  const cloud = await startCloud(key, {
    latencyMs: 20,
    consistencyWindowMs: 0,
    seed,
    ...(throttleRps !== undefined ? { throttleRps } : {}),
  });
  try {
    writeRbacSet(cloud.cwd, n);
    await new Promise((r) => setTimeout(r, 1000));
    await cloud.resetCounts();
    arrivals = [];
    const args = ['apply', 'rbac.json', '--account', 'acme', '--auto-approve', '--consistency-window-ms', '0'];
    const started = performance.now();
    const { wallMs, cpuMs } = await timedCli(bin, args, cloud);
    const seen = arrivals.filter((a) => a.at >= started);
    const isWrite = (a: { method: string }): boolean => a.method !== 'GET' && a.method !== 'HEAD';
    const firstWrite = seen.find(isWrite)?.at ?? NaN;
    const firstDependent =
      seen.find((a) => a.method === 'POST' && /\/users\/[^/?]+\/keys|\/roles(\?|$)/.test(a.url))?.at ?? NaN;
    const counts = (await cloud.counts()) as unknown as { total: number; throttled?: Record<string, number> };
    return {
      wallMs,
      cpuMs,
      firstRequestMs: (seen[0]?.at ?? NaN) - started,
      firstWriteMs: firstWrite - started,
      firstDependentMs: firstDependent - firstWrite,
      requests: counts.total,
      throttled: Object.values(counts.throttled ?? {}).reduce((a, b) => a + b, 0),
    };
  } finally {
    await cloud.close();
  }
}

const samples: Run[][] = bins.map(() => []);
for (let r = 0; r < runs; r++)
  for (let b = 0; b < bins.length; b++) {
    const run = await applyOnce(bins[b]!, n + r);
    samples[b]!.push(run);
    process.stderr.write(
      `${b} ${JSON.stringify(run, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}\n`,
    );
  }
const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
for (let b = 0; b < bins.length; b++) {
  const s = samples[b]!;
  const m = (f: (r: Run) => number): number => Math.round(median(s.map(f)) ?? NaN);
  process.stdout.write(
    `${given[b]} N=${n} runs=${runs} load=${load}: wall ${m((r) => r.wallMs)} ms, CPU ${m((r) => r.cpuMs)} ms, ` +
      `first request ${m((r) => r.firstRequestMs)} ms, first write ${m((r) => r.firstWriteMs)} ms, ` +
      `first write to exit ${m((r) => r.wallMs - r.firstWriteMs)} ms, ` +
      `first write to first dependent ${m((r) => r.firstDependentMs)} ms, ` +
      `requests ${m((r) => r.requests)}, throttled ${m((r) => r.throttled)}\n`,
  );
}
process.exit(0);
