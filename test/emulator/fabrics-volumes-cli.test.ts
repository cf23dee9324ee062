/**
 * The unmodified `triton` CLI's `vlan`, `network` and `volume` commands against the emulator: what
 * a user of node-triton 7.17 does with fabrics and volumes works as against a real datacenter.
 * Each CLI run is a node start (seconds under load), so each test keeps to a few runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton, type VendorTriton } from './support/vendor-triton.js';

let t: TestEmulator;
let vendor: VendorTriton;
const triton = (...args: string[]): Promise<string> => vendor.triton(...args);
const json = async <T>(...args: string[]): Promise<T> => JSON.parse(await triton(...args)) as T;
/** `-j` output of a list command: one JSON object per line. */
const lines = async <T>(...args: string[]): Promise<T[]> =>
  (await triton(...args))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

beforeAll(async () => {
  // Volumes are ready at once, so `triton volume create` (which waits) returns promptly.
  t = await startTestEmulator({ provisionMs: 0 });
  vendor = vendorTriton(t, 'triton-fabric-home-');
});
afterAll(async () => {
  await t.close();
});

describe('triton vlan and triton network against the emulator', () => {
  it('creates and lists a VLAN, creates a network on it, and refuses to remove the VLAN while it has one', async () => {
    await triton('vlan', 'create', '-n', 'dmz', '-D', 'front', '73');
    // (`triton vlan update` of node-triton 7.17 calls a client method its release lacks,
    // `tritonapi.updateFabricVlan`, before any request: the emulator's UpdateFabricVLAN is tested raw.)
    expect(await json('vlan', 'get', '-j', '73')).toEqual({ vlan_id: 73, name: 'dmz', description: 'front' });
    const created = await json<{ id: string }>(
      'network',
      'create',
      '-j',
      '-n',
      'accounting',
      '-s',
      '192.168.0.0/24',
      '-S',
      '192.168.0.10',
      '-E',
      '192.168.0.200',
      '-g',
      '192.168.0.1',
      '-r',
      '8.8.8.8',
      '-R',
      '10.0.0.0/8=192.168.0.2',
      '73',
    );
    const net = await json<Record<string, unknown>>('network', 'get', '-j', created.id);
    expect(net).toMatchObject({
      id: created.id,
      name: 'accounting',
      vlan_id: 73,
      subnet: '192.168.0.0/24',
      provision_start_ip: '192.168.0.10',
      provision_end_ip: '192.168.0.200',
      gateway: '192.168.0.1',
      resolvers: ['8.8.8.8'],
      routes: { '10.0.0.0/8': '192.168.0.2' },
      internet_nat: true,
      fabric: true,
      public: false,
    });
    expect((await lines<{ id: string }>('vlan', 'networks', '-j', '73')).map((n) => n.id)).toEqual([created.id]);
    expect((await lines<{ id: string }>('network', 'list', '-j')).map((n) => n.id)).toContain(created.id);
    expect(await vendor.tritonFails('vlan', 'delete', '73')).toContain(`In use by network "${created.id}"`);
    await triton('network', 'delete', created.id);
    await triton('vlan', 'delete', '73');
    // What is left is the account's default fabric VLAN.
    expect(await lines('vlan', 'list', '-j')).toEqual([{ name: 'My-Fabric-VLAN', vlan_id: 2 }]);
  });

  it('refuses a network whose range leaves the subnet, naming the property', async () => {
    await triton('vlan', 'create', '-n', 'x', '74');
    const err = await vendor.tritonFails(
      'network',
      'create',
      '-n',
      'bad',
      '-s',
      '10.1.0.0/24',
      '-S',
      '10.1.0.10',
      '-E',
      '10.1.1.10',
      '--no-nat',
      '74',
    );
    expect(err).toContain('property "provision_end_ip": "10.1.1.10" must be inside the subnet 10.1.0.0/24');
  });
});

describe('triton volume against the emulator', () => {
  it('lists sizes, creates a volume (waiting until ready), gets, lists and deletes it', async () => {
    const sizes = await lines<{ size: number }>('volume', 'sizes', '-j');
    expect(sizes[0]).toEqual({ size: 10240, type: 'tritonnfs' });
    await triton('volume', 'create', '-n', 'shared', '-s', '20G', '--tag', 'role=web', '-w');
    const vol = await json<Record<string, unknown>>('volume', 'get', '-j', 'shared');
    expect(vol).toMatchObject({
      name: 'shared',
      size: 20480,
      state: 'ready',
      type: 'tritonnfs',
      tags: { role: 'web' },
    });
    expect((await lines<{ name: string }>('volume', 'list', '-j')).map((v) => v.name)).toEqual(['shared']);
    // The CLI checks a size against the server's ListVolumeSizes before it creates anything.
    expect(await vendor.tritonFails('volume', 'create', '-n', 'odd', '-s', '15G')).toContain(
      'volume size not available',
    );
    await triton('volume', 'delete', '-y', '-w', 'shared');
    expect(await lines('volume', 'list', '-j')).toEqual([]);
  });
});
