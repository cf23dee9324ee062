import { describe, expect, it } from 'vitest';
import { FabricNetwork, FabricVlan, Instance, NetworkLookup, Volume } from '../../constructs/index.js';
import { errorOf, newStack, resource } from './support.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const NET = { name: 'web', subnet: '10.10.0.0/24', provisionStartIp: '10.10.0.10', provisionEndIp: '10.10.0.250' };

describe('FabricVlan', () => {
  it('refuses VLAN ids NAPI refuses, naming the field, the value and the rule', () => {
    for (const vlanId of [1, -1, 4095, 2.5])
      expect(errorOf(() => new FabricVlan(newStack().stack, 'v', { vlanId, name: 'x' }))).toBe(
        `prod/v: vlanId ${vlanId}: must be a whole number from 0 to 4094, and not 1 (the VLAN ids NAPI accepts)`,
      );
    expect(errorOf(() => new FabricVlan(newStack().stack, 'v', { vlanId: 5, name: '' }))).toBe(
      'prod/v: name "": must be a non-empty string',
    );
  });

  it("refuses a name or description longer than NAPI's 64 characters, as the server would", () => {
    expect(errorOf(() => new FabricVlan(newStack().stack, 'v', { vlanId: 5, name: 'x'.repeat(65) }))).toMatch(
      /^prod\/v: name "x+": must not be longer than 64 characters/,
    );
    expect(
      errorOf(() => new FabricVlan(newStack().stack, 'v', { vlanId: 5, name: 'ok', description: 'd'.repeat(65) })),
    ).toMatch(/^prod\/v: description "d+": must not be longer than 64 characters/);
  });
});

describe('FabricNetwork names', () => {
  it("refuses a network name outside the server's rule or over 64 characters", () => {
    for (const name of ['n', '1net', 'with space', 'x'.repeat(65)])
      expect(errorOf(() => new FabricNetwork(newStack().stack, 'net', { ...NET, vlan: 10, name }))).toMatch(
        /^prod\/net: name ".*": must /,
      );
  });
});

