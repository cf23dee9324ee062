import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
let t: TestEmulator;
// The emulator clock starts at the real time (signed dates are checked against it) and moves by hand.
let now = Date.now();
beforeAll(async () => {
  t = await startTestEmulator({ clock: () => now, provisionMs: 1000 });
});
afterAll(async () => {
  await t.close();
});

const VLANS = '/my/fabrics/default/vlans';

describe('fabric VLANs and networks in the emulated CloudAPI (lib/endpoints/networks.js over NAPI)', () => {
  it('creates, updates and lists a VLAN; refuses ids NAPI refuses and a taken id, storing nothing', async () => {
    const r = await t.api('POST', VLANS, { vlan_id: 10, name: 'web', description: 'front' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ vlan_id: 10, name: 'web', description: 'front' });
    for (const vlan_id of [1, 4095, -1])
      expect((await t.api('POST', VLANS, { vlan_id, name: 'bad' })).body).toEqual({
        code: 'InvalidArgument',
        message: 'property "vlan_id": VLAN ID must be a number between 0 and 4094, and not 1',
      });
    // A VLAN id that is no integer is refused by CloudAPI's schema before NAPI sees it.
    expect((await t.api('POST', VLANS, { vlan_id: 'x', name: 'bad' })).body).toEqual({
      code: 'InvalidArgument',
      message: 'property "vlan_id": string value found, but a integer is required',
    });
    expect((await t.api('POST', VLANS, { vlan_id: 10, name: 'again' })).body).toMatchObject({
      code: 'InvalidArgument',
      message: 'property "vlan_id": VLAN ID is already in use',
    });
    const up = await t.api('PUT', `${VLANS}/10`, { name: 'web2' });
    expect(up.status).toBe(202);
    expect(up.body).toEqual({ vlan_id: 10, name: 'web2', description: 'front' });
    expect((await t.api('GET', VLANS)).body).toEqual([
      { vlan_id: 2, name: 'My-Fabric-VLAN' },
      { vlan_id: 10, name: 'web2', description: 'front' },
    ]);
    expect((await t.api('GET', `${VLANS}/11`)).status).toBe(404);
  });

  it('checks a network’s addresses naming the field, and refuses an overlap on the VLAN', async () => {
    const bad = await t.api('POST', `${VLANS}/10/networks`, {
      name: 'nn',
      subnet: '10.10.0.0/24',
      provision_start_ip: '10.10.1.5',
      provision_end_ip: '10.10.0.255',
      gateway: '10.20.0.1',
    });
    expect(bad.status).toBe(409);
    expect((bad.body as { message: string }).message).toBe(
      [
        'property "provision_start_ip": "10.10.1.5" must be inside the subnet 10.10.0.0/24',
        'property "provision_end_ip": "10.10.0.255" cannot be the broadcast address of 10.10.0.0/24',
        'property "provision_start_ip": "10.10.1.5" must come before provisionEndIp 10.10.0.255',
        'property "gateway": "10.20.0.1" must be inside the subnet 10.10.0.0/24',
      ].join(', '),
    );
    const publicSubnet = await t.api('POST', `${VLANS}/10/networks`, {
      name: 'nn',
      subnet: '8.8.8.0/24',
      provision_start_ip: '8.8.8.5',
      provision_end_ip: '8.8.8.9',
    });
    expect(publicSubnet.status).toBe(409);
    expect((publicSubnet.body as { message: string }).message).toBe(
      'property "subnet": "8.8.8.0/24" must be inside a private range (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16), as NAPI requires of a fabric',
    );
    const ok = await t.api('POST', `${VLANS}/10/networks`, {
      name: 'web-net',
      subnet: '10.10.0.0/24',
      provision_start_ip: '10.10.0.10',
      provision_end_ip: '10.10.0.11',
      gateway: '10.10.0.1',
      resolvers: ['8.8.8.8'],
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: 'web-net', vlan_id: 10, fabric: true, public: false, internet_nat: true });
    const overlap = await t.api('POST', `${VLANS}/10/networks`, {
      name: 'other',
      subnet: '10.10.0.128/25',
      provision_start_ip: '10.10.0.130',
      provision_end_ip: '10.10.0.140',
    });
    expect((overlap.body as { message: string }).message).toBe(
      'property "subnet": subnet overlaps with another network',
    );
    expect((await t.api('GET', `${VLANS}/10/networks`)).body).toHaveLength(1);
    const id = (ok.body as { id: string }).id;
    // The network is one the account may use: ListNetworks lists it.
    expect((await t.api('GET', '/my/networks')).body).toContainEqual(expect.objectContaining({ id, fabric: true }));
    const fixed = await t.api('PUT', `${VLANS}/10/networks/${id}`, { subnet: '10.11.0.0/24' });
    expect(fixed.body).toEqual({ code: 'InvalidArgument', message: 'property "subnet": unsupported property' });
    const renamed = await t.api('PUT', `${VLANS}/10/networks/${id}`, { name: 'web-net', description: 'd' });
    expect(renamed.body).toMatchObject({ id, description: 'd' });
  });

  it('gives instances addresses from the provision range; refuses to delete a network in use or a VLAN with networks', async () => {
    const [net] = (await t.api('GET', `${VLANS}/10/networks`)).body as { id: string }[];
    const ips: string[] = [];
    for (const name of ['a', 'b']) {
      const m = await t.api('POST', '/my/machines', {
        name,
        image: IMAGE,
        package: 'g4-highcpu-1G',
        networks: [net!.id],
      });
      expect(m.status).toBe(201);
      ips.push(...(m.body as { ips: string[] }).ips);
    }
    expect(ips).toEqual(['10.10.0.10', '10.10.0.11']);
    const full = await t.api('POST', '/my/machines', {
      name: 'c',
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [net!.id],
    });
    expect(full.body).toEqual({ code: 'InvalidArgument', message: `network ${net!.id}: no more free IPs` });
    const inUse = await t.api('DELETE', `${VLANS}/10/networks/${net!.id}`);
    expect(inUse.status).toBe(409);
    expect((inUse.body as { message: string }).message).toMatch(/^In use by vm "[0-9a-f-]{36}", In use by vm "/);
    const vlanInUse = await t.api('DELETE', `${VLANS}/10`);
    expect(vlanInUse.body).toEqual({ code: 'InvalidArgument', message: `In use by network "${net!.id}"` });
    for (const m of (await t.api('GET', '/my/machines')).body as { id: string; name: string }[])
      if (m.name === 'a' || m.name === 'b') await t.api('DELETE', `/my/machines/${m.id}`);
    // A machine holds its NICs until its destroy job ended: listed, and the network still in use.
    expect((await t.api('GET', '/my/machines')).body.map((m: { name: string }) => m.name)).toContain('a');
    expect((await t.api('DELETE', `${VLANS}/10/networks/${net!.id}`)).status).toBe(409);
    now += 1000;
    expect((await t.api('GET', '/my/machines')).body.map((m: { name: string }) => m.name)).not.toContain('a');
    expect((await t.api('DELETE', `${VLANS}/10/networks/${net!.id}`)).status).toBe(204);
    expect((await t.api('DELETE', `${VLANS}/10`)).status).toBe(204);
  });
});

describe('volumes in the emulated CloudAPI (lib/endpoints/volumes.js over VOLAPI)', () => {
  it('lists the sizes, refuses another size naming VOLAPI’s code, and creates a volume creating then ready', async () => {
    const sizes = (await t.api('GET', '/my/volumesizes')).body as { size: number; type: string }[];
    expect(sizes[0]).toEqual({ size: 10240, type: 'tritonnfs' });
    const bad = await t.api('POST', '/my/volumes', { name: 'shared', size: 12345, type: 'tritonnfs' });
    expect(bad.body).toEqual({ code: 'VolumeSizeNotAvailable', message: 'Volume size 12345 is not available' });
    const badName = await t.api('POST', '/my/volumes', { name: '-x', type: 'tritonnfs' });
    expect(badName.status).toBe(409);
    expect((badName.body as { message: string }).message).toBe(
      'Error: Invalid volume name: -x. Volume name should match /^[a-z0-9][\\w.-]+$/i',
    );
    const v = await t.api('POST', '/my/volumes', { name: 'shared', size: 20480, type: 'tritonnfs' });
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ name: 'shared', size: 20480, state: 'creating', type: 'tritonnfs' });
    const id = (v.body as { id: string }).id;
    now += 1000;
    expect((await t.api('GET', `/my/volumes/${id}`)).body).toMatchObject({ state: 'ready' });
    expect((await t.api('POST', '/my/volumes', { name: 'shared', type: 'tritonnfs' })).body).toEqual({
      code: 'VolumeAlreadyExists',
      message: 'Volume with name shared already exists',
    });
  });

  it('refuses to delete a volume an instance mounts, and deletes it once the instance is gone', async () => {
    const [vol] = (await t.api('GET', '/my/volumes?name=shared')).body as { id: string }[];
    // The volume is on the default fabric network: the machine must be too (VMAPI's reachability check).
    const fabric = (await t.api('GET', '/my/config')).body.default_network as string;
    const m = await t.api('POST', '/my/machines', {
      name: 'mounter',
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [fabric],
      volumes: [{ name: 'shared', type: 'tritonnfs', mountpoint: '/data', mode: 'rw' }],
    });
    expect(m.status).toBe(201);
    const machineId = (m.body as { id: string }).id;
    // A rename keeps the mount: the volume is still in use under its new name.
    const renamed = await t.api('POST', `/my/volumes/${vol!.id}`, { name: 'shared2' });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'shared2']);
    const inUse = await t.api('DELETE', `/my/volumes/${vol!.id}`);
    expect(inUse.body).toEqual({ code: 'VolumeInUse', message: `Volume with name shared2 is used by ${machineId}` });
    const missing = await t.api('POST', '/my/machines', {
      name: 'm2',
      image: IMAGE,
      package: 'g4-highcpu-1G',
      volumes: [{ name: 'nope', type: 'tritonnfs', mountpoint: '/data' }],
    });
    expect(missing.body).toEqual({ code: 'VolumeNotFound', message: 'Volume with name nope not found' });
    await t.api('DELETE', `/my/machines/${machineId}`);
    // Until the machine's destroy job ended, it still holds the volume.
    expect((await t.api('DELETE', `/my/volumes/${vol!.id}`)).body).toMatchObject({ code: 'VolumeInUse' });
    now += 1000;
    expect((await t.api('GET', `/my/machines/${machineId}`)).body).toMatchObject({ state: 'deleted' });
    expect((await t.api('GET', '/my/machines?tombstone=true')).body.map((m: { id: string }) => m.id)).toContain(
      machineId,
    );
    expect((await t.api('DELETE', `/my/volumes/${vol!.id}`)).status).toBe(204);
    // VOLAPI's delete job: `deleting`, its name still taken, then gone.
    expect((await t.api('GET', `/my/volumes/${vol!.id}`)).body).toMatchObject({ state: 'deleting' });
    expect((await t.api('POST', '/my/volumes', { name: 'shared2', type: 'tritonnfs' })).body).toMatchObject({
      code: 'VolumeAlreadyExists',
    });
    now += 1000;
    expect((await t.api('GET', '/my/volumes')).body).toEqual([]);
  });
});
