import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * `mantaVersion: 2` answers as muskie master (Manta v2): `Server: Manta/2`, no jobs (no routes,
 * no `jobs` in `ls /:login`), snaplinks refused, part numbers up to 799; the default stays mantav1
 * (issue 31, point 18).
 */
let v1: TestEmulator;
let v2: TestEmulator;

const call = (t: TestEmulator, method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(t.emulator.mantaUrl, method, path, { sign: t.owner, ...options });
const names = (r: MantaResponse): string[] =>
  r.text
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { name: string }).name);

beforeAll(async () => {
  [v1, v2] = await Promise.all([startTestEmulator(), startTestEmulator({ mantaVersion: 2 })]);
});
afterAll(async () => {
  await Promise.all([v1?.close(), v2?.close()]);
});

describe('the Manta line the emulator answers as', () => {
  it('lists jobs on v1 only and sends Server: Manta on v1, Manta/2 on v2', async () => {
    const one = await call(v1, 'GET', '/acme');
    expect([one.headers.server, names(one)]).toEqual(['Manta', ['jobs', 'public', 'reports', 'stor', 'uploads']]);
    const two = await call(v2, 'GET', '/acme');
    expect([two.headers.server, names(two)]).toEqual(['Manta/2', ['public', 'reports', 'stor', 'uploads']]);
  });

  it('has no job routes on v2', async () => {
    for (const [method, path] of [
      ['POST', '/acme/jobs'],
      ['GET', '/acme/jobs'],
    ] as const) {
      const res = await call(v2, method, path, method === 'POST' ? { body: { phases: [{ exec: 'cat' }] } } : {});
      expect([method, res.status, res.json.code]).toEqual([method, 404, 'ResourceNotFound']);
    }
  });

  it('refuses snaplinks on v2 with 403 SnaplinksDisabledError', async () => {
    await call(v2, 'PUT', '/acme/stor/src', { body: 'x', headers: { 'content-type': 'text/plain' } });
    const res = await call(v2, 'PUT', '/acme/stor/link', {
      headers: { 'content-type': 'application/json; type=link', location: '/acme/stor/src' },
    });
    expect([res.status, res.json.code]).toEqual([403, 'SnaplinksDisabledError']);
  });

  it('takes part number 800 on v1 and refuses it on v2, whose limit is 799', async () => {
    for (const [t, status] of [
      [v1, 204],
      [v2, 409],
    ] as const) {
      const { partsDirectory } = (await call(t, 'POST', '/acme/uploads', { body: { objectPath: '/acme/stor/m' } }))
        .json as { partsDirectory: string };
      expect((await call(t, 'PUT', `${partsDirectory}/800`, { body: 'x' })).status).toBe(status);
      expect((await call(t, 'PUT', `${partsDirectory}/799`, { body: 'x' })).status).toBe(204);
    }
  });

  it('triton-iac emulator --manta-version 2 starts a Manta v2', async () => {
    const main = resolve('cli/main.ts');
    const driver = `import(${JSON.stringify(main)}).then((m) => m.main(process.argv.slice(1))).then((c) => { process.exitCode = c; })`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', driver, 'emulator', '--json', '--account', 'acme', '--manta-version', '2'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    try {
      const line = await new Promise<string>((resolveLine, reject) => {
        createInterface({ input: child.stdout }).once('line', resolveLine);
        child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
      });
      const ready = JSON.parse(line) as { mantaUrl: string };
      // Anonymous: the root listing is refused, but the answer already shows the line.
      const res = await manta(ready.mantaUrl, 'GET', '/acme/public');
      expect([res.status, res.headers.server]).toEqual([200, 'Manta/2']);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
