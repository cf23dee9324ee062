/**
 * What sdc-cloudapi's own tests assert and the emulator answered otherwise (issue 38, their
 * machines, fabrics and volumes suites run against the emulator): a new account without machines
 * (test/machines.test.js "ListMachines (empty)"), VMAPI's refusal of a volume none of the machine's
 * networks reach (test/volumes-mount-network-unreachable.test.js), and NAPI's provision range and
 * overlap answers (test/fabrics.test.js "create fabric network: overlapping"), and a zvol image's
 * `image_size` (test/machines.94.test.js).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const IMAGE = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const EXTERNAL = '9ec60129-9034-47b4-b111-3026f9b1a10f';
const VLANS = '/my/fabrics/default/vlans';
let t: TestEmulator;
// The emulator clock starts at the real time (signed dates are checked against it) and moves by hand.
let now = Date.now();

beforeAll(async () => {
  t = await startTestEmulator({ clock: () => now, provisionMs: 1000, fixtureMachines: false });
});
afterAll(async () => {
  await t?.close();
});

describe('CloudAPI as its own tests see it', () => {
  it('starts a new account with no machines when fixture machines are off', async () => {
    const res = await t.api('GET', '/my/machines');
    expect([res.status, res.body]).toEqual([200, []]);
  });

  it("refuses a machine whose volume is on none of its networks, making nothing, and takes one that shares the volume's network", async () => {
    const fabric = (await t.api('GET', '/my/config')).body.default_network as string;
    expect((await t.api('POST', '/my/volumes', { name: 'shared', type: 'tritonnfs' })).status).toBe(201);
    now += 1000;
    const volumes = [{ name: 'shared', type: 'tritonnfs', mode: 'rw', mountpoint: '/data' }];
    const refused = await t.api('POST', '/my/machines', {
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [EXTERNAL],
      volumes,
    });
    expect([refused.status, refused.body]).toEqual([
      500,
      {
        code: 'Error',
        message: `Volumes not reachable from machine: Volume shared not reachable on networks ${EXTERNAL}`,
      },
    ]);
    expect((await t.api('GET', '/my/machines')).body).toEqual([]);
    const taken = await t.api('POST', '/my/machines', {
      image: IMAGE,
      package: 'g4-highcpu-1G',
      networks: [EXTERNAL, fabric],
      volumes,
    });
    expect(taken.status).toBe(201);
  });

  it("takes a provision range that starts at the subnet's own address, and words an overlap as NAPI does", async () => {
    expect((await t.api('POST', VLANS, { vlan_id: 4000, name: 'my_vlan' })).status).toBe(201);
    const wide = await t.api('POST', `${VLANS}/4000/networks`, {
      name: 'network_1',
      subnet: '10.5.0.0/16',
      provision_start_ip: '10.5.1.0',
      provision_end_ip: '10.5.255.254',
    });
    expect(wide.status).toBe(201);
    const atBase = await t.api('POST', `${VLANS}/4000/networks`, {
      name: 'network_2',
      subnet: '10.6.1.0/24',
      provision_start_ip: '10.6.1.0',
      provision_end_ip: '10.6.1.250',
    });
    expect(atBase.status).toBe(201);
    const overlap = await t.api('POST', `${VLANS}/4000/networks`, {
      name: 'overlap_network',
      subnet: '10.5.1.0/24',
      provision_start_ip: '10.5.1.0',
      provision_end_ip: '10.5.1.250',
    });
    expect([overlap.status, overlap.body]).toEqual([
      409,
      { code: 'InvalidArgument', message: 'property "subnet": subnet overlaps with another network' },
    ]);
  });

  it("names each job in MachineAudit as lib/audit.js translateAction does, the provision's caller included", async () => {
    const m = await t.api('POST', '/my/machines', { image: IMAGE, package: 'g4-highcpu-1G', name: 'audited' });
    expect(m.status).toBe(201);
    const path = `/my/machines/${m.body.id as string}`;
    now += 1000;
    for (const action of ['enable_deletion_protection', 'disable_deletion_protection'])
      expect((await t.api('POST', `${path}?action=${action}`)).status).toBe(202);
    expect((await t.api('POST', `${path}/tags`, { a: '1', b: '2' })).status).toBe(200);
    // A replace that drops no key is VMAPI's plain set; one that drops a key a replace.
    expect((await t.api('PUT', `${path}/tags`, { a: '3', b: '4' })).status).toBe(200);
    expect((await t.api('PUT', `${path}/tags`, { a: '5' })).status).toBe(200);
    expect((await t.api('DELETE', `${path}/tags`)).status).toBe(204);
    expect((await t.api('DELETE', `${path}/metadata`)).status).toBe(204);
    now += 5000;
    const audit = (await t.api('GET', `${path}/audit`)).body as { action: string; caller: Record<string, string> }[];
    expect(audit.map((r) => r.action)).toEqual([
      'replace_metadata',
      'remove_tags',
      'replace_tags',
      'set_tags',
      'set_tags',
      'disable_deletion_protection',
      'enable_deletion_protection',
      'provision',
    ]);
    const provision = audit[audit.length - 1]!;
    expect(provision.caller).toEqual({ type: 'signature', ip: expect.any(String), keyId: expect.any(String) });
  });

  it('lists a bhyve machine with its disks, the boot disk naming the image', async () => {
    const debian = '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21';
    const m = await t.api('POST', '/my/machines', { image: debian, package: 'b1-flex-8G', name: 'hvm' });
    expect(m.status).toBe(201);
    const disks = (await t.api('GET', `/my/machines/${m.body.id as string}`)).body.disks as Record<string, unknown>[];
    expect(disks[0]).toEqual({
      size: expect.any(Number),
      block_size: expect.any(Number),
      boot: true,
      image: debian,
      id: expect.any(String),
    });
    expect(disks.slice(1).every((d) => d['boot'] === undefined && d['image'] === undefined)).toBe(true);
  });

  it('refuses a `remaining` disk the other disks leave no room for, as VMAPI validDisks does', async () => {
    const res = await t.api('POST', '/my/machines', {
      image: '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21',
      package: 'b1-flex-8G',
      disks: [{}, { size: 102400 - 10240 }, { size: 'remaining' }],
    });
    expect([res.status, res.body]).toEqual([
      409,
      {
        code: 'ValidationFailed',
        message: 'Invalid VM parameters',
        errors: [{ field: 'disks.2.size', code: 'Invalid', message: 'Disk size must be positive' }],
      },
    ]);
  });

  it("says a bhyve machine on a package without flexible disks is not flexible, and leaves its disks to VMAPI's refusal", async () => {
    const m = await t.api('POST', '/my/machines', {
      image: '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21',
      package: 'g4-highcpu-1G',
    });
    expect([m.status, m.body.brand]).toEqual([201, 'bhyve']);
    const path = `/my/machines/${m.body.id as string}`;
    expect((await t.api('GET', path)).body.flexible).toBe(false);
    now += 1000;
    expect((await t.api('POST', `${path}?action=stop`)).status).toBe(202);
    now += 1000;
    expect((await t.api('POST', `${path}/disks`, { size: 128 })).body).toEqual({
      code: 'VmWithoutFlexibleDiskSize',
      message: 'VM does not have flexible disk sizing enabled',
    });
  });

  it('answers a zvol image with its image_size, its boot disk on a bhyve machine (machines.94.test.js)', async () => {
    const image = await t.api('GET', '/my/images/5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21');
    expect([image.body.type, image.body.image_size]).toEqual(['zvol', 10240]);
    const m = await t.api('POST', '/my/machines', {
      image: '5c1b7bd7-0f4b-4d3e-8a53-3f3a6b2e9d21',
      package: 'g4-highcpu-1G',
    });
    const disks = (m.body.disks as { size: number; boot?: boolean }[]).map((d) => [d.boot === true, d.size]);
    expect(disks).toEqual([
      [true, 10240],
      [false, 25600],
    ]);
  });
});
