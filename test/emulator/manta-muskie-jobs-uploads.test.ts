import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import type { SignOptions } from '../../scripts/support/signer.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { toolHome, type ToolHome } from './support/manta-tool.js';
import { manta, type MantaRequest, type MantaResponse } from './manta-client.js';

/**
 * Jobs, snaplinks, tokens and multipart uploads as muskie answers them on the mantav1 line (issue
 * 31, points 7, 14, 15, 16 and 17), through `mjob` and `mmpu` where they reach and raw signed HTTP
 * where they do not.
 */
let t: TestEmulator;
let tools: ToolHome;
let bobKey: TestKeyPair;
let bob: SignOptions;

const call = (method: string, path: string, options: MantaRequest = {}): Promise<MantaResponse> =>
  manta(t.emulator.mantaUrl, method, path, { sign: t.owner, ...options });
const text = { 'content-type': 'text/plain' };

/** Polls a job's status until it is done: a wait on a condition with a budget, never a verdict on time. */
async function waitDone(path: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 4000; i++) {
    const res = await call('GET', `${path}/live/status`);
    if (res.json.state === 'done') return res.json as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} did not finish`);
}

beforeAll(async () => {
  t = await startTestEmulator();
  tools = toolHome(t.emulator.mantaUrl, 'acme', t.key);
  bobKey = generateTestKey('ecdsa-p256', 'bob@test');
  bob = { keyId: `/acme/bob/keys/${bobKey.md5}`, key: bobKey };
  expect(
    (await t.api('POST', '/acme/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' })).status,
  ).toBe(201);
  expect((await t.api('POST', '/acme/users/bob/keys', { key: bobKey.publicOpenSsh, name: 'bob' })).status).toBe(201);
  expect((await t.api('POST', '/acme/policies', { name: 'jobs', rules: ['CAN createjob'] })).status).toBe(201);
  const role = { name: 'jobbers', members: ['bob'], default_members: ['bob'], policies: ['jobs'] };
  expect((await t.api('POST', '/acme/roles', role)).status).toBe(201);
  const tagJobs = { 'content-type': 'application/json; type=directory', 'role-tag': 'jobbers' };
  expect((await call('PUT', '/acme/jobs', { headers: tagJobs })).status).toBe(204);
  expect((await call('PUT', '/acme/stor/in.txt', { body: 'a b\n', headers: text })).status).toBe(204);
});
afterAll(async () => {
  await t?.close();
  tools?.remove();
});

describe('jobs (mantav1 lib/jobs/)', () => {
  it('ends the input with live/in?end=true, so that the job finishes', async () => {
    const created = await call('POST', '/acme/jobs', { body: { phases: [{ exec: 'wc -w' }] } });
    const path = created.headers.location as string;
    const add = await call('POST', `${path}/live/in?end=true`, { body: '/acme/stor/in.txt\n', headers: text });
    expect(add.status).toBe(204);
    expect(await waitDone(path)).toMatchObject({ state: 'done' });
    const out = await tools.run('mjob', ['outputs', path.split('/').pop()!]);
    expect([out.code, out.stdout.trim().split('\n').length]).toEqual([0, 1]);
  });

  it('answers 409 InvalidJobState to cancel or end input after a cancel', async () => {
    const created = await call('POST', '/acme/jobs', { body: { phases: [{ exec: 'cat' }] } });
    const path = created.headers.location as string;
    expect((await call('POST', `${path}/live/cancel`)).status).toBe(202);
    for (const op of ['cancel', 'in/end']) {
      const res = await call('POST', `${path}/live/${op}`);
      expect([op, res.status, res.json.code]).toEqual([op, 409, 'InvalidJobState']);
    }
  });

  it("refuses a sub-user's CreateJob with 403 MissingPermission when its roles may not write", async () => {
    const res = await manta(t.emulator.mantaUrl, 'POST', '/acme/jobs', {
      sign: bob,
      body: { phases: [{ exec: 'cat' }] },
    });
    expect([res.status, res.json.code]).toEqual([403, 'MissingPermission']);
  });
});

describe('snaplinks (mantav1 lib/link.js)', () => {
  it('checks If-Match on a link PUT against the source object', async () => {
    const link = (ifMatch: string): Promise<MantaResponse> =>
      call('PUT', '/acme/stor/link', {
        headers: { 'content-type': 'application/json; type=link', location: '/acme/stor/in.txt', 'if-match': ifMatch },
      });
    const etag = (await call('HEAD', '/acme/stor/in.txt')).headers.etag as string;
    expect((await link('"not-the-etag"')).status).toBe(412);
    expect((await link(etag)).status).toBe(204);
  });
});

describe('tokens (mantav1 lib/auth.js createAuthTokenHandler)', () => {
  it('creates a token for the account and refuses another account', async () => {
    const mine = await call('POST', '/acme/tokens');
    expect(mine.status).toBe(201);
    expect(typeof mine.json.token).toBe('string');
    const other = await call('POST', '/someone/tokens');
    expect(other.status).toBe(403);
  });
});

describe('multipart uploads (mantav1 lib/uploads/)', () => {
  it('mmpu create makes an id ending in its prefix length, and the commit shows partsMD5Summary', async () => {
    const id = (await tools.run('mmpu', ['create', '/acme/stor/mpu.txt'])).stdout.trim();
    expect(id.endsWith('3')).toBe(true);
    const up = await tools.run('mmpu', ['upload', id, '0'], 'one part');
    expect(up.code, up.stderr).toBe(0);
    const etag = up.stdout.trim();
    const commit = await tools.run('mmpu', ['commit', id, etag]);
    expect(commit.code, commit.stderr).toBe(0);
    const state = JSON.parse((await tools.run('mmpu', ['get', id])).stdout) as Record<string, unknown>;
    expect(state['partsMD5Summary']).toBe(createHash('md5').update(etag).digest('base64'));
    expect(state['partsDirectory']).toBeUndefined();
  });

  it('answers a commit MD5 mismatch 409 MultipartUploadInvalidArgument', async () => {
    const body = { objectPath: '/acme/stor/md5.txt', headers: { 'content-md5': 'AAAAAAAAAAAAAAAAAAAAAA==' } };
    const { partsDirectory } = (await call('POST', '/acme/uploads', { body })).json as { partsDirectory: string };
    const etag = (await call('PUT', `${partsDirectory}/0`, { body: 'x' })).headers.etag as string;
    const res = await call('POST', `${partsDirectory}/commit`, { body: { parts: [etag] } });
    expect([res.status, res.json.code]).toEqual([409, 'MultipartUploadInvalidArgument']);
  });

  it('leaves the target to the commit, but refuses an unknown account at create', async () => {
    const unknown = await call('POST', '/acme/uploads', { body: { objectPath: '/nobody/stor/x' } });
    expect([unknown.status, unknown.json.code]).toEqual([403, 'AccountDoesNotExist']);
    const { partsDirectory } = (await call('POST', '/acme/uploads', { body: { objectPath: '/acme/stor/no/x' } }))
      .json as { partsDirectory: string };
    const etag = (await call('PUT', `${partsDirectory}/0`, { body: 'x' })).headers.etag as string;
    const res = await call('POST', `${partsDirectory}/commit`, { body: { parts: [etag] } });
    expect([res.status, res.json.code]).toEqual([404, 'DirectoryDoesNotExist']);
  });

  it('refuses sub-users, durability-level on a part, unrouted methods and a bad id as muskie does', async () => {
    const { id, partsDirectory } = (await call('POST', '/acme/uploads', { body: { objectPath: '/acme/stor/m' } }))
      .json as { id: string; partsDirectory: string };
    const asBob = await manta(t.emulator.mantaUrl, 'GET', `/acme/uploads/${id}`, { sign: bob });
    expect([asBob.status, asBob.json.code]).toEqual([403, 'AuthorizationFailed']);
    const part = await manta(t.emulator.mantaUrl, 'PUT', `${partsDirectory}/0`, { sign: bob, body: 'x' });
    expect([part.status, part.json.code]).toEqual([403, 'NoMatchingRoleTag']);
    const durable = await call('PUT', `${partsDirectory}/0`, { body: 'x', headers: { 'durability-level': '3' } });
    expect([durable.status, durable.json.code]).toEqual([409, 'MultipartUploadInvalidArgument']);
    expect((await call('HEAD', `${partsDirectory}/state`)).status).toBe(405);
    expect((await call('GET', `${partsDirectory}/commit`)).status).toBe(405);
    const badId = await call('PUT', `/acme/uploads/000/00000000-0000-0000-0000-000000000003/0`, { body: 'x' });
    expect([badId.status, badId.json.code]).toEqual([404, 'DirectoryDoesNotExist']);
  });
});
