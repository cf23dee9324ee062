import { afterEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { call, type TestResponse } from '../../scripts/support/signer.js';

const running: TestEmulator[] = [];
async function start(options: Parameters<typeof startTestEmulator>[0]): Promise<TestEmulator> {
  const t = await startTestEmulator(options);
  running.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((t) => t.close()));
});

/** A request that may end in a reset connection: `reset` instead of a response. */
async function attempt(f: () => Promise<TestResponse>): Promise<TestResponse | 'reset'> {
  try {
    return await f();
  } catch (err) {
    if (
      /socket|ECONNRESET|other side closed/i.test(
        String((err as Error).message) + String((err as { code?: string }).code),
      )
    )
      return 'reset';
    throw err;
  }
}

describe('injected faults', () => {
  it('--lose-answers: the first successful answer of a named operation on each path is lost after the write, once', async () => {
    const t = await start({ loseAnswers: ['CreateUser'] });
    const create = (login: string) =>
      attempt(() => t.api('POST', '/my/users', { login, email: `${login}@example.com`, password: 'secret123' }));
    expect(await create('lost1')).toBe('reset');
    // Same operation and path: answered from now on; a refused write is never lost.
    expect(await create('lost2')).toMatchObject({ status: 201 });
    expect(await create('lost1')).toMatchObject({ status: 409 });
    const logins = ((await t.api('GET', '/my/users')).body as Array<{ login: string }>).map((u) => u.login);
    expect(logins).toEqual(expect.arrayContaining(['lost1', 'lost2']));
    expect((await t.api('GET', '/my/users')).status).toBe(200);
  });

  it('fails every request with 500, 503 or a reset at rate 1, but never ping or the stats', async () => {
    const t = await start({ faultRate: 1, seed: 3 });
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) {
      const r = await attempt(() => t.api('GET', '/my'));
      seen.add(r === 'reset' ? 'reset' : `${r.status} ${r.body.code}`);
    }
    expect(seen).toEqual(new Set(['500 InternalError', '503 ServiceUnavailable', 'reset']));
    expect((await call(t.emulator.cloudapiUrl, 'GET', '/--ping')).status).toBe(200);
    expect((await call(t.emulator.cloudapiUrl, 'GET', '/--emulator/stats')).status).toBe(200);
  });

  it('applies some failed writes anyway, so the object exists although the client saw an error', async () => {
    const t = await start({ faultRate: 0.5, seed: 11 });
    const failed: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const login = `maybe${i}`;
      const r = await attempt(() =>
        t.api('POST', '/my/users', { login, email: `${login}@example.com`, password: 'secret123' }),
      );
      if (r === 'reset' || r.status >= 500) failed.push(login);
    }
    expect(failed.length).toBeGreaterThan(0);
    let list: TestResponse | 'reset' = 'reset';
    for (let i = 0; i < 30 && (list === 'reset' || list.status !== 200); i += 1)
      list = await attempt(() => t.api('GET', '/my/users'));
    expect(list).not.toBe('reset');
    const logins = new Set(((list as TestResponse).body as Array<{ login: string }>).map((u) => u.login));
    expect(failed.some((l) => logins.has(l))).toBe(true);
    expect(failed.some((l) => !logins.has(l))).toBe(true);
  });

  it('throttles above the configured rate with 420 RequestThrottled', async () => {
    const frozen = Date.now();
    const t = await start({ throttleRps: 5, clock: () => frozen });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await t.api('GET', '/my')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 420, 420, 420]);
    const r = await t.api('GET', '/my');
    expect(r.body.code).toBe('RequestThrottled');
    // Until the window (of one second, on the frozen clock) ends.
    expect(r.headers['retry-after']).toBe('1');
  });

  it('still answers correctly with added latency', async () => {
    const t = await start({ latencyMs: 5 });
    expect((await t.api('GET', '/my')).status).toBe(200);
  });
});

describe('request statistics', () => {
  it('counts requests per operation and resets on DELETE', async () => {
    const t = await start({});
    await t.api('GET', '/my/users');
    await t.api('GET', '/my/users');
    await t.api('GET', '/my');
    const stats = await call(t.emulator.cloudapiUrl, 'GET', '/--emulator/stats');
    expect(stats.body).toEqual({
      cloudapi: { ListUsers: 2, GetAccount: 1 },
      manta: {},
      total: 3,
      throttled: { cloudapi: 0, manta: 0 },
      faults: { cloudapi: 0, manta: 0 },
    });
    expect((await call(t.emulator.mantaUrl, 'GET', '/--emulator/stats')).body.total).toBe(3);
    expect((await call(t.emulator.cloudapiUrl, 'DELETE', '/--emulator/stats')).status).toBe(204);
    expect((await call(t.emulator.cloudapiUrl, 'GET', '/--emulator/stats')).body).toEqual({
      cloudapi: {},
      manta: {},
      total: 0,
      throttled: { cloudapi: 0, manta: 0 },
      faults: { cloudapi: 0, manta: 0 },
    });
  });
});
