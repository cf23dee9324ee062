import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { EmulatorStartError } from '../../emulator/index.js';
import { manta } from './manta-client.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

/**
 * muskie's monitoring listener on the Manta port + 800 (master main.js; mantav1 and master
 * test/monitoring.test.js read `/kang/snapshot` and `/metrics` there), opened with `mantaMonitor`.
 */
let t: TestEmulator;
let monitorUrl: string;

/** Starts with the monitor; another process may hold a random port + 800, so that start is retried. */
async function startWithMonitor(): Promise<TestEmulator> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await startTestEmulator({ mantaMonitor: true });
    } catch (err) {
      const taken = err instanceof EmulatorStartError && err.problem.kind === 'port-in-use';
      if (!taken || attempt >= 4) throw err;
    }
  }
}

beforeAll(async () => {
  t = await startWithMonitor();
  const url = new URL(t.emulator.mantaUrl);
  monitorUrl = `http://${url.hostname}:${Number(url.port) + 800}`;
});
afterAll(async () => {
  await t?.close();
});

describe('the Manta monitoring listener', () => {
  it('counts the Manta requests answered in /metrics, as muskie http_requests_completed', async () => {
    expect((await manta(t.emulator.mantaUrl, 'GET', '/acme/stor', { sign: t.owner })).status).toBe(200);
    const res = await request(`${monitorUrl}/metrics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4');
    const text = await res.body.text();
    expect(text).toContain('# TYPE http_requests_completed counter');
    expect(text).toMatch(/^http_requests_completed\{operation="[A-Za-z]+"\} [1-9]\d*$/m);
  });

  it('serves a kang snapshot naming muskie', async () => {
    const res = await request(`${monitorUrl}/kang/snapshot`);
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toMatchObject({ service: { component: 'muskie' }, types: [] });
  });

  it('answers 404 off its paths', async () => {
    expect((await request(`${monitorUrl}/acme/stor`)).statusCode).toBe(404);
  });
});
