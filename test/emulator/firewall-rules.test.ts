import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { accountKey, startTestEmulator, type TestEmulator } from './support/emulator.js';

let t: TestEmulator;
let globexKey: TestKeyPair;
beforeAll(async () => {
  globexKey = generateTestKey('ecdsa-p256', 'globex@test');
  t = await startTestEmulator({
    accounts: [
      { login: 'acme', keys: [accountKey().publicOpenSsh] },
      { login: 'globex', keys: [globexKey.publicOpenSsh] },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

const asGlobex = () => ({ keyId: `/globex/keys/${globexKey.md5}`, key: globexKey });

describe('firewall rules in the emulated CloudAPI (sdc-cloudapi lib/rules.js over FWAPI)', () => {
  it('stores a rule disabled by default and answers it in the canonical text', async () => {
    const r = await t.api('POST', '/my/fwrules', {
      rule: 'from any to tag role = web allow tcp (port 443 and port 80)',
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      rule: 'FROM any TO tag "role" = "web" ALLOW tcp (PORT 80 AND PORT 443)',
      enabled: false,
      log: false,
    });
    const id = (r.body as { id: string }).id;
    expect((await t.api('GET', '/my/fwrules')).body).toEqual([r.body]);
    expect((await t.api('GET', `/my/fwrules/${id}`)).body).toEqual(r.body);
    await t.api('DELETE', `/my/fwrules/${id}`);
  });

  it('refuses a missing rule with MissingParameter and a bad one with FWAPI’s InvalidParameters, storing nothing', async () => {
    const missing = await t.api('POST', '/my/fwrules', { enabled: true });
    expect(missing.status).toBe(409);
    expect(missing.body).toEqual({ code: 'MissingParameter', message: 'rule is a required argument' });
    const bad = await t.api('POST', '/my/fwrules', {
      rule: 'FROM tag x TO subnet 10.99.99.0/23 ALLOW tcp PORT 80',
      enabled: 'maybe',
      description: 'd'.repeat(256),
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      code: 'InvalidParameters',
      message: 'Invalid parameters',
      errors: [
        {
          code: 'InvalidParameter',
          field: 'rule',
          message: 'Subnet "10.99.99.0/23" is invalid (bits set to right of mask)',
        },
        { code: 'InvalidParameter', field: 'enabled', message: 'enabled must be true or false' },
        { code: 'InvalidParameter', field: 'description', message: 'description must be shorter than 255 characters' },
      ],
    });
    expect((await t.api('GET', '/my/fwrules')).body).toEqual([]);
  });

  it('updates only the fields sent, enables and disables, and refuses a bad update leaving the rule as it was', async () => {
    const id = (
      (await t.api('POST', '/my/fwrules', { rule: 'FROM any TO all vms ALLOW tcp PORT 22' })).body as { id: string }
    ).id;
    const updated = await t.api('POST', `/my/fwrules/${id}`, { log: true, description: 'ssh' });
    expect(updated.body).toMatchObject({
      rule: 'FROM any TO all vms ALLOW tcp PORT 22',
      enabled: false,
      log: true,
      description: 'ssh',
    });
    expect((await t.api('POST', `/my/fwrules/${id}/enable`)).body).toMatchObject({ enabled: true, log: true });
    const refused = await t.api('POST', `/my/fwrules/${id}`, { rule: 'FROM any TO all vms ALLOW tcp PORT 0' });
    expect(refused.status).toBe(422);
    expect((await t.api('GET', `/my/fwrules/${id}`)).body).toMatchObject({
      rule: 'FROM any TO all vms ALLOW tcp PORT 22',
      enabled: true,
    });
    expect((await t.api('POST', `/my/fwrules/${id}/disable`)).body).toMatchObject({ enabled: false });
    expect((await t.api('DELETE', `/my/fwrules/${id}`)).status).toBe(204);
    expect((await t.api('GET', `/my/fwrules/${id}`)).status).toBe(404);
  });

  it('keeps one account’s rules from another: listed apart, and 403 on the other’s id', async () => {
    const id = (
      (await t.api('POST', '/my/fwrules', { rule: 'FROM any TO all vms ALLOW tcp PORT 8080' })).body as { id: string }
    ).id;
    expect((await t.api('GET', '/my/fwrules', undefined, asGlobex())).body).toEqual([]);
    for (const [method, path] of [
      ['GET', `/my/fwrules/${id}`],
      ['POST', `/my/fwrules/${id}/enable`],
      ['DELETE', `/my/fwrules/${id}`],
    ] as const) {
      const r = await t.api(method, path, undefined, asGlobex());
      expect(r.status).toBe(403);
      expect((r.body as { code: string }).code).toBe('Forbidden');
    }
    expect((await t.api('GET', `/my/fwrules/${id}`)).body).toMatchObject({ enabled: false });
    await t.api('DELETE', `/my/fwrules/${id}`);
  });

  it('lists the rules of an instance (with the global ICMP rules) and the instances of a rule', async () => {
    const machines = (await t.api('GET', '/my/machines')).body as { id: string; name: string }[];
    const web = machines.find((m) => m.name === 'web-1')!;
    const byVm = (
      (await t.api('POST', '/my/fwrules', { rule: `FROM any TO vm ${web.id} ALLOW tcp PORT 443` })).body as {
        id: string;
      }
    ).id;
    const other = (
      (await t.api('POST', '/my/fwrules', { rule: 'FROM any TO tag nothing-has-this ALLOW tcp PORT 1' })).body as {
        id: string;
      }
    ).id;
    const rules = (await t.api('GET', `/my/machines/${web.id}/fwrules`)).body as {
      id: string;
      global?: boolean;
      description?: string;
    }[];
    expect(rules.filter((r) => r.global === true).map((r) => r.description)).toEqual([
      'allow all ICMPv4 types',
      'allow all ICMPv6 types',
    ]);
    expect(rules.filter((r) => r.global !== true).map((r) => r.id)).toEqual([byVm]);
    expect(((await t.api('GET', `/my/fwrules/${byVm}/machines`)).body as { id: string }[]).map((m) => m.id)).toEqual([
      web.id,
    ]);
    expect((await t.api('GET', `/my/fwrules/${other}/machines`)).body).toEqual([]);
    expect((await t.api('GET', '/my/machines/00000000-0000-0000-0000-000000000000/fwrules')).status).toBe(404);
    await t.api('DELETE', `/my/fwrules/${byVm}`);
    await t.api('DELETE', `/my/fwrules/${other}`);
  });
});
