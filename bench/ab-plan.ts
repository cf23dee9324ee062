/**
 * Interleaved A/B of the no-op plan: `npx tsx bench/ab-plan.ts N RUNS BIN…` applies an N-object
 * rbac.json once (with the repo's own binary), then runs `triton-iac plan` of it RUNS times with
 * each BIN in turn (another build's `bin/triton-iac.js`, or a wrapper module that sets an
 * environment variable and imports one), all against one emulator with 20 ms of latency, and
 * prints each binary's wall and CPU medians. Alternating the binaries run by run puts them through
 * the same moments of a shared machine, where single samples move by ±50 ms. Never pass/fail.
 */
import { timedCli } from './private/proc.js';
import { resolve as resolvePath } from 'node:path';
import { generateTestKey } from '../scripts/support/keys.js';
import { startCloud } from './private/cloud.js';
import { iac } from './private/tools.js';
import { writeRbacSet } from './private/workload.js';
import { median } from './private/sample.js';

const [nArg, runsArg, ...given] = process.argv.slice(2);
// The plans run in the cloud's own directory: make the binaries' paths absolute first.
const bins = given.map((b) => resolvePath(b));
const n = Number(nArg);
const runs = Number(runsArg);
if (!Number.isInteger(n) || !Number.isInteger(runs) || bins.length === 0) {
  process.stderr.write('usage: npx tsx bench/ab-plan.ts N RUNS BIN [BIN…]\n');
  process.exit(2);
}

const cloud = await startCloud(generateTestKey('rsa', 'ab-plan'), { latencyMs: 20, consistencyWindowMs: 0, seed: n });
writeRbacSet(cloud.cwd, n);
const PLAN_ARGS = ['plan', 'rbac.json', '--account', 'acme', '--consistency-window-ms', '0'];
const applied = await iac(cloud, [
  'apply',
  'rbac.json',
  '--account',
  'acme',
  '--auto-approve',
  '--consistency-window-ms',
  '0',
]);
if (applied.code !== 0) throw new Error(`the apply failed: ${applied.stderr}`);

/** One plan with `bin`: its wall time and its CPU time (user + system, from `/usr/bin/time`). */
function planOnce(bin: string): Promise<{ wallMs: number; cpuMs: number }> {
  return timedCli(bin, PLAN_ARGS, cloud);
}

const samples = bins.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let run = 0; run < runs; run++) {
  for (const [i, bin] of bins.entries()) {
    const { wallMs, cpuMs } = await planOnce(bin);
    samples[i]!.wall.push(wallMs);
    samples[i]!.cpu.push(cpuMs);
  }
}
for (const [i, bin] of bins.entries()) {
  const { wall, cpu } = samples[i]!;
  process.stdout.write(
    `${Math.round(median(wall) ?? 0)} ms wall median (min ${Math.round(Math.min(...wall))}), ${Math.round(median(cpu) ?? 0)} ms CPU median  ${bin}\n`,
  );
}
await cloud.close();
