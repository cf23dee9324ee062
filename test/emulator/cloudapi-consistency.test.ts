import { afterEach, describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { call } from '../../scripts/support/signer.js';

const W = 200;
let now = Date.now();
const clock = (): number => now;
const running: TestEmulator[] = [];

async function start(staleReadRate = 1, seed = 7): Promise<TestEmulator> {
  now = Date.now();
  const t = await startTestEmulator({ consistencyWindowMs: W, staleReadRate, seed, clock });
  running.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((t) => t.close()));
});

describe('the consistency window', () => {
  it('hides a just-created user from reads until the window has passed, while the create answer is current', async () => {
    const t = await start();
    const created = await t.api('POST', '/my/users', {
      login: 'newbie',
      email: 'newbie@example.com',
      password: 'secret123',
    });
    expect(created.status).toBe(201);
    expect(created.body.login).toBe('newbie');
    expect((await t.api('GET', '/my/users/newbie')).status).toBe(404);
    expect((await t.api('GET', created.headers['location']!)).status).toBe(404);
    expect((await t.api('GET', '/my/users')).body).toEqual([]);
    now += W + 1;
    expect((await t.api('GET', '/my/users/newbie')).status).toBe(200);
    expect((await t.api('GET', '/my/users')).body).toHaveLength(1);
  });

  it('serves the previous version of an updated policy inside the window', async () => {
    const t = await start();
    const p = (await t.api('POST', '/my/policies', { name: 'pol', rules: ['CAN getuser'] })).body;
    now += W + 1;
    const updated = await t.api('POST', `/my/policies/${p.id}`, { rules: ['CAN listusers'] });
    expect(updated.body.rules).toEqual(['CAN listusers']);
    expect((await t.api('GET', `/my/policies/${p.id}`)).body.rules).toEqual(['CAN getuser']);
    now += W + 1;
    expect((await t.api('GET', `/my/policies/${p.id}`)).body.rules).toEqual(['CAN listusers']);
  });

  it('keeps showing a deleted user inside the window', async () => {
    const t = await start();
    await t.api('POST', '/my/users', { login: 'leaver', email: 'leaver@example.com', password: 'secret123' });
    now += W + 1;
    expect((await t.api('DELETE', '/my/users/leaver')).status).toBe(204);
    expect((await t.api('GET', '/my/users/leaver')).status).toBe(200);
    now += W + 1;
    expect((await t.api('GET', '/my/users/leaver')).status).toBe(404);
  });

  it('refuses a role naming a member or a policy created less than the window ago', async () => {
    const t = await start();
    await t.api('POST', '/my/users', { login: 'fresh', email: 'fresh@example.com', password: 'secret123' });
    await t.api('POST', '/my/policies', { name: 'freshpol', rules: ['CAN getuser'] });
    const byMember = await t.api('POST', '/my/roles', { name: 'r1', members: [{ type: 'subuser', login: 'fresh' }] });
    expect(byMember.body).toEqual({ code: 'InvalidArgument', message: 'Invalid subuser: fresh' });
    const byPolicy = await t.api('POST', '/my/roles', { name: 'r1', policies: [{ name: 'freshpol' }] });
    expect(byPolicy.body).toEqual({ code: 'InvalidArgument', message: 'Invalid policy: freshpol' });
    now += W + 1;
    const ok = await t.api('POST', '/my/roles', {
      name: 'r1',
      members: [{ type: 'subuser', login: 'fresh' }],
      policies: [{ name: 'freshpol' }],
    });
    expect(ok.status).toBe(201);
  });

  it('refuses role tags naming a role created less than the window ago', async () => {
    const t = await start();
    await t.api('POST', '/my/roles', { name: 'newrole' });
    expect((await t.api('PUT', '/my/users', { 'role-tag': ['newrole'] })).body).toEqual({
      code: 'InvalidArgument',
      message: 'Role(s) newrole not found',
    });
    now += W + 1;
    expect((await t.api('PUT', '/my/users', { 'role-tag': ['newrole'] })).status).toBe(200);
  });

  it('does not let a new key authenticate until the window has passed', async () => {
    const t = await start();
    const key = generateTestKey('ed25519', 'new@test');
    await t.api('POST', '/my/keys', { key: key.publicOpenSsh });
    const sign = { keyId: `/acme/keys/${key.md5}`, key };
    expect((await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign })).status).toBe(401);
    now += W + 1;
    expect((await call(t.emulator.cloudapiUrl, 'GET', '/my', { sign })).status).toBe(200);
  });

  it('makes the same stale-or-fresh choices for the same seed', async () => {
    const pattern = async (): Promise<number[]> => {
      const t = await start(0.5, 42);
      await t.api('POST', '/my/users', { login: 'seeded', email: 'seeded@example.com', password: 'secret123' });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push((await t.api('GET', '/my/users/seeded')).status);
      return statuses;
    };
    const first = await pattern();
    expect(first).toContain(404);
    expect(first).toContain(200);
    expect(await pattern()).toEqual(first);
  });

  it('is strongly consistent with no window', async () => {
    now = Date.now();
    const t = await startTestEmulator({ clock });
    running.push(t);
    await t.api('POST', '/my/users', { login: 'instant', email: 'instant@example.com', password: 'secret123' });
    expect((await t.api('GET', '/my/users/instant')).status).toBe(200);
  });

  it('tells a test when every write is visible: settled() waits out the window from the last write', async () => {
    const t = await start();
    now += W + 1;
    await t.emulator.settled();
    await t.api('POST', '/my/users', { login: 'late', email: 'late@example.com', password: 'secret123' });
    expect((await t.api('GET', '/my/users')).body).toEqual([]);
    let settled = false;
    const waiting = t.emulator.settled().then(() => (settled = true));
    await t.api('GET', '/my/users');
    expect(settled, 'a read does not end the wait').toBe(false);
    now += W;
    await waiting;
    expect((await t.api('GET', '/my/users')).body).toHaveLength(1);
  });

  it('refuses to wait for an injected clock that never moves', async () => {
    const t = await start();
    await t.api('POST', '/my/users', { login: 'stuck', email: 'stuck@example.com', password: 'secret123' });
    await expect(t.emulator.settled({ stuckAfterMs: 0 })).rejects.toThrow('the emulator clock did not move');
  });
});
