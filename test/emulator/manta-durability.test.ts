import { afterEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorOptions } from '../../emulator/index.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/** Persistence across restarts, and the shared fault, throttle and consistency controls applied to Manta. */
const running: TestEmulator[] = [];
const dirs: string[] = [];
async function start(
  options: EmulatorOptions = {},
): Promise<{ t: TestEmulator; call: (m: string, p: string, o?: MantaRequest) => Promise<MantaResponse> }> {
  const t = await startTestEmulator(options);
  running.push(t);
  return { t, call: (method, path, o = {}) => manta(t.emulator.mantaUrl, method, path, { sign: t.owner, ...o }) };
}
afterEach(async () => {
  for (const t of running.splice(0)) await t.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const md5 = (b: Buffer | string): string => createHash('md5').update(b).digest('base64');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('Manta persistence', () => {
  it('keeps directories, objects with intact bytes, links, metadata, committed uploads and finished jobs across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'manta-persist-'));
    dirs.push(dataDir);
    const big = randomBytes(3 * 1024 * 1024);
    const first = await start({ dataDir });
    await first.call('PUT', '/acme/stor/keep', { headers: { 'content-type': 'application/json; type=directory' } });
    const put = await first.call('PUT', '/acme/stor/keep/big.bin', { body: big, headers: { 'm-origin': 'test' } });
    expect(put.status).toBe(204);
    await first.call('PUT', '/acme/stor/keep/link', {
      headers: { 'content-type': 'application/json; type=link', location: '/acme/stor/keep/big.bin' },
    });
    const { partsDirectory } = (
      await first.call('POST', '/acme/uploads', { body: { objectPath: '/acme/stor/keep/mpu' } })
    ).json;
    const e0 = (await first.call('PUT', `${partsDirectory}/0`, { body: 'multipart' })).headers.etag;
    expect((await first.call('POST', `${partsDirectory}/commit`, { body: { parts: [e0] } })).status).toBe(201);
    const job = (await first.call('POST', '/acme/jobs', { body: { phases: [{ exec: 'wc -c' }] } })).headers
      .location as string;
    await first.call('POST', `${job}/live/in`, {
      body: '/acme/stor/keep/mpu',
      headers: { 'content-type': 'text/plain' },
    });
    await first.call('POST', `${job}/live/in/end`);
    for (let i = 0; i < 5000 && (await first.call('GET', `${job}/live/status`)).json.state !== 'done'; i++)
      await sleep(20); // a budget, not a check
    await first.t.close();
    running.length = 0;

    const second = await start({ dataDir });
    const got = await second.call('GET', '/acme/stor/keep/big.bin');
    expect(got.headers).toMatchObject({ etag: put.headers.etag, 'm-origin': 'test', 'content-md5': md5(big) });
    const raw = await fetchBytes(second.t.emulator.mantaUrl, '/acme/stor/keep/big.bin', second.t);
    expect(md5(raw)).toBe(md5(big));
    expect(md5(await fetchBytes(second.t.emulator.mantaUrl, '/acme/stor/keep/link', second.t))).toBe(md5(big));
    expect((await second.call('GET', '/acme/stor/keep/mpu')).text).toBe('multipart');
    expect((await second.call('GET', `${partsDirectory}/state`)).json).toMatchObject({
      state: 'done',
      result: 'committed',
    });
    expect((await second.call('GET', `${job}/live/status`)).json).toMatchObject({
      state: 'done',
      stats: { outputs: 1 },
    });
    const output = (await second.call('GET', `${job}/live/out`)).text.trim();
    expect((await second.call('GET', output)).text.trim()).toBe('9');
    const listing = (await second.call('GET', '/acme/stor/keep')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).name);
    expect(listing).toEqual(['big.bin', 'link', 'mpu']);
  });
});

async function fetchBytes(base: string, path: string, t: TestEmulator): Promise<Buffer> {
  const { request } = await import('undici');
  const { signatureHeaders } = await import('../../scripts/support/signer.js');
  const res = await request(`${base}${path}`, { headers: signatureHeaders('GET', path, t.owner) });
  return Buffer.from(await res.body.arrayBuffer());
}

