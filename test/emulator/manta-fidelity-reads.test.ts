import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { toolHome, type ToolHome } from './support/manta-tool.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * What every answer says about the line, Range, and what a job writes (issue 39, Manta points 1 to
 * 3, and ListJobs' query): through `minfo`, `mget` and `mjob` where they reach, signed raw HTTP
 * where they do not.
 */
const lines = [1, 2] as const;
const emulators = new Map<1 | 2, TestEmulator>();
const tools = new Map<1 | 2, ToolHome>();
const bobKey = generateTestKey('ecdsa-p256', 'bob@test');
let bobTool: ToolHome;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

const at = (v: 1 | 2): TestEmulator => emulators.get(v) as TestEmulator;
const call = (v: 1 | 2, method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(at(v).emulator.mantaUrl, method, path, { sign: at(v).owner, ...options });

beforeAll(async () => {
  for (const v of lines) {
    const t = await startTestEmulator({ mantaVersion: v });
    emulators.set(v, t);
    tools.set(v, toolHome(t.emulator.mantaUrl, 'acme', t.key));
    expect((await call(v, 'PUT', '/acme/stor/abc', { body: ALPHABET })).status).toBe(204);
  }
  // A sub-user whose roles may write only outside jobs (`fromjob = false`), as muskie's ac.test.js sets up.
  const t = at(1);
  bobTool = toolHome(t.emulator.mantaUrl, 'acme', bobKey);
  await t.api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' });
  await t.api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' });
  const policies = {
    read: ['CAN getobject'],
    jobs: ['CAN createjob and managejob and getjob'],
    write: ['CAN putobject', 'CAN putdirectory'],
    notfromjob: ['CAN putobject and putdirectory when fromjob = false'],
  };
  for (const [name, rules] of Object.entries(policies)) {
    expect((await t.api('POST', '/acme/policies', { name, rules })).status).toBe(201);
    const role = { name: `r-${name}`, members: ['bob'], default_members: ['bob'], policies: [name] };
    expect((await t.api('POST', '/acme/roles', role)).status).toBe(201);
  }
  const tagged = (tag: string): Record<string, string> => ({ 'role-tag': tag });
  expect((await call(1, 'PUT', '/acme/stor/in.txt', { body: 'a b c\n', headers: tagged('r-read') })).status).toBe(204);
  const dir = { 'content-type': 'application/json; type=directory', ...tagged('r-jobs') };
  expect((await call(1, 'PUT', '/acme/jobs', { headers: dir })).status).toBe(204);
});
afterAll(async () => {
  bobTool?.remove();
  for (const v of lines) {
    tools.get(v)?.remove();
    await emulators.get(v)?.close();
  }
});

describe('the Server header', () => {
  it('is Manta on v1 and Manta/2 on v2 on every answer: 200, 404, 301, 304 and an empty 405', async () => {
    for (const v of lines) {
      const want = v === 1 ? 'Manta' : 'Manta/2';
      const info = await (tools.get(v) as ToolHome).run('minfo', ['/acme/stor/abc']);
      expect(info.stdout).toMatch(new RegExp(`^server: ${want.replace('/', '\\/')}$`, 'm'));
      const etag = (await call(v, 'HEAD', '/acme/stor/abc')).headers.etag as string;
      const { id } = (await call(v, 'POST', '/acme/uploads', { body: { objectPath: '/acme/stor/u' } })).json as {
        id: string;
      };
      const answers = [
        await call(v, 'GET', '/acme/stor/nothing'),
        await call(v, 'GET', `/acme/uploads/${id}`),
        await call(v, 'GET', '/acme/stor/abc', { headers: { 'if-none-match': etag } }),
        await call(v, 'POST', '/acme/uploads/x/y'),
      ];
      expect(answers.map((r) => [r.status, r.headers.server])).toEqual([
        [404, want],
        [301, want],
        [304, want],
        [405, want],
      ]);
    }
  });
});

describe('Range on both lines', () => {
  it('answers bytes=foo 416 with bytes */size, sends a valid range, and ignores a header without bytes=', async () => {
    for (const v of lines) {
      const mget = (range: string): ReturnType<ToolHome['run']> =>
        (tools.get(v) as ToolHome).run('mget', ['-H', `range: ${range}`, '/acme/stor/abc']);
      const bad = await mget('bytes=foo');
      expect([bad.code, bad.stderr]).toEqual([1, expect.stringContaining('RequestedRangeNotSatisfiable')]);
      expect((await mget('bytes=3-8')).stdout).toBe('defghi');
      expect((await mget('foo')).stdout).toBe(ALPHABET);
      const table: Array<[string, number, string | undefined]> = [
        ['bytes=foo', 416, 'bytes */26'],
        ['bytes=-', 416, 'bytes */26'],
        ['bytes=5-2', 416, 'bytes */26'],
        ['bytes=27-100', 416, 'bytes */26'],
        ['BYTES= 3 - 8 ', 206, 'bytes 3-8/26'],
        ['bytes=-3', 206, 'bytes 23-25/26'],
        ['bytes=', 200, undefined],
        ['items=0-1', 200, undefined],
      ];
      for (const [range, status, contentRange] of table) {
        const res = await call(v, 'GET', '/acme/stor/abc', { headers: { range } });
        expect([v, range, res.status, res.headers['content-range']]).toEqual([v, range, status, contentRange]);
      }
    }
  });
});

describe('job outputs on mantav1', () => {
  const env = { MANTA_SUBUSER: 'bob', MANTA_KEY_ID: bobKey.md5 };
  const job = async (roles: string): Promise<{ errors: string; outputs: string[] }> => {
    const made = await bobTool.run('mjob', ['create', '--role', roles, '-m', 'wc -w'], '/acme/stor/in.txt\n', env);
    expect(made.code).toBe(0);
    const id = made.stdout.trim();
    // `mjob create` closes the input it read; wait for the job to be done, a budget, not a check.
    for (let i = 0; i < 2000; i++) {
      if ((await call(1, 'GET', `/acme/jobs/${id}/live/status`)).json.state === 'done') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const errors = (await bobTool.run('mjob', ['errors', id], undefined, env)).stdout;
    const out = (await call(1, 'GET', `/acme/jobs/${id}/live/out`)).text.trim();
    // Nothing at all under the job's stor: no output object, no stderr object, no directory.
    const stor = (await call(1, 'GET', `/acme/jobs/${id}/stor`)).text.trim();
    return { errors, outputs: [out, stor].filter((s) => s !== '') };
  };

  it('saves a task output as the job principal: a role that may not write from a job fails the task with InternalError and writes nothing', async () => {
    const refused = await job('r-jobs,r-notfromjob,r-read');
    expect(refused.errors).toMatch(/InternalError/);
    expect(refused.outputs).toEqual([]);
    const allowed = await job('r-jobs,r-write,r-read');
    expect([allowed.errors, allowed.outputs.length]).toEqual(['', 2]);
  });

  it('checks ListJobs state and name as muskie: 400 InvalidParameter, and filters by name', async () => {
    for (const q of ['state=nonsense', 'name=bad@bad']) {
      const res = await call(1, 'GET', `/acme/jobs?${q}`);
      expect([q, res.status, res.json.code]).toEqual([q, 400, 'InvalidParameter']);
    }
    const named = await call(1, 'POST', '/acme/jobs', { body: { name: 'by-name', phases: [{ exec: 'cat' }] } });
    const listed = (await call(1, 'GET', '/acme/jobs?name=by-name')).text.trim().split('\n');
    expect(listed.map((l) => (JSON.parse(l) as { name: string }).name)).toEqual([
      (named.headers.location as string).split('/').pop(),
    ]);
  });
});
