/**
 * Fabric validation against sdc-cloudapi's test/fabrics.test.js: joyent-schemas through jsprim
 * (`property "<p>": …`, `unsupported property`, `must be an IPv4 address`), NAPI's 64-character
 * limit and route and subnet rules, `routes` absent when none were given, and `vlan_id` in
 * UpdateFabricVLAN's body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const VLANS = '/my/fabrics/default/vlans';
const LONG = 'x'.repeat(65);
let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
  expect((await t.api('POST', VLANS, { vlan_id: 40, name: 'forty' })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const tooLong = (p: string): string => `property "${p}": must not be longer than 64 characters`;
const typeMsg = (p: string, found: string, wanted: string): string =>
  `property "${p}": ${found} value found, but a ${wanted} is required`;

describe('fabric VLANs', () => {
  const cases: Array<[string, 'POST' | 'PUT', Record<string, unknown>, number, string]> = [
    ['a missing name', 'POST', { vlan_id: 4 }, 409, 'property "name": is missing and it is required'],
    ['a name of another type', 'POST', { vlan_id: 4, name: 5 }, 409, typeMsg('name', 'number', 'string')],
    ['a missing vlan_id', 'POST', { name: 'asdf' }, 409, 'property "vlan_id": is missing and it is required'],
    ['a long name', 'POST', { name: LONG, vlan_id: 5 }, 409, tooLong('name')],
    ['a long description', 'POST', { name: 'foo', vlan_id: 6, description: LONG }, 409, tooLong('description')],
    ['an update with a long name', 'PUT', { name: LONG }, 409, tooLong('name')],
    [
      'an update with a description of another type',
      'PUT',
      { description: 5 },
      409,
      typeMsg('description', 'number', 'string'),
    ],
    ['an update naming another VLAN in its body', 'PUT', { vlan_id: 10 }, 404, 'vlan not found'],
  ];
  it.each(cases)('refuses %s as the server words it', async (_what, method, body, status, message) => {
    const res = await t.api(method, method === 'POST' ? VLANS : `${VLANS}/40`, body);
    expect([res.status, res.body.message]).toEqual([status, message]);
  });
});

describe('fabric networks', () => {
  const base = {
    name: 'invalid_network',
    provision_start_ip: '192.168.1.1',
    provision_end_ip: '192.168.1.250',
    resolvers: ['8.8.8.8'],
    subnet: '192.168.1.0/24',
  };
  const without = (p: string): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...base };
    delete copy[p];
    return copy;
  };
  const cases: Array<[Record<string, unknown>, string]> = [
    [without('name'), 'property "name": is missing and it is required'],
    [{ ...base, name: LONG }, tooLong('name')],
    [{ ...base, name: 5 }, typeMsg('name', 'number', 'string')],
    [without('provision_start_ip'), 'property "provision_start_ip": is missing and it is required'],
    [{ ...base, provision_end_ip: 'a' }, 'property "provision_end_ip": must be an IPv4 address'],
    [{ ...base, resolvers: 'a' }, typeMsg('resolvers', 'string', 'array')],
    [
      { ...base, resolvers: ['1.2.3.4', '1.2.3.4', '1.2.3.4', 'a'] },
      'property "resolvers[3]": must be an IPv4 address',
    ],
    [
      { ...base, resolvers: ['1.2.3.4', '1.2.3.4', '1.2.3.4', '1.2.3.4', '1.2.3.4'] },
      'property "resolvers": maximum of 4 resolvers',
    ],
    [{ ...base, subnet: 'a' }, 'property "subnet": Subnet must be in CIDR form'],
    [{ ...base, description: LONG }, tooLong('description')],
    [{ ...base, routes: 'a' }, typeMsg('routes', 'string', 'object')],
    [{ ...base, routes: { a: 'b' } }, 'property "routes": invalid route'],
    [{ ...base, colour: 'blue' }, 'property "colour": unsupported property'],
  ];
  it.each(cases)('refuses %j with the message of test/fabrics.test.js', async (body, message) => {
    const res = await t.api('POST', `${VLANS}/40/networks`, body);
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'InvalidArgument', message]);
  });

  it('answers no routes when none were given, and refuses a gateway update as an unsupported property', async () => {
    const res = await t.api('POST', `${VLANS}/40/networks`, base);
    expect(res.status).toBe(201);
    expect('routes' in res.body).toBe(false);
    const up = await t.api('PUT', `${VLANS}/40/networks/${res.body.id as string}`, { gateway: '192.168.1.2' });
    expect([up.status, up.body.message]).toEqual([409, 'property "gateway": unsupported property']);
  });
});