describe('FabricNetwork', () => {
  it('renders its fields, the VLAN id from the VLAN object, and depends on the VLAN', () => {
    const { app, stack } = newStack();
    const vlan = new FabricVlan(stack, 'vlan', { vlanId: 0, name: 'zero' });
    new FabricNetwork(stack, 'net', { ...NET, vlan, gateway: '10.10.0.1', routes: { '10.20.0.0/16': '10.10.0.2' } });
    const r = resource(app.synth(), 'prod/net');
    expect(r.naturalKey).toBe('0/web');
    expect(r.dependsOn).toEqual(['prod/vlan']);
    expect(r.properties).toEqual({
      vlanId: 0,
      ...NET,
      gateway: '10.10.0.1',
      routes: { '10.20.0.0/16': '10.10.0.2' },
      internetNat: true,
    });
  });

  it('reports every address problem at once: range and gateway outside the subnet, start after end, the broadcast address', () => {
    const message = errorOf(
      () =>
        new FabricNetwork(newStack().stack, 'net', {
          vlan: 10,
          name: 'nn',
          subnet: '10.10.0.0/24',
          provisionStartIp: '10.10.1.5',
          provisionEndIp: '10.10.0.255',
          gateway: '10.20.0.1',
          resolvers: ['1.1.1.1', 'dns'],
        }),
    );
    expect(message.split('\n')).toEqual([
      'prod/net: provisionStartIp "10.10.1.5": must be inside the subnet 10.10.0.0/24',
      'prod/net: provisionEndIp "10.10.0.255": cannot be the broadcast address of 10.10.0.0/24',
      'prod/net: provisionStartIp "10.10.1.5": must come before provisionEndIp 10.10.0.255',
      'prod/net: gateway "10.20.0.1": must be inside the subnet 10.10.0.0/24',
      'prod/net: resolvers[1] "dns": must be an IPv4 address',
    ]);
  });

  it('refuses a public subnet: NAPI takes only private ranges for a fabric', () => {
    for (const [subnet, start, end] of [
      ['8.8.8.0/24', '8.8.8.5', '8.8.8.9'],
      ['172.32.0.0/24', '172.32.0.5', '172.32.0.9'],
      ['10.0.0.0/7', '10.0.0.5', '10.0.0.9'],
    ] as const)
      expect(
        errorOf(
          () =>
            new FabricNetwork(newStack().stack, 'n', {
              ...NET,
              vlan: 2,
              subnet,
              provisionStartIp: start,
              provisionEndIp: end,
              gateway: start,
            }),
        ),
      ).toContain(`prod/n: subnet "${subnet}": must be `);
    expect(
      errorOf(
        () =>
          new FabricNetwork(newStack().stack, 'n', {
            ...NET,
            vlan: 2,
            subnet: '8.8.8.0/24',
            provisionStartIp: '8.8.8.5',
            provisionEndIp: '8.8.8.9',
            gateway: '8.8.8.1',
          }),
      ),
    ).toContain(
      'prod/n: subnet "8.8.8.0/24": must be inside a private range (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16), as NAPI requires of a fabric',
    );
    for (const subnet of ['172.16.0.0/12', '192.168.10.0/24'])
      expect(
        () =>
          new FabricNetwork(newStack().stack, 'n', {
            ...NET,
            vlan: 2,
            subnet,
            provisionStartIp: subnet.replace(/0\/\d+$/, '5'),
            provisionEndIp: subnet.replace(/0\/\d+$/, '9'),
            gateway: subnet.replace(/0\/\d+$/, '1'),
          }),
      ).not.toThrow();
  });

  it('refuses a malformed subnet and more than four resolvers', () => {
    for (const subnet of ['10.10.0.5/24', '10.10.0.0/31', '10.10.0.0', 'ten/8'])
      expect(errorOf(() => new FabricNetwork(newStack().stack, 'n', { ...NET, vlan: 2, subnet }))).toContain(
        `prod/n: subnet "${subnet}": must be an IPv4 subnet in CIDR form (10.10.0.0/24) with a prefix of /8 to /30 and no host bits set`,
      );
    expect(
      errorOf(
        () =>
          new FabricNetwork(newStack().stack, 'n', {
            ...NET,
            vlan: 2,
            resolvers: ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5'],
          }),
      ),
    ).toContain("must hold at most 4 addresses (CloudAPI's maximum)");
  });

  it('refuses a network overlapping another one declared on the same VLAN, but not on another VLAN', () => {
    const { stack } = newStack();
    const vlan = new FabricVlan(stack, 'vlan', { vlanId: 7, name: 'seven' });
    new FabricNetwork(stack, 'a', { ...NET, vlan });
    new FabricNetwork(stack, 'c', { ...NET, vlan: 8 });
    expect(
      errorOf(
        () =>
          new FabricNetwork(stack, 'b', {
            ...NET,
            vlan,
            name: 'other',
            subnet: '10.10.0.128/25',
            provisionStartIp: '10.10.0.130',
            provisionEndIp: '10.10.0.140',
          }),
      ),
    ).toBe(
      'prod/b: subnet "10.10.0.128/25": overlaps prod/a (10.10.0.0/24) on VLAN 7: the networks of one VLAN must not share addresses',
    );
  });
});

