import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorReady } from '../e2e/support/emulator-ready.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import type { SignOptions } from '../../scripts/support/signer.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { accountKey, startTestEmulator, type TestEmulator } from './support/emulator.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * Manta operators (`mantaOperators`, UFDS's `operators` group, as muskie's test suites make their
 * `muskietest_operator_*` account or use `poseidon`): mahi authorizes them in every account, they
 * alone may list with `sort=none` / `skip_owner_check=true`, and on mantav1 they alone may delete
 * an upload or a part (`allowMpuDeletes=true`, else 422). Also: ListJobs' `type=job` stream and a
 * handler's uncaught exception answered with the standard headers.
 */
const lines = [1, 2] as const;
const emulators = new Map<1 | 2, TestEmulator>();
const operKey = generateTestKey('ecdsa-p256', 'poseidon@test');
const carolKey = generateTestKey('ecdsa-p256', 'carol@test');
const poseidon: SignOptions = { keyId: `/poseidon/keys/${operKey.md5}`, key: operKey };
const carol: SignOptions = { keyId: `/carol/keys/${carolKey.md5}`, key: carolKey };
const signers = { acme: undefined, poseidon, carol } as const;
type Who = keyof typeof signers;

const at = (v: 1 | 2): TestEmulator => emulators.get(v) as TestEmulator;
const call = (v: 1 | 2, who: Who, method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(at(v).emulator.mantaUrl, method, path, { sign: signers[who] ?? at(v).owner, ...options });

beforeAll(async () => {
  for (const v of lines) {
    const t = await startTestEmulator({
      mantaVersion: v,
      accounts: [
        { login: 'acme', keys: [accountKey().publicOpenSsh] },
        { login: 'poseidon', keys: [operKey.publicOpenSsh] },
        { login: 'carol', keys: [carolKey.publicOpenSsh] },
      ],
      mantaOperators: ['poseidon'],
    });
    emulators.set(v, t);
    expect((await call(v, 'acme', 'PUT', '/acme/stor/a.txt', { body: 'acme' })).status).toBe(204);
  }
});
afterAll(async () => {
  for (const v of lines) await emulators.get(v)?.close();
});

describe.each(lines)('operators on Manta v%i', (v) => {
  it.each([
    ['poseidon', 'GET', '/acme/stor?sort=none', 200, undefined],
    ['poseidon', 'GET', '/acme/stor?skip_owner_check=true', 200, undefined],
    ['poseidon', 'GET', '/acme/stor?sort=none&skip_owner_check=true', 200, undefined],
    ['poseidon', 'GET', '/acme/stor/a.txt', 200, undefined],
    ['poseidon', 'PUT', '/acme/stor/from-oper.txt', 204, undefined],
    ['poseidon', 'PUT', '/poseidon/stor/own', 204, undefined],
    ['acme', 'GET', '/acme/stor?sort=none', 403, 'QueryParameterForbidden'],
    ['acme', 'GET', '/acme/stor?skip_owner_check=true', 403, 'QueryParameterForbidden'],
    ['carol', 'GET', '/acme/stor', 403, 'AuthorizationFailed'],
    ['carol', 'GET', '/acme/stor/a.txt', 403, 'AuthorizationFailed'],
  ] as const)('%s %s %s → %i %s', async (who, method, path, status, code) => {
    const res = await call(v, who, method, path, method === 'PUT' ? { body: 'x' } : {});
    expect([res.status, res.json?.code]).toEqual([status, code]);
  });

  it('lists what the operator-only parameters ask for, unchanged', async () => {
    const dir = { headers: { 'content-type': 'application/json; type=directory' } };
    for (const path of ['/acme/stor/ls', '/acme/stor/ls/d1', '/acme/stor/ls/d0'])
      expect((await call(v, 'acme', 'PUT', path, dir)).status).toBe(204);
    const res = await call(v, 'poseidon', 'GET', '/acme/stor/ls?sort=none&skip_owner_check=true');
    expect(
      res.text
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { name: string }).name),
    ).toEqual(['d0', 'd1']);
  });

  it('deletes an upload or a part only for an operator on mantav1, with allowMpuDeletes=true', async () => {
    const created = await call(v, 'acme', 'POST', '/acme/uploads', { body: { objectPath: '/acme/stor/mpu.txt' } });
    const dir = (created.json as { partsDirectory: string }).partsDirectory;
    expect((await call(v, 'acme', 'PUT', `${dir}/0`, { body: 'part' })).status).toBe(204);
    const seen: string[] = [];
    for (const [who, path] of [
      ['acme', `${dir}/0?allowMpuDeletes=true`],
      ['poseidon', `${dir}/0`],
      ['poseidon', `${dir}?allowMpuDeletes=true`],
      ['poseidon', `${dir}/0?allowMpuDeletes=true`],
      ['poseidon', `${dir}/0?allowMpuDeletes=true`],
      ['poseidon', `${dir}?allowMpuDeletes=true`],
    ] as const) {
      const res = await call(v, who, 'DELETE', path);
      seen.push(`${who} ${path.slice(dir.length)} ${res.status} ${res.json?.code ?? res.text}`);
    }
    expect(seen).toEqual(
      v === 1
        ? [
            'acme /0?allowMpuDeletes=true 405 ',
            'poseidon /0 422 ',
            'poseidon ?allowMpuDeletes=true 400 DirectoryNotEmpty',
            'poseidon /0?allowMpuDeletes=true 204 ',
            'poseidon /0?allowMpuDeletes=true 404 ResourceNotFound',
            'poseidon ?allowMpuDeletes=true 204 ',
          ]
        : // master mounts forbiddenHandler on both routes, for operators too.
          [
            'acme /0?allowMpuDeletes=true 405 ',
            'poseidon /0 405 ',
            'poseidon ?allowMpuDeletes=true 405 ',
            'poseidon /0?allowMpuDeletes=true 405 ',
            'poseidon /0?allowMpuDeletes=true 405 ',
            'poseidon ?allowMpuDeletes=true 405 ',
          ],
    );
  });
});

