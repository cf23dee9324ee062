import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { manta, mantaChunked } from './manta-client.js';

/** The per-operation request counts benchmarks read from `GET /--emulator/stats`. */
let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(async () => {
  await t?.close();
});

describe('Manta request statistics', () => {
  it('counts each namespace operation under its own name, though one route serves them all', async () => {
    const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
      manta(t.emulator.mantaUrl, method, path, { sign: t.owner, headers, ...(body !== undefined ? { body } : {}) });
    await call('PUT', '/acme/stor/stats', { 'content-type': 'application/json; type=directory' });
    await call('PUT', '/acme/stor/stats/a.txt', { 'content-type': 'text/plain' }, 'a');
    await mantaChunked(t.emulator.mantaUrl, 'PUT', '/acme/stor/stats/a.txt?metadata=true', {
      sign: t.owner,
      headers: { 'content-type': 'text/html' },
    });
    await call('PUT', '/acme/stor/stats/link', {
      'content-type': 'application/json; type=link',
      location: '/acme/stor/stats/a.txt',
    });
    await call('GET', '/acme/stor/stats');
    await call('HEAD', '/acme/stor/stats');
    await call('GET', '/acme/stor/stats/a.txt');
    await call('HEAD', '/acme/stor/stats/a.txt');
    await call('DELETE', '/acme/stor/stats/link');
    await call('DELETE', '/acme/stor/stats/a.txt');
    await call('DELETE', '/acme/stor/stats');

    const stats = (await manta(t.emulator.mantaUrl, 'GET', '/--emulator/stats')).json as {
      manta: Record<string, number>;
    };
    expect(stats.manta).toEqual({
      PutDirectory: 1,
      PutObject: 1,
      PutMetadata: 1,
      PutSnapLink: 1,
      ListDirectory: 1,
      HeadDirectory: 1,
      GetObject: 1,
      HeadObject: 1,
      DeleteObject: 2,
      DeleteDirectory: 1,
    });
  });
});
