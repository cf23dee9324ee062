import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/** Compute jobs and multipart uploads over the Manta HTTP API. */
let t: TestEmulator;
const call = (method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(t.emulator.mantaUrl, method, path, { sign: t.owner, ...options });

async function waitDone(path: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 4000; i++) {
    // a budget far past any load, not a check
    const res = await call('GET', `${path}/live/status`);
    if (res.json.state === 'done') return res.json;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} did not finish`);
}

async function runJob(phases: unknown[], inputs: string[]): Promise<string> {
  const created = await call('POST', '/acme/jobs', { body: { phases } });
  expect(created.status).toBe(201);
  const path = created.headers.location as string;
  expect(
    (await call('POST', `${path}/live/in`, { body: inputs.join('\n'), headers: { 'content-type': 'text/plain' } }))
      .status,
  ).toBe(204);
  expect((await call('POST', `${path}/live/in/end`)).status).toBe(202);
  return path;
}

beforeAll(async () => {
  t = await startTestEmulator();
  await call('PUT', '/acme/stor/in.txt', { body: 'x y z\n', headers: { 'content-type': 'text/plain' } });
});
afterAll(async () => {
  await t?.close();
});

describe('Manta jobs over HTTP', () => {
  it('rejects a job without phases with 400 InvalidJob naming the property', async () => {
    const res = await call('POST', '/acme/jobs', { body: { phases: [] } });
    expect([res.status, res.json.code]).toEqual([400, 'InvalidJob']);
    expect(res.json.message).toContain('property "phases"');
  });

  it('creates a job at its Location, runs it to done and serves outputs as real objects', async () => {
    const path = await runJob([{ exec: 'tr a-z A-Z' }], ['/acme/stor/in.txt']);
    expect(path).toMatch(/^\/acme\/jobs\/[0-9a-f-]{36}$/);
    const job = await waitDone(path);
    expect(job).toMatchObject({
      state: 'done',
      inputDone: true,
      cancelled: false,
      stats: { errors: 0, outputs: 1, tasks: 1, tasksDone: 1 },
    });
    const out = await call('GET', `${path}/live/out`);
    expect(out.headers['result-set-size']).toBe('1');
    const output = out.text.trim();
    expect(output.startsWith(`${path}/stor/acme/stor/in.txt.0.`)).toBe(true);
    expect((await call('GET', output)).text).toBe('X Y Z\n');
    expect((await call('GET', `${path}/live/in`)).text).toBe('/acme/stor/in.txt\n');
    const listed = await call('GET', '/acme/jobs');
    expect(listed.text).toContain(path.split('/').pop());
  });

  it('records failures and errors for a missing input and a failing command', async () => {
    const path = await runJob([{ exec: 'echo nope >&2; exit 1' }], ['/acme/stor/in.txt', '/acme/stor/missing']);
    await waitDone(path);
    expect((await call('GET', `${path}/live/fail`)).text.trim().split('\n').sort()).toEqual([
      '/acme/stor/in.txt',
      '/acme/stor/missing',
    ]);
    const errors = (await call('GET', `${path}/live/err`)).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(errors.map((e) => e.code).sort()).toEqual(['ResourceNotFoundError', 'UserTaskError']);
  });

  it('cancels a running job, which then ends done and cancelled', async () => {
    const created = await call('POST', '/acme/jobs', { body: { phases: [{ exec: 'sleep 10' }] } });
    const path = created.headers.location as string;
    await call('POST', `${path}/live/in`, { body: '/acme/stor/in.txt\n', headers: { 'content-type': 'text/plain' } });
    expect((await call('POST', `${path}/live/cancel`)).status).toBe(202);
    expect(await waitDone(path)).toMatchObject({ state: 'done', cancelled: true });
    const late = await call('POST', `${path}/live/in`, {
      body: '/acme/stor/in.txt\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect([late.status, late.json.code]).toEqual([409, 'InvalidJobState']);
  });

  it("answers 404 ResourceNotFound for an unknown job, as marlin's missing record translates in muskie", async () => {
    const res = await call('GET', '/acme/jobs/00000000-0000-0000-0000-000000000000/live/status');
    expect([res.status, res.json.code]).toEqual([404, 'ResourceNotFound']);
  });

  it('fails tasks with TaskInitError and a clear message when job execution is off', async () => {
    const off = await startTestEmulator({ jobExec: false });
    try {
      const c = (method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
        manta(off.emulator.mantaUrl, method, path, { sign: off.owner, ...options });
      await c('PUT', '/acme/stor/in.txt', { body: 'x' });
      const path = (await c('POST', '/acme/jobs', { body: { phases: [{ exec: 'cat' }] } })).headers.location as string;
      await c('POST', `${path}/live/in`, { body: '/acme/stor/in.txt', headers: { 'content-type': 'text/plain' } });
      await c('POST', `${path}/live/in/end`);
      let errors: MantaResponse | undefined;
      for (let i = 0; i < 5000 && errors?.text === undefined; i++) {
        const status = await c('GET', `${path}/live/status`);
        if (status.json.state === 'done') errors = await c('GET', `${path}/live/err`);
        else await new Promise((r) => setTimeout(r, 20));
      }
      expect(JSON.parse(errors?.text ?? '{}')).toMatchObject({
        code: 'TaskInitError',
        message: expect.stringContaining('--no-job-exec'),
      });
    } finally {
      await off.close();
    }
  });
});

describe('Manta multipart uploads over HTTP', () => {
  const create = (objectPath: string, headers?: Record<string, unknown>): Promise<MantaResponse> =>
    call('POST', '/acme/uploads', { body: { objectPath, ...(headers !== undefined ? { headers } : {}) } });

  it('refuses conditional headers at creation with MultipartUploadInvalidArgument', async () => {
    const res = await create('/acme/stor/mpu', { 'if-match': 'x' });
    expect(res.json.code).toBe('MultipartUploadInvalidArgument');
  });

  it('keeps header JSON types: numbers come back as numbers, x-durability-level is honoured', async () => {
    const { id, partsDirectory } = (
      await create('/acme/stor/typed', { 'Content-Length': 4, 'x-durability-level': 3, 'content-type': 'text/plain' })
    ).json as {
      id: string;
      partsDirectory: string;
    };
    const state = (await call('GET', `${partsDirectory}/state`)).json as { headers: unknown; numCopies: number };
    expect(state.headers).toEqual({ 'content-length': 4, 'x-durability-level': 3, 'content-type': 'text/plain' });
    expect(state.numCopies).toBe(3);
    const e0 = (await call('PUT', `${partsDirectory}/0`, { body: 'four' })).headers.etag;
    expect((await call('POST', `${partsDirectory}/commit`, { body: { parts: [e0] } })).status).toBe(201);
    expect((await call('HEAD', '/acme/stor/typed')).headers['durability-level']).toBe('3');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a content-length given as a string with 409 MultipartUploadInvalidArgument, and a string durability-level with 400 InvalidDurabilityLevel', async () => {
    const length = await create('/acme/stor/typed2', { 'content-length': '4' });
    expect([length.status, length.json.code]).toEqual([409, 'MultipartUploadInvalidArgument']);
    expect(length.json.message).toContain('content-length');
    const negative = await create('/acme/stor/typed2', { 'content-length': -1 });
    expect([negative.status, negative.json.code]).toEqual([409, 'MultipartUploadInvalidArgument']);
    for (const name of ['durability-level', 'x-durability-level']) {
      const copies = await create('/acme/stor/typed2', { [name]: '2' });
      expect([copies.status, copies.json.code]).toEqual([400, 'InvalidDurabilityLevel']);
    }
    expect((await create('/acme/stor/typed2', { 'durability-level': 7 })).json.code).toBe('InvalidDurabilityLevel');
  });

  it('redirects /:login/uploads/:id and /:login/uploads/:id/:part to the parts directory', async () => {
    const { id, partsDirectory } = (await create('/acme/stor/mpu')).json as { id: string; partsDirectory: string };
    expect(partsDirectory).toBe(`/acme/uploads/${id.slice(0, 3)}/${id}`);
    const head = await call('HEAD', `/acme/uploads/${id}`);
    expect([head.status, head.headers.location]).toEqual([301, partsDirectory]);
    expect((await call('PUT', `/acme/uploads/${id}/0`, { body: 'x' })).headers.location).toBe(`${partsDirectory}/0`);
    const missing = await call('GET', '/acme/uploads/00000000-0000-0000-0000-000000000000');
    expect([missing.status, missing.json.code]).toEqual([404, 'ResourceNotFound']);
    expect(missing.json.message).toContain('/acme/uploads/00000000-0000-0000-0000-000000000000');
  });

  it('goes created → done/committed, allows the same commit again, and refuses other parts, abort and uploads', async () => {
    const { partsDirectory } = (await create('/acme/stor/mpu')).json as { partsDirectory: string };
    const e0 = (await call('PUT', `${partsDirectory}/0`, { body: 'only part' })).headers.etag;
    expect((await call('GET', `${partsDirectory}/state`)).json).toMatchObject({
      state: 'created',
      targetObject: '/acme/stor/mpu',
      numCopies: 2,
    });
    const commit = await call('POST', `${partsDirectory}/commit`, { body: { parts: [e0] } });
    expect([commit.status, commit.headers.location]).toEqual([201, '/acme/stor/mpu']);
    expect((await call('GET', `${partsDirectory}/state`)).json).toMatchObject({ state: 'done', result: 'committed' });
    expect((await call('POST', `${partsDirectory}/commit`, { body: { parts: [e0] } })).status).toBe(201);
    const other = await call('POST', `${partsDirectory}/commit`, { body: { parts: ['x'] } });
    expect([other.status, other.json.code]).toEqual([409, 'InvalidMultipartUploadState']);
    expect((await call('POST', `${partsDirectory}/abort`)).json.message).toContain('already committed');
    expect((await call('PUT', `${partsDirectory}/1`, { body: 'late' })).json.message).toContain('already finalized');
    expect((await call('GET', '/acme/stor/mpu')).text).toBe('only part');
  });

  it('refuses a commit whose first part is under 5 MB or whose etags do not match', async () => {
    const { partsDirectory } = (await create('/acme/stor/mpu2')).json as { partsDirectory: string };
    const e0 = (await call('PUT', `${partsDirectory}/0`, { body: 'small' })).headers.etag;
    const e1 = (await call('PUT', `${partsDirectory}/1`, { body: 'last' })).headers.etag;
    const small = await call('POST', `${partsDirectory}/commit`, { body: { parts: [e0, e1] } });
    expect([small.status, small.json.code]).toEqual([409, 'MultipartUploadInvalidArgument']);
    expect(small.json.message).toContain('at least 5242880 bytes');
    const wrong = await call('POST', `${partsDirectory}/commit`, { body: { parts: [e1] } });
    expect(wrong.json.message).toContain('does not match');
    expect((await call('POST', `${partsDirectory}/abort`)).status).toBe(204);
    expect((await call('POST', `${partsDirectory}/commit`, { body: { parts: [e0] } })).json.message).toContain(
      'already aborted',
    );
  });
});