describe('ListJobs on mantav1', () => {
  it('streams type=job (lib/jobs/list.js), with no type while there is no job', async () => {
    const empty = await call(1, 'acme', 'GET', '/acme/jobs');
    expect([empty.status, empty.headers['content-type'], empty.text]).toEqual([200, undefined, '']);
    const created = await call(1, 'acme', 'POST', '/acme/jobs', { body: { phases: [{ exec: 'wc' }] } });
    expect(created.status).toBe(201);
    const res = await call(1, 'acme', 'GET', '/acme/jobs');
    expect([res.headers['content-type'], res.headers['result-set-size']]).toEqual([
      'application/x-json-stream; type=job',
      undefined,
    ]);
    expect((JSON.parse(res.text.trim()) as { type: string }).type).toBe('directory');
  });
});

describe('an uncaught exception in a handler', () => {
  let running: RunningEmulator;
  beforeAll(async () => {
    running = await startEmulator({
      accounts: [{ login: 'acme', keys: [accountKey().publicOpenSsh] }],
      cloudapiRoutes: [
        {
          method: 'GET',
          path: '/:login/broken',
          name: 'Broken',
          auth: false,
          handler() {
            throw new TypeError('a bug');
          },
        },
      ],
    });
  });
  afterAll(async () => running.close());

  it('is a 500 InternalError with the standard headers', async () => {
    const res = await fetch(`${running.cloudapiUrl}/acme/broken`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 'InternalError', message: 'internal error' });
    expect(res.headers.get('request-id')).toBeTruthy();
    expect(res.headers.get('server')).toMatch(/^cloudapi\//);
    expect(res.headers.get('date')).toBeTruthy();
    expect(res.headers.get('content-md5')).toBeTruthy();
  });
});

describe('triton-iac emulator --manta-operator', () => {
  it('makes the login an operator account that lists another account with sort=none', async () => {
    const home = mkdtempSync(join(tmpdir(), 'manta-oper-'));
    writeFileSync(join(home, 'p.pub'), operKey.publicOpenSsh);
    writeFileSync(join(home, 'a.pub'), accountKey().publicOpenSsh);
    const args = ['--manta-version', '2', '--key', `acme=${join(home, 'a.pub')}`];
    const child = spawn(
      process.execPath,
      [
        'bin/triton-iac.js',
        'emulator',
        ...args,
        '--manta-operator',
        'poseidon',
        '--key',
        `poseidon=${join(home, 'p.pub')}`,
      ],
      { env: { PATH: process.env['PATH'] ?? '', HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const ready = await emulatorReady(child);
      expect(ready.stdout).toMatch(/accounts: (acme, poseidon|poseidon, acme);/);
      const url = /^export MANTA_URL=(\S+)/m.exec(ready.stdout)?.[1] as string;
      const res = await manta(url, 'GET', '/acme/stor?sort=none', { sign: poseidon });
      expect([res.status, res.headers['server']]).toEqual([200, 'Manta/2']);
    } finally {
      const closed = once(child, 'close');
      child.kill('SIGINT');
      await closed;
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