describe('Manta uploads cut off mid-body', () => {
  it('leaves neither an object nor a stray blob file when the client hangs up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'manta-cut-'));
    dirs.push(dataDir);
    const { t, call } = await start({ dataDir });
    const { signatureHeaders } = await import('../../scripts/support/signer.js');
    const { connect } = await import('node:net');
    const url = new URL(t.emulator.mantaUrl);
    const headers = {
      ...signatureHeaders('PUT', '/acme/stor/cut', t.owner),
      'content-length': '1000000',
      host: url.host,
    };
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `PUT /acme/stor/cut HTTP/1.1\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n')}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(1000));
    // Hang up once the server is streaming the body into a partial blob (a loaded machine may take
    // seconds to get there), within a budget far past any load.
    const { readdirSync } = await import('node:fs');
    const blobs = (): string[] => readdirSync(join(dataDir, 'manta', 'blobs'));
    for (let i = 0; i < 5000 && blobs().length === 0; i++) await sleep(20);
    expect(blobs(), 'the server started writing the body').not.toEqual([]);
    socket.destroy();
    // The server notices the cut when it notices it: wait for the partial blob to go.
    for (let i = 0; i < 5000 && blobs().length > 0; i++) await sleep(20);
    expect((await call('GET', '/acme/stor/cut')).status).toBe(404);
    expect(blobs()).toEqual([]);
  });
});

describe('Manta reads racing with writes', () => {
  it('finishes a download with the old bytes when the object is deleted while it streams', async () => {
    const { t, call } = await start();
    // Two parts, so the second part's file is opened only after the first has streamed out.
    const parts = [randomBytes(6 * 1024 * 1024), randomBytes(18 * 1024 * 1024)];
    const big = Buffer.concat(parts);
    const { partsDirectory } = (await call('POST', '/acme/uploads', { body: { objectPath: '/acme/stor/racing' } }))
      .json;
    const etags: string[] = [];
    for (const [i, p] of parts.entries())
      etags.push((await call('PUT', `${partsDirectory}/${i}`, { body: p })).headers.etag as string);
    expect((await call('POST', `${partsDirectory}/commit`, { body: { parts: etags } })).status).toBe(201);
    const { request } = await import('undici');
    const { signatureHeaders } = await import('../../scripts/support/signer.js');
    const res = await request(`${t.emulator.mantaUrl}/acme/stor/racing`, {
      headers: signatureHeaders('GET', '/acme/stor/racing', t.owner),
    });
    expect((await call('DELETE', '/acme/stor/racing')).status).toBe(204);
    const got = Buffer.from(await res.body.arrayBuffer());
    expect(md5(got)).toBe(md5(big));
  });
});

describe('Manta under the shared controls', () => {
  it('fails requests with injected faults in Manta form when the fault rate is 1', async () => {
    const { call } = await start({ faultRate: 1, seed: 7 });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      try {
        const res = await call('GET', '/acme/stor');
        expect(res.headers.server).toBe('Manta');
        seen.add(`${res.status} ${res.json.code}`);
      } catch {
        seen.add('reset');
      }
    }
    expect([...seen].every((s) => ['500 InternalError', '503 ServiceUnavailable', 'reset'].includes(s))).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('throttles Manta requests above the configured rate with 503 Throttled', async () => {
    // A clock that stands still: all eight requests fall in one throttle window however slowly they go.
    const now = Date.now();
    const { call } = await start({ throttleRps: 3, clock: () => now });
    const statuses = await Promise.all(Array.from({ length: 8 }, () => call('GET', '/acme/stor')));
    const throttled = statuses.filter((r) => r.status === 503);
    expect(throttled).toHaveLength(5);
    expect(throttled[0]?.json.code).toBe('Throttled');
  });

  it('serves stale reads inside the consistency window: a new object is missing (also from its listing) and an overwrite shows the old bytes', async () => {
    // The emulator's clock moves only when the test moves it, so "inside the window" holds however
    // slowly the requests go.
    let now = Date.now();
    const { call } = await start({ consistencyWindowMs: 250, staleReadRate: 1, clock: () => now });
    now += 300; // the account key itself is new at start-up
    expect((await call('PUT', '/acme/stor/fresh', { body: 'v1' })).status).toBe(204);
    expect((await call('GET', '/acme/stor/fresh')).status).toBe(404);
    expect((await call('GET', '/acme/stor')).text).not.toContain('fresh');
    now += 300;
    expect((await call('GET', '/acme/stor')).text).toContain('"name":"fresh"');
    expect((await call('GET', '/acme/stor/fresh')).text).toBe('v1');
    await call('PUT', '/acme/stor/fresh', { body: 'v2' });
    expect((await call('GET', '/acme/stor/fresh')).text).toBe('v1');
    now += 300;
    expect((await call('GET', '/acme/stor/fresh')).text).toBe('v2');
  });
});
