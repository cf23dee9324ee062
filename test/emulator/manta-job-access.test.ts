import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestKey, writeTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { call as cloudapi, type SignOptions } from '../../scripts/support/signer.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * What a job may read, in every phase: two accounts, `acme` running jobs and `other` holding a
 * secret. Every read of another account's object that Manta refuses (map, reduce, several
 * reducers, assets in a later phase, a sub-user's untagged object) is an error of the job and the
 * secret's bytes never reach an output; what Manta allows (own objects, another account's
 * /public) still works.
 */
const SECRET = 'OTHER-SECRET-BYTES-4f1c';
const OWN = 'acme-own-bytes\n';
const PUBLIC = 'other-public-bytes\n';

let emulator: RunningEmulator;
let acmeKey: TestKeyPair;
let otherKey: TestKeyPair;
let bobKey: TestKeyPair;
let acme: SignOptions;
let other: SignOptions;
let bob: SignOptions;

const as = (sign: SignOptions, method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(emulator.mantaUrl, method, path, { sign, ...options });

async function put(sign: SignOptions, path: string, body: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await as(sign, 'PUT', path, { body, headers: { 'content-type': 'text/plain', ...headers } });
  expect(res.status, res.text).toBe(204);
}

interface JobResult {
  readonly job: Record<string, unknown>;
  readonly errors: Array<Record<string, unknown>>;
  readonly failures: string[];
  /** The bytes of every output object. */
  readonly outputs: string[];
}

/** Creates a job, adds the inputs, ends them and waits for `done` (a budget, not a verdict). */
async function runJob(
  phases: unknown[],
  inputs: string[],
  sign: SignOptions = acme,
  headers: Record<string, string> = {},
): Promise<JobResult> {
  const created = await as(sign, 'POST', '/acme/jobs', { body: { phases }, headers });
  expect(created.status, created.text).toBe(201);
  const path = created.headers.location as string;
  const added = await as(sign, 'POST', `${path}/live/in`, {
    body: inputs.join('\n'),
    headers: { 'content-type': 'text/plain', ...headers },
  });
  expect(added.status, added.text).toBe(204);
  expect((await as(sign, 'POST', `${path}/live/in/end`, { headers })).status).toBe(202);
  let job: Record<string, unknown> = {};
  for (let i = 0; i < 4000 && job.state !== 'done'; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 25));
    job = (await as(acme, 'GET', `${path}/live/status`)).json as Record<string, unknown>;
  }
  expect(job.state).toBe('done');
  const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
  const errors = lines((await as(acme, 'GET', `${path}/live/err`)).text).map(
    (l) => JSON.parse(l) as Record<string, unknown>,
  );
  const failures = lines((await as(acme, 'GET', `${path}/live/fail`)).text);
  const outputs: string[] = [];
  for (const o of lines((await as(acme, 'GET', `${path}/live/out`)).text)) {
    const got = await as(acme, 'GET', o);
    expect(got.status).toBe(200);
    outputs.push(got.text);
  }
  return { job, errors, failures, outputs };
}

/** The secret must appear nowhere the job's owner can read: outputs, error messages, stderr objects. */
async function expectNoSecret(result: JobResult): Promise<void> {
  for (const o of result.outputs) expect(o).not.toContain(SECRET);
  for (const e of result.errors) {
    expect(JSON.stringify(e)).not.toContain(SECRET);
    if (typeof e.stderr === 'string') expect((await as(acme, 'GET', e.stderr)).text).not.toContain(SECRET);
  }
}

const refusedInput = (path: string, phaseNum: number): Record<string, unknown> => ({
  code: 'AuthorizationError',
  message: `permission denied: "${path}"`,
  input: path,
  phaseNum,
});

beforeAll(async () => {
  acmeKey = generateTestKey('rsa', 'acme@test');
  otherKey = generateTestKey('ed25519', 'other@test');
  bobKey = generateTestKey('ed25519', 'bob@test');
  emulator = await startEmulator({
    accounts: [
      { login: 'acme', keys: [acmeKey.publicOpenSsh] },
      { login: 'other', keys: [otherKey.publicOpenSsh] },
    ],
  });
  acme = { keyId: `/acme/keys/${acmeKey.md5}`, key: acmeKey };
  other = { keyId: `/other/keys/${otherKey.md5}`, key: otherKey };
  bob = { keyId: `/acme/bob/keys/${bobKey.md5}`, key: bobKey };
  await put(other, '/other/stor/secret.txt', `${SECRET}\n`);
  await put(other, '/other/stor/tool.sh', `echo ${SECRET}\n`);
  await put(other, '/other/public/shared.txt', PUBLIC);
  await put(acme, '/acme/stor/own.txt', OWN);
});

afterAll(async () => {
  await emulator?.close();
});

