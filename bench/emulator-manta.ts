/**
 * Benchmark of the local Manta (run with `npx tsx bench/emulator-manta.ts [objects] [mpuMB]`).
 *
 * Measures small-object PUT and GET throughput (signed requests over loopback, 8 in flight), with
 * and without a data directory, and a 256 MB multipart upload in 8 MB parts: upload MB/s, commit
 * time, download MB/s, and the process's peak heap and RSS while the bytes flow (they must stay far
 * below the object size: bytes stream to files). Prints one JSON line per scenario; never fails on
 * timing (timing belongs here, not in tests).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { startEmulator } from '../emulator/index.js';
import { generateTestKey } from '../scripts/support/keys.js';
import { signatureHeaders, type SignOptions } from '../scripts/support/signer.js';

const objects = Number(process.argv[2] ?? 2000);
const mpuMb = Number(process.argv[3] ?? 256);
const partMb = 8;
const inFlight = 8;
const key = generateTestKey('ed25519', 'bench@triton-iac');
const sign: SignOptions = { keyId: `/acme/keys/${key.md5}`, key };
const dispatcher = new Agent({ connections: inFlight, keepAliveTimeout: 10_000 });

let peakHeap = 0;
let peakRss = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}, 20);

async function send(
  base: string,
  method: string,
  path: string,
  body?: string | Buffer | Readable,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number; md5: string }> {
  const res = await request(`${base}${path}`, {
    method: method as 'GET',
    dispatcher,
    headers: { ...headers, ...signatureHeaders(method, path, sign) },
    ...(body !== undefined ? { body } : {}),
  });
  const hash = createHash('md5');
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  if (res.statusCode >= 300 && res.statusCode !== 301) throw new Error(`${method} ${path}: ${res.statusCode}`);
  return { status: res.statusCode, headers: res.headers as Record<string, unknown>, bytes, md5: hash.digest('base64') };
}

async function pool<T>(items: readonly T[], fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

async function smallObjects(dataDir: string | undefined): Promise<void> {
  const emu = await startEmulator({
    accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }],
    ...(dataDir !== undefined ? { dataDir } : {}),
  });
  const base = emu.mantaUrl;
  await send(base, 'PUT', '/acme/stor/bench', undefined, { 'content-type': 'application/json; type=directory' });
  const names = Array.from({ length: objects }, (_, i) => `/acme/stor/bench/o${i}`);
  const body = randomBytes(1024);
  let t0 = performance.now();
  await pool(names, (n) => send(base, 'PUT', n, body, { 'content-type': 'application/octet-stream' }));
  const putMs = performance.now() - t0;
  t0 = performance.now();
  await pool(names, (n) => send(base, 'GET', n));
  const getMs = performance.now() - t0;
  await emu.close();
  console.log(
    JSON.stringify({
      scenario: `small objects (1 KiB), ${dataDir === undefined ? 'in memory' : 'data dir'}`,
      objects,
      putPerSec: Math.round((objects / putMs) * 1000),
      getPerSec: Math.round((objects / getMs) * 1000),
    }),
  );
}

async function multipart(dataDir: string): Promise<void> {
  const emu = await startEmulator({ accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }], dataDir });
  const base = emu.mantaUrl;
  peakHeap = 0;
  peakRss = 0;
  const created = await request(`${base}/acme/uploads`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...signatureHeaders('POST', '/acme/uploads', sign) },
    body: JSON.stringify({ objectPath: '/acme/stor/big.bin' }),
  });
  const { partsDirectory } = (await created.body.json()) as { partsDirectory: string };
  const block = randomBytes(1024 * 1024);
  const parts = Math.ceil(mpuMb / partMb);
  const whole = createHash('md5');
  const etags: string[] = [];
  const t0 = performance.now();
  for (let p = 0; p < parts; p++) {
    const mb = Math.min(partMb, mpuMb - p * partMb);
    for (let i = 0; i < mb; i++) whole.update(block);
    // The part is generated as it is sent: the client holds 1 MiB, never the part.
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < mb; i++) yield block;
      })(),
    );
    const res = await send(base, 'PUT', `${partsDirectory}/${p}`, body, { 'content-length': String(mb * 1024 * 1024) });
    etags.push(String(res.headers.etag));
  }
  const uploadMs = performance.now() - t0;
  const t1 = performance.now();
  const commit = await request(`${base}${partsDirectory}/commit`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...signatureHeaders('POST', `${partsDirectory}/commit`, sign) },
    body: JSON.stringify({ parts: etags }),
  });
  await commit.body.dump();
  const commitMs = performance.now() - t1;
  const t2 = performance.now();
  const got = await send(base, 'GET', '/acme/stor/big.bin');
  const getMs = performance.now() - t2;
  await emu.close();
  console.log(
    JSON.stringify({
      scenario: `multipart upload of ${mpuMb} MB in ${partMb} MB parts, data dir`,
      commitStatus: commit.statusCode,
      uploadMBps: Math.round(mpuMb / (uploadMs / 1000)),
      commitMs: Math.round(commitMs),
      downloadMBps: Math.round(mpuMb / (getMs / 1000)),
      bytesIntact: got.bytes === mpuMb * 1024 * 1024 && got.md5 === whole.digest('base64'),
      peakHeapMB: Math.round(peakHeap / 2 ** 20),
      peakRssMB: Math.round(peakRss / 2 ** 20),
    }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bench-manta-'));
try {
  await smallObjects(undefined);
  await smallObjects(join(dir, 'small'));
  await multipart(join(dir, 'mpu'));
} finally {
  clearInterval(sampler);
  await dispatcher.close();
  rmSync(dir, { recursive: true, force: true });
}
