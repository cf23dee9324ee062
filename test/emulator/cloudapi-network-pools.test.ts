/**
 * Network pools as CloudAPI shows them (node-triton's `cli-nics` adds a NIC on the first network
 * listed, a pool on a datacenter that has one): ListNetworks lists the pool first and hides its
 * member, which GetNetwork answers 404 and CreateMachine refuses; a machine made without networks
 * gets its public NIC from the pool, on the member, and AddNic on the pool adds another NIC there
 * rather than answering 302; an IP cannot be asked for, nor listed, on a pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, machineWhen, type TestEmulator } from './support/emulator.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const MEMBER = '5d1e8c3a-7b2f-4e6d-9a1c-2b3c4d5e6f70';
const POOL = '0c7e5f4a-3d2b-4a1c-8e9f-7a6b5c4d3e21';
const INTERNAL = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const catalog = {
  networks: [
    { id: INTERNAL, name: 'internal', public: false },
    {
      id: MEMBER,
      name: 'external-2',
      public: true,
      subnet: '198.51.100.0/24',
      gateway: '198.51.100.1',
      provision_start_ip: '198.51.100.10',
      provision_end_ip: '198.51.100.250',
    },
  ],
  pools: [{ id: POOL, name: 'public-pool', public: true, networks: [MEMBER] }],
};
let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator({ catalog, fixtureMachines: false, provisionMs: 0 });
});
afterAll(async () => {
  await t?.close();
});

describe('network pools', () => {
  it('lists the pool first, hides its member and refuses the member where CloudAPI does', async () => {
    const listed = (await t.api('GET', '/my/networks')).body as Record<string, unknown>[];
    expect(listed.slice(0, 2)).toEqual([
      { id: POOL, name: 'public-pool', public: true },
      { id: INTERNAL, name: 'internal', public: false },
    ]);
    expect(listed.some((n) => n['id'] === MEMBER)).toBe(false);
    expect((await t.api('GET', `/my/networks/${MEMBER}`)).status).toBe(404);
    const member = await t.api('POST', '/my/machines', { image: IMAGE, package: 'g4-highcpu-1G', networks: [MEMBER] });
    expect([member.status, member.body]).toEqual([409, { code: 'InvalidArgument', message: 'Invalid Networks' }]);
    const ip = await t.api('POST', '/my/machines', {
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [{ ipv4_uuid: POOL, ipv4_ips: ['198.51.100.20'] }],
    });
    expect(ip.body).toEqual({
      code: 'InvalidArgument',
      message: `ipv4_uuid: ${POOL} cannot specify IP on a network pool`,
    });
    expect((await t.api('GET', `/my/networks/${POOL}/ips`)).body).toEqual({
      code: 'InvalidArgument',
      message: `cannot get IPs in a network pool: ${POOL}`,
    });
    expect((await t.api('GET', '/my/machines')).body).toEqual([]);
  });

  it('gives a machine made without networks its public NIC on the member, and AddNic on the pool another', async () => {
    const made = await t.api('POST', '/my/machines', { image: IMAGE, package: 'g4-highcpu-1G' });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const running = await machineWhen(t, id, (m) => m['state'] === 'running');
    expect([running['networks'], running['primaryIp']]).toEqual([[MEMBER, INTERNAL], '198.51.100.10']);
    const added = await t.api('POST', `/my/machines/${id}/nics`, { network: POOL });
    expect([added.status, added.body.network, added.body.ip]).toEqual([201, MEMBER, '198.51.100.11']);
  });
});