describe('Volume', () => {
  it('refuses a size the datacenter does not offer, listing the sizes', () => {
    const message = errorOf(() => new Volume(newStack().stack, 'v', { name: 'shared', size: 15360 }));
    expect(message).toMatch(
      /^prod\/v: size 15360: must be one of the sizes the datacenter offers, in MiB: 10240, 20480, /,
    );
    expect(message).toContain('102400, 204800');
    expect(message).toMatch(/1024000$/);
    expect(errorOf(() => new Volume(newStack().stack, 'v', { name: '-x' }))).toMatch(
      /^prod\/v: name "-x": must be 2 to 256/,
    );
  });

  it('is mounted by instances by object: the mount names the volume’s id by reference, so the instance depends on it', () => {
    const { app, stack } = newStack();
    const vlan = new FabricVlan(stack, 'vlan', { vlanId: 3, name: 'v' });
    const net = new FabricNetwork(stack, 'net', { ...NET, vlan });
    const lookup = new NetworkLookup(stack, 'public', { public: true });
    const vol = new Volume(stack, 'vol', { name: 'shared', networks: [net] });
    new Instance(stack, 'vm', {
      name: 'vm',
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [net, lookup],
      volumes: [{ volume: vol, mountpoint: '/data', mode: 'ro' }],
    });
    const m = app.synth();
    const vm = resource(m, 'prod/vm');
    expect(vm.properties['networks']).toEqual([
      { $ref: { address: 'prod/net', attribute: 'id' } },
      { $ref: { address: 'prod/public', attribute: 'id' } },
    ]);
    expect(vm.properties['volumes']).toEqual([
      { volume: { $ref: { address: 'prod/vol', attribute: 'id' } }, mountpoint: '/data', mode: 'ro' },
    ]);
    expect(vm.dependsOn).toEqual(expect.arrayContaining(['prod/net', 'prod/vol', 'prod/public']));
    expect(resource(m, 'prod/vol').properties).toEqual({
      name: 'shared',
      size: 10240,
      networks: [{ $ref: { address: 'prod/net', attribute: 'id' } }],
    });
  });

  it('refuses a mount point that is not absolute or is used twice, and a bad mode', () => {
    const mount = (volumes: unknown) =>
      errorOf(
        () =>
          new Instance(newStack().stack, 'vm', {
            name: 'vm',
            image: IMAGE,
            package: 'g4-highcpu-1G',
            volumes: volumes as never,
          }),
      );
    expect(mount([{ volume: 'a', mountpoint: 'data' }])).toBe(
      'prod/vm: volumes[0].mountpoint "data": must be an absolute path other than /',
    );
    expect(
      mount([
        { volume: 'a', mountpoint: '/d' },
        { volume: 'b', mountpoint: '/d' },
      ]),
    ).toBe('prod/vm: volumes[1].mountpoint "/d": is used by another mount of this instance');
    expect(mount([{ volume: 'a', mountpoint: '/d', mode: 'rx' }])).toBe(
      'prod/vm: volumes[0].mode "rx": must be "rw" or "ro"',
    );
  });

  it('refuses at synth a volume on none of the instance’s declared networks (VMAPI would refuse the machine with a bare 500)', () => {
    const { app, stack } = newStack();
    const vlan = new FabricVlan(stack, 'vlan', { vlanId: 3, name: 'v' });
    const front = new FabricNetwork(stack, 'front', { ...NET, vlan });
    const back = new FabricNetwork(stack, 'back', {
      ...NET,
      name: 'back',
      subnet: '10.11.0.0/24',
      provisionStartIp: '10.11.0.10',
      provisionEndIp: '10.11.0.250',
      vlan,
    });
    const vol = new Volume(stack, 'vol', { name: 'shared', networks: [back] });
    new Instance(stack, 'vm', {
      name: 'vm',
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [front],
      volumes: [{ volume: vol, mountpoint: '/data' }],
    });
    expect(errorOf(() => app.synth())).toContain(
      'prod/vm: volumes[0].volume "prod/vol": is reachable only on prod/back, and the instance has no NIC on any of them (networks: prod/front)',
    );
    // A NIC on the volume's network, or a network synth cannot identify (a look-up), is left to the server.
    const ok = newStack();
    const okVlan = new FabricVlan(ok.stack, 'vlan', { vlanId: 3, name: 'v' });
    const okNet = new FabricNetwork(ok.stack, 'back', { ...NET, vlan: okVlan });
    const okVol = new Volume(ok.stack, 'vol', { name: 'shared', networks: [okNet] });
    const pub = new NetworkLookup(ok.stack, 'public', { public: true });
    for (const [id, networks] of [
      ['a', [okNet]],
      ['b', [pub]],
    ] as const)
      new Instance(ok.stack, id, {
        name: id,
        image: IMAGE,
        package: 'g4-highcpu-1G',
        networks: [...networks],
        volumes: [{ volume: okVol, mountpoint: '/data' }],
      });
    expect(() => ok.app.synth()).not.toThrow();
  });
});
