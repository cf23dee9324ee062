/**
 * Signing on the main thread against signing in a worker thread (issue 45: "work that can move off
 * the main thread may use a worker; measure both"): `npx tsx bench/signing.ts [N]` signs N Date
 * strings per key type both ways and prints the process's CPU per signature (user + system, every
 * thread counted, as the CPU-per-object goal counts it), the main thread's busy time per signature
 * with the worker, and what starting the worker costs. Never pass/fail.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const n = Number(process.argv[2] ?? 1000);
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dateLine = (i: number): string => `date: ${new Date(1e12 + i * 1000).toUTCString()}`;
const KEYS: Record<string, () => KeyObject> = {
  'RSA-2048': () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  'ECDSA P-256': () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
  'ECDSA P-384': () => generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey,
  Ed25519: () => generateKeyPairSync('ed25519').privateKey,
};
const WORKER = `const { parentPort, workerData } = require('node:worker_threads');
const { sign, createPrivateKey } = require('node:crypto');
const key = createPrivateKey(workerData.pem);
parentPort.on('message', ({ id, data }) =>
  parentPort.postMessage({ id, sig: sign(workerData.alg, Buffer.from(data), key).toString('base64') }));`;

process.stdout.write(
  '| key | main thread: CPU per signature | worker: process CPU per signature | worker: main thread busy per signature | worker start (CPU) |\n|---|---:|---:|---:|---:|\n',
);
for (const [name, make] of Object.entries(KEYS)) {
  const key = make();
  const alg = key.asymmetricKeyType === 'ed25519' ? null : 'sha256';
  for (let i = 0; i < 20; i++) sign(alg, Buffer.from(dateLine(i)), key);
  let c0 = cpuMs();
  for (let i = 0; i < n; i++) sign(alg, Buffer.from(dateLine(i)), key).toString('base64');
  const main = (cpuMs() - c0) / n;

  const s0 = cpuMs();
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { pem: key.export({ type: 'pkcs8', format: 'pem' }), alg },
  });
  const pending = new Map<number, (sig: string) => void>();
  let next = 0;
  worker.on('message', (m: { id: number; sig: string }) => {
    pending.get(m.id)?.(m.sig);
    pending.delete(m.id);
  });
  const viaWorker = (data: string): Promise<string> =>
    new Promise((resolve) => {
      pending.set(++next, resolve);
      worker.postMessage({ id: next, data });
    });
  await viaWorker(dateLine(0));
  const start = cpuMs() - s0;
  c0 = cpuMs();
  const e0 = performance.eventLoopUtilization();
  await Promise.all(Array.from({ length: n }, (_, i) => viaWorker(dateLine(i))));
  const busy = performance.eventLoopUtilization(e0).active / n;
  const inWorker = (cpuMs() - c0) / n;
  await worker.terminate();
  process.stdout.write(
    `| ${name} | ${main.toFixed(3)} ms | ${inWorker.toFixed(3)} ms | ${busy.toFixed(3)} ms | ${start.toFixed(1)} ms |\n`,
  );
}
