import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;
let now = Date.parse('2030-01-07T10:00:00Z'); // a Monday
let key: TestKeyPair;

/** Calls as sub-user `ann`, signing with the emulator's (moved) clock so the skew check passes. */
const asAnn = (path: string): ReturnType<TestEmulator['api']> =>
  t.api('GET', path, undefined, { keyId: `/acme/users/ann/keys/${key.md5}`, key, date: new Date(now) }, undefined);

beforeAll(async () => {
  t = await startTestEmulator({ clock: () => now });
  key = generateTestKey('ed25519', 'ann@test');
  const owner = { ...t.owner, date: new Date(now) };
  const api = (method: string, path: string, body?: unknown): ReturnType<TestEmulator['api']> =>
    t.api(method, path, body, owner);
  await api('POST', '/my/users', { login: 'ann', email: 'ann@example.com', password: 'secret123' });
  await api('POST', '/my/users/ann/keys', { key: key.publicOpenSsh });
  await api('POST', '/my/policies', {
    name: 'office',
    rules: [
      'CAN listpackages WHEN time >= 08:00:00 AND time <= 17:00:00',
      'CAN listnetworks WHEN day in (Monday, Tuesday)',
      'CAN listimages WHEN date >= 2030-01-01',
    ],
  });
  await api('POST', '/my/policies', {
    name: 'typed',
    rules: [
      'CAN listfirewallrules WHEN datacenter::string = emulator-1',
      'CAN listmachines WHEN time::time > 07:30:00 AND day::day in (Mon, Tue, Wed, Thu, Fri)',
      'CAN listservices WHEN requesttime::time > 07:30:00',
      'CAN listdatacenters WHEN sourceip::ip in (127.0.0.0/8, 10.0.0.0/8)',
    ],
  });
  await api('POST', '/my/roles', {
    name: 'staff',
    members: [{ type: 'subuser', login: 'ann', default: true }],
    policies: [{ name: 'office' }, { name: 'typed' }],
  });
  for (const collection of ['packages', 'networks', 'images', 'fwrules', 'machines', 'services', 'datacenters']) {
    await api('PUT', `/my/${collection}`, { 'role-tag': ['staff'] });
  }
});
afterAll(async () => {
  await t.close();
});

describe('RBAC conditions on time, day and date', () => {
  it('grants inside office hours on a Monday in 2030', async () => {
    now = Date.parse('2030-01-07T10:00:00Z');
    expect((await asAnn('/my/packages')).status).toBe(200);
    expect((await asAnn('/my/networks')).status).toBe(200);
    expect((await asAnn('/my/images')).status).toBe(200);
  });

  it('denies outside office hours, on a Wednesday, and before the date', async () => {
    now = Date.parse('2030-01-07T20:00:00Z');
    expect((await asAnn('/my/packages')).status).toBe(403);
    now = Date.parse('2030-01-09T10:00:00Z');
    expect((await asAnn('/my/networks')).status).toBe(403);
    now = Date.parse('2029-12-31T10:00:00Z');
    expect((await asAnn('/my/images')).status).toBe(403);
  });
});

describe('RBAC conditions that name their type', () => {
  it('compares the request value the name stands for, as the type says', async () => {
    now = Date.parse('2030-01-07T10:00:00Z'); // Monday, 10:00
    expect((await asAnn('/my/fwrules')).status).toBe(200);
    expect((await asAnn('/my/machines')).status).toBe(200);
    expect((await asAnn('/my/datacenters')).status).toBe(200);
    now = Date.parse('2030-01-07T07:00:00Z'); // Monday, 07:00
    expect((await asAnn('/my/machines')).status).toBe(403);
    now = Date.parse('2030-01-12T10:00:00Z'); // Saturday
    expect((await asAnn('/my/machines')).status).toBe(403);
  });

  it('denies a rule whose condition names a value the request does not carry', async () => {
    now = Date.parse('2030-01-07T10:00:00Z');
    expect((await asAnn('/my/services')).status).toBe(403);
  });
});
