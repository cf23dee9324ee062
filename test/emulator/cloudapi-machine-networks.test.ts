/**
 * CreateMachine's checks, network objects, AddNic and the network IP routes against what
 * sdc-cloudapi's own tests assert (test/machines.test.js, test/nics.test.js, test/networks.test.js),
 * over signed raw HTTP: the vendor CLI sends none of `ipv4_ips`, `locality`, `bootrom` or the IP
 * routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton } from './support/vendor-triton.js';

const PUBLIC = '9ec60129-9034-47b4-b111-3026f9b1a10f';
const INTERNAL = 'f3a6e9b8-2c1d-4e5f-8a7b-6c5d4e3f2a10';
const SMARTOS = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const UNKNOWN = 'd674f27a-e695-11e7-8490-001fc69cf4fd';

let t: TestEmulator;
let fabric: string;

beforeAll(async () => {
  t = await startTestEmulator({
    provisionMs: 0,
    catalog: {
      packages: [
        { id: '11111111-1111-4111-8111-111111111111', name: 'small', memory: 1024, disk: 25600, vcpus: 1 },
        {
          id: '22222222-2222-4222-8222-222222222222',
          name: 'linux-only',
          memory: 1024,
          disk: 25600,
          vcpus: 1,
          os: 'linux',
        },
        {
          id: '33333333-3333-4333-8333-333333333333',
          name: 'retired',
          memory: 1024,
          disk: 25600,
          vcpus: 1,
          active: false,
        },
        { id: '44444444-4444-4444-8444-444444444444', name: 'huge', memory: 10240000, disk: 25600, vcpus: 1 },
      ],
      networks: [
        { id: PUBLIC, name: 'external', public: true, fabric: false },
        { id: INTERNAL, name: 'internal', public: false, fabric: true },
      ],
    },
  });
  expect((await t.api('POST', '/acme/fabrics/default/vlans', { vlan_id: 30, name: 'v30' })).status).toBe(201);
  const net = await t.api('POST', '/acme/fabrics/default/vlans/30/networks', {
    name: 'n30',
    subnet: '192.168.30.0/24',
    provision_start_ip: '192.168.30.10',
    provision_end_ip: '192.168.30.20',
    gateway: '192.168.30.1',
    resolvers: ['192.168.30.2', '8.8.8.8'],
  });
  expect(net.status).toBe(201);
  fabric = net.body.id as string;
});
afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.api('POST', '/acme/machines', { image: SMARTOS, package: 'small', ...body }, undefined, headers);

describe('CreateMachine refuses what sdc-cloudapi machines.js refuses, with its words', () => {
  const cases: Array<[string, () => Record<string, unknown>, number, string, string]> = [
    [
      'an inactive package',
      () => ({ package: 'retired' }),
      409,
      'InvalidArgument',
      'retired is inactive. Must use an active package',
    ],
    [
      'a package of another OS',
      () => ({ package: 'linux-only' }),
      409,
      'InvalidArgument',
      'The package and image must have the same OS, but package has "smartos" while image has "linux"',
    ],
    [
      'an unknown brand',
      () => ({ brand: 'smartos' }),
      409,
      'InvalidArgument',
      'Unknown brand "smartos". Brand is restricted to one of ["bhyve","kvm"]',
    ],
    [
      'bhyve for a zone image',
      () => ({ brand: 'bhyve' }),
      409,
      'InvalidArgument',
      'Brand "bhyve" requires the image type to be "zvol"',
    ],
    [
      'bootrom outside bhyve',
      () => ({ bootrom: 'uefi' }),
      409,
      'InvalidArgument',
      'Only bhyve VMs support "bootrom" option',
    ],
    [
      'delegate_dataset',
      () => ({ delegate_dataset: true }),
      409,
      'InvalidArgument',
      'Support for delegated datasets is not enabled (experimental_cloudapi_delegate_dataset in SAPI)',
    ],
    ['an unknown image UUID', () => ({ image: UNKNOWN }), 404, 'ResourceNotFound', 'image not found'],
    ['an unknown network', () => ({ networks: [UNKNOWN] }), 409, 'InvalidArgument', 'Invalid Networks'],
    [
      'an IP on a public network',
      () => ({ networks: [{ ipv4_uuid: PUBLIC, ipv4_ips: ['203.0.113.50'] }] }),
      409,
      'InvalidArgument',
      `ipv4_uuid: ${PUBLIC} cannot specify IP on a public network`,
    ],
    [
      'an IP on an unknown network',
      () => ({ networks: [{ ipv4_uuid: UNKNOWN, ipv4_ips: ['10.99.66.10'] }] }),
      404,
      'ResourceNotFound',
      `ipv4_uuid: network ${UNKNOWN} not found`,
    ],
    [
      'two IPs',
      () => ({ networks: [{ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.50', '192.168.30.51'] }] }),
      409,
      'InvalidArgument',
      'ipv4_ips: network with ipv4_uuid FABRIC should contain a single IP array',
    ],
    [
      'a non-UUID ipv4_uuid',
      () => ({ networks: [{ ipv4_uuid: 'nope' }] }),
      409,
      'InvalidArgument',
      'ipv4_uuid: nope is not a uuid',
    ],
    [
      'an ipv4_count other than 1',
      () => ({ networks: [{ ipv4_uuid: fabric, ipv4_count: 2 }] }),
      409,
      'InvalidArgument',
      'ipv4_count can only be set to 1',
    ],
    [
      'a managed IP',
      () => ({ networks: [{ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.1'] }] }),
      409,
      'InvalidArgument',
      'cannot use 192.168.30.1 because it is a managed IP',
    ],
    [
      'an IP outside the subnet',
      () => ({ networks: [{ ipv4_uuid: fabric, ipv4_ips: ['1.2.3.4'] }] }),
      404,
      'ResourceNotFound',
      'cannot validate 1.2.3.4: IP is not in subnet',
    ],
  ];
  it.each(cases)('refuses %s', async (_what, body, status, code, message) => {
    const res = await create(body());
    expect([res.status, res.body.code, res.body.message]).toEqual([status, code, message.replace('FABRIC', fabric)]);
  });

  it("refuses a malformed locality with VMAPI's per-field errors", async () => {
    const res = await create({ locality: { near: 'asdasd' } });
    expect([res.status, res.body]).toEqual([
      409,
      {
        code: 'ValidationFailed',
        message: 'Invalid VM parameters',
        errors: [{ field: 'locality', code: 'Invalid', message: 'locality contains malformed UUID' }],
      },
    ]);
  });

  it('refuses network objects below API 7.3 as Invalid Networks', async () => {
    const res = await create({ networks: [{ ipv4_uuid: fabric }] }, { 'accept-version': '~7.2' });
    expect([res.status, res.body.message]).toEqual([409, 'Invalid Networks']);
  });
});

describe('CreateMachine as sdc-cloudapi machines.js makes it', () => {
  it('takes the IP asked for, collapses a repeated network, substitutes {{shortId}} and keeps a role-tag header', async () => {
    expect((await t.api('POST', '/acme/roles', { name: 'ops' })).status).toBe(201);
    const res = await create(
      { name: 'db-{{shortId}}-1', networks: [{ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.77'] }, fabric] },
      { 'role-tag': 'ops' },
    );
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect(res.body.name).toBe(`db-${id.split('-')[0]}-1`);
    expect(res.body.ips).toEqual(['192.168.30.77']);
    const got = await t.api('GET', `/acme/machines/${id}`);
    expect(got.headers['role-tag']).toBe('ops');
    expect(got.body.nics).toEqual([
      expect.objectContaining({ ip: '192.168.30.77', primary: true, network: fabric, netmask: '255.255.255.0' }),
    ]);
    expect(got.body.networks).toEqual([fabric]);
    expect('docker' in got.body).toBe(false);
    // API 7.0 machines have no `networks`.
    const old = await t.api('GET', `/acme/machines/${id}`, undefined, undefined, { 'accept-version': '~7.0' });
    expect('networks' in old.body).toBe(false);
    // The same address again is NAPI's 422, passed through.
    const again = await create({ networks: [{ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.77'] }] });
    expect([again.status, again.body]).toEqual([
      422,
      {
        code: 'InvalidParameters',
        message: 'Invalid parameters',
        errors: [{ field: 'ip', code: 'UsedBy', message: 'IP in use' }],
      },
    ]);
  });

  it("answers VMAPI's ValidationFailed for a machine id that is no UUID", async () => {
    const res = await t.api('GET', '/acme/machines/wowzers/nics');
    expect([res.status, res.body]).toEqual([
      409,
      {
        code: 'ValidationFailed',
        message: 'Invalid Parameters',
        errors: [{ field: 'uuid', code: 'Invalid', message: 'Invalid UUID' }],
      },
    ]);
  });

  it('refuses a resize past the compute node, as VMAPI does', async () => {
    const machines = await t.api('GET', '/acme/machines');
    const web = (machines.body as Array<Record<string, unknown>>).find((m) => m['name'] === 'web-1')!;
    const res = await t.api('POST', `/acme/machines/${web['id'] as string}`, { action: 'resize', package: 'huge' });
    expect([res.status, res.body.code, res.body.message, res.body.errors[0].field, res.body.errors[0].code]).toEqual([
      409,
      'ValidationFailed',
      'Invalid VM update parameters',
      'ram',
      'InsufficientCapacity',
    ]);
  });
});

describe('network IPs (sdc-cloudapi endpoints/networks.js)', () => {
  it('lists the managed, reserved and held addresses, reserves and releases one, and refuses what the server refuses', async () => {
    const list = await t.api('GET', `/acme/networks/${fabric}/ips`);
    expect(list.status).toBe(200);
    expect(list.headers['x-query-limit']).toBe('1000');
    const ips = list.body as Array<Record<string, unknown>>;
    expect(list.headers['x-resource-count']).toBe(String(ips.length));
    expect(ips.filter((i) => i['managed'] === true)).toEqual([
      { ip: '192.168.30.1', reserved: true, managed: true },
      { ip: '192.168.30.2', reserved: true, managed: true },
      { ip: '192.168.30.255', reserved: true, managed: true },
    ]);
    expect(ips.find((i) => i['ip'] === '192.168.30.77')).toMatchObject({ reserved: false, managed: false });
    expect((await t.api('PUT', `/acme/networks/${fabric}/ips/192.168.30.26`, { reserved: true })).body).toEqual({
      ip: '192.168.30.26',
      reserved: true,
      managed: false,
    });
    expect((await t.api('GET', `/acme/networks/${fabric}/ips/192.168.30.26`)).body.reserved).toBe(true);
    expect((await t.api('PUT', `/acme/networks/${fabric}/ips/192.168.30.26`, { reserved: false })).body.reserved).toBe(
      false,
    );
    const refusals: Array<[string, string, unknown, number, string]> = [
      [
        'PUT',
        `/acme/networks/${fabric}/ips/192.168.30.1`,
        { reserved: true },
        409,
        'cannot update managed IP: 192.168.30.1',
      ],
      [
        'PUT',
        `/acme/networks/${PUBLIC}/ips/203.0.113.9`,
        { reserved: true },
        409,
        `cannot update an IP on a public network: ${PUBLIC}`,
      ],
      ['PUT', `/acme/networks/${fabric}/ips/192.168.30.26`, {}, 409, 'reserved is a required argument'],
      ['GET', `/acme/networks/${UNKNOWN}/ips`, undefined, 404, `${UNKNOWN} not found`],
      ['GET', `/acme/networks/${fabric}/ips/10.99.98.1`, undefined, 404, ''],
    ];
    for (const [method, path, body, status, message] of refusals) {
      const res = await t.api(method, path, body);
      expect([path, res.status]).toEqual([path, status]);
      if (message !== '') expect(res.body.message).toBe(message);
    }
    // A public network lists only the caller's own addresses.
    const pub = (await t.api('GET', `/acme/networks/${PUBLIC}/ips`)).body as Array<Record<string, unknown>>;
    expect(pub.every((i) => i['managed'] === false && typeof i['belongs_to_uuid'] === 'string')).toBe(true);
  });
});

describe('AddNic (sdc-cloudapi nics.js)', () => {
  it('checks the network object first, then the network, then the address', async () => {
    const machines = (await t.api('GET', '/acme/machines')).body as Array<Record<string, unknown>>;
    const web = machines.find((m) => m['name'] === 'web-1')!['id'] as string;
    const add = (network: unknown) => t.api('POST', `/acme/machines/${web}/nics`, { network });
    const cases: Array<[unknown, number, string]> = [
      [{ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.1'] }, 409, 'cannot use 192.168.30.1 because it is a managed IP'],
      [{ ipv4_uuid: fabric, ipv4_ips: ['1.2.3.4'] }, 404, 'cannot validate 1.2.3.4: IP is not in subnet'],
      [
        { ipv4_uuid: fabric, ipv4_ips: ['111192.168.30.9'] },
        404,
        'cannot validate 111192.168.30.9: Invalid IP address',
      ],
      [{ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.77'] }, 422, 'Invalid parameters'],
      [{ ipv4_uuid: UNKNOWN, ipv4_ips: ['10.0.0.1'] }, 404, `ipv4_uuid: network ${UNKNOWN} not found`],
      [UNKNOWN, 409, 'network not found'],
      ['nope', 409, 'network argument has invalid format'],
    ];
    for (const [network, status, message] of cases) {
      const res = await add(network);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    const ok = await add({ ipv4_uuid: fabric, ipv4_ips: ['192.168.30.15'] });
    expect([ok.status, ok.body.ip]).toEqual([201, '192.168.30.15']);
  });
});

describe('triton network ip (the vendor CLI)', () => {
  it('reserves an address and lists it among the managed and held ones', async () => {
    const vendor = vendorTriton(t, 'triton-netip-');
    const updated = JSON.parse(
      await vendor.triton('network', 'ip', 'update', '-j', fabric, '192.168.30.40', 'reserved=true'),
    ) as { ip: string; reserved: boolean };
    expect(updated).toMatchObject({ ip: '192.168.30.40', reserved: true });
    const listed = (await vendor.triton('network', 'ip', 'list', '-j', fabric))
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { ip: string; managed: boolean; reserved: boolean });
    expect(listed.find((i) => i.ip === '192.168.30.40')).toMatchObject({ reserved: true, managed: false });
    expect(listed.find((i) => i.ip === '192.168.30.1')).toMatchObject({ reserved: true, managed: true });
  });
});