describe('what a job may read, in every phase', () => {
  it('refuses another account’s object to a reduce-only job: AuthorizationError, and the reducer runs without it', async () => {
    const r = await runJob([{ type: 'reduce', exec: 'cat' }], ['/other/stor/secret.txt', '/acme/stor/own.txt']);
    expect(r.errors).toEqual([
      expect.objectContaining({
        ...refusedInput('/other/stor/secret.txt', 0),
        p0input: '/other/stor/secret.txt',
        what: 'phase 0: input "/other/stor/secret.txt"',
      }),
    ]);
    expect(r.failures).toEqual(['/other/stor/secret.txt']);
    expect(r.outputs).toEqual([OWN]);
    await expectNoSecret(r);
  });

  it('refuses it in a map+reduce job and across several reducers, keeping the inputs it may read', async () => {
    const mapReduce = await runJob([{ exec: 'cat' }, { type: 'reduce', exec: 'cat' }], ['/other/stor/secret.txt']);
    expect(mapReduce.errors).toEqual([expect.objectContaining(refusedInput('/other/stor/secret.txt', 0))]);
    expect(mapReduce.outputs).toEqual(['']);
    await expectNoSecret(mapReduce);

    const inputs = [
      '/other/stor/secret.txt',
      '/acme/stor/own.txt',
      '/other/public/shared.txt',
      '/other/stor/secret.txt',
    ];
    const reducers = await runJob([{ type: 'reduce', count: 3, exec: 'cat' }], inputs);
    expect(reducers.errors).toEqual([
      expect.objectContaining(refusedInput('/other/stor/secret.txt', 0)),
      expect.objectContaining(refusedInput('/other/stor/secret.txt', 0)),
    ]);
    expect(reducers.outputs).toHaveLength(3);
    expect(reducers.outputs.join('').split('\n').sort()).toEqual(['', 'acme-own-bytes', 'other-public-bytes']);
    await expectNoSecret(reducers);
  });

  it('fails the task of a later reduce phase whose asset is another account’s object, naming the asset', async () => {
    const r = await runJob(
      [
        { exec: 'cat' },
        { type: 'reduce', exec: 'sh /assets/other/stor/tool.sh; cat', assets: ['/other/stor/tool.sh'] },
      ],
      ['/acme/stor/own.txt'],
    );
    expect(r.errors).toEqual([
      expect.objectContaining({
        code: 'TaskInitError',
        phaseNum: 1,
        what: 'phase 1: reduce',
        message:
          'error retrieving asset "/other/stor/tool.sh" (status code 403): permission denied: "/other/stor/tool.sh"',
      }),
    ]);
    expect(r.outputs).toEqual([]);
    await expectNoSecret(r);
  });

  it('still reads the job owner’s objects and another account’s /public, as inputs and as assets', async () => {
    const r = await runJob(
      [
        { exec: 'cat' },
        { type: 'reduce', exec: 'cat; cat /assets/other/public/shared.txt', assets: ['/other/public/shared.txt'] },
      ],
      ['/acme/stor/own.txt', '/other/public/shared.txt'],
    );
    expect(r.errors).toEqual([]);
    expect(r.outputs).toHaveLength(1);
    expect(r.outputs[0]!.split('\n').sort()).toEqual([
      '',
      'acme-own-bytes',
      'other-public-bytes',
      'other-public-bytes',
    ]);
  });

  it('lets a sub-user’s job read only what its role may get, in a reduce phase too', async () => {
    const api = (method: string, path: string, body: unknown): Promise<{ status: number }> =>
      cloudapi(emulator.cloudapiUrl, method, path, { sign: acme, body });
    expect(
      (await api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' })).status,
    ).toBe(201);
    expect((await api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' })).status).toBe(201);
    // muskie checks a job's changes as managejob, and CreateJob asks that the caller may write where
    // the job writes (putobject, putdirectory: lib/jobs/create.js ensurePutAccess).
    const rules = ['CAN createjob, managejob, getjob', 'CAN putobject, putdirectory', 'CAN getobject'];
    expect((await api('POST', '/acme/policies', { name: 'jobs', rules })).status).toBe(201);
    expect((await api('POST', '/acme/roles', { name: 'jobbers', members: ['bob'], policies: ['jobs'] })).status).toBe(
      201,
    );
    const tag = { 'role-tag': 'jobbers' };
    const jobsDir = await as(acme, 'PUT', '/acme/jobs', {
      headers: { 'content-type': 'application/json; type=directory', ...tag },
    });
    expect(jobsDir.status, jobsDir.text).toBe(204);
    await put(acme, '/acme/stor/tagged.txt', 'tagged-bytes\n', tag);
    await put(acme, '/acme/stor/untagged.txt', 'untagged-bytes\n');

    const role = { role: 'jobbers' };
    const reduce = await runJob(
      [{ type: 'reduce', exec: 'cat' }],
      ['/acme/stor/tagged.txt', '/acme/stor/untagged.txt'],
      bob,
      role,
    );
    expect(reduce.errors).toEqual([expect.objectContaining(refusedInput('/acme/stor/untagged.txt', 0))]);
    expect(reduce.outputs).toEqual(['tagged-bytes\n']);
    const map = await runJob([{ exec: 'cat' }], ['/acme/stor/untagged.txt', '/other/stor/secret.txt'], bob, role);
    // The two map tasks run side by side: their errors come in either order.
    expect(map.errors.map((e) => [e.code, e.input]).sort()).toEqual([
      ['AuthorizationError', '/acme/stor/untagged.txt'],
      ['AuthorizationError', '/other/stor/secret.txt'],
    ]);
    await expectNoSecret(map);
  });

  it('grants a sub-user’s job what a rule allows only `WHEN fromjob = true`, which a direct GET is refused', async () => {
    const api = (method: string, path: string, body: unknown): Promise<{ status: number }> =>
      cloudapi(emulator.cloudapiUrl, method, path, { sign: acme, body });
    expect(
      (await api('POST', '/acme/policies', { name: 'from-jobs', rules: ['CAN getobject WHEN fromjob = true'] })).status,
    ).toBe(201);
    expect(
      (await api('POST', '/acme/roles', { name: 'jobreaders', members: ['bob'], policies: ['from-jobs'] })).status,
    ).toBe(201);
    await put(acme, '/acme/stor/job-only.txt', 'job-only-bytes\n', { 'role-tag': 'jobreaders' });
    const roles = { role: 'jobbers,jobreaders' };
    const direct = await as(bob, 'GET', '/acme/stor/job-only.txt', { headers: roles });
    expect([direct.status, direct.json.code]).toEqual([403, 'AuthorizationFailed']);
    const r = await runJob([{ type: 'reduce', exec: 'cat' }], ['/acme/stor/job-only.txt'], bob, roles);
    expect(r.errors).toEqual([]);
    expect(r.outputs).toEqual(['job-only-bytes\n']);
  });

  it('reports a missing object, an unknown account and a directory as marlin does', async () => {
    const r = await runJob([{ type: 'reduce', exec: 'cat' }], ['/acme/stor/nope.txt', '/nobody/stor/x', '/acme/stor']);
    expect(r.errors.map((e) => [e.code, e.message])).toEqual([
      ['ResourceNotFoundError', 'no such object: "/acme/stor/nope.txt"'],
      ['ResourceNotFoundError', 'no such object: "/nobody/stor/x"'],
      ['InvalidArgumentError', 'objects of type "directory" are not supported: "/acme/stor"'],
    ]);
    expect(r.outputs).toEqual(['']);
  });
});

describe('CreateJob validation', () => {
  it.each([
    ['/acme/stor/../../etc/passwd', 'has a "." or ".." segment'],
    ['acme/stor/tool.sh', 'is not an absolute object path'],
    ['/acme/stor', 'names no object'],
  ])('refuses the asset %s with 400 InvalidJob naming it', async (asset, rule) => {
    const res = await as(acme, 'POST', '/acme/jobs', {
      body: { phases: [{ exec: 'cat' }, { type: 'reduce', exec: 'cat', assets: ['/acme/stor/own.txt', asset] }] },
    });
    expect([res.status, res.json.code]).toEqual([400, 'InvalidJob']);
    expect(res.json.message).toContain(`property "phases[1].assets[1]": ${JSON.stringify(asset)} ${rule}`);
    const listed = await as(acme, 'GET', '/acme/jobs?state=running');
    expect(listed.text).toBe('');
  });

  it('refuses a property marlin’s schema does not know, in jsprim’s words', async () => {
    const phase = await as(acme, 'POST', '/acme/jobs', { body: { phases: [{ exec: 'cat', memroy: 512 }] } });
    expect([phase.status, phase.json.code, phase.json.message]).toEqual([
      400,
      'InvalidJob',
      'property "phases[0].memroy": unsupported property',
    ]);
    const job = await as(acme, 'POST', '/acme/jobs', { body: { phases: [{ exec: 'cat' }], options: {} } });
    expect([job.status, job.json.message]).toEqual([400, 'property "options": unsupported property']);
  });
});

describe('mjob, as a user types it', () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'manta-job-access-home-'));
    mkdirSync(join(home, '.ssh'), { mode: 0o700 });
    writeTestKey(acmeKey, 'rsa', join(home, '.ssh'));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  function mjob(args: readonly string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join('node_modules/manta/bin/mjob'), ...args], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          MANTA_URL: emulator.mantaUrl,
          MANTA_USER: 'acme',
          MANTA_KEY_ID: acmeKey.md5,
          MANTA_TLS_INSECURE: '1',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  it('mjob create -r cat over another account’s object: mjob errors shows AuthorizationError, the output is empty', async () => {
    const created = await mjob(['create', '-w', '-r', 'cat'], '/other/stor/secret.txt\n');
    expect(created.stderr).toContain('had 1 error');
    const id = created.stdout.trim().split('\n').pop() as string;
    const errors = (await mjob(['errors', id])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    expect(errors).toEqual([expect.objectContaining(refusedInput('/other/stor/secret.txt', 0))]);
    const outputs = (await mjob(['outputs', id])).stdout.trim().split('\n');
    expect(outputs).toHaveLength(1);
    const got = await as(acme, 'GET', outputs[0]!);
    expect([got.status, got.text]).toEqual([200, '']);
  });
});
