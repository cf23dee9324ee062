/**
 * A datacenter, not a server, through the unmodified `triton` CLI: instances are placed on several
 * compute nodes as DAPI places them (affinity rules, RAM), a strict rule that cannot be met and a
 * datacenter without room refuse the provision as CNAPI does, a resize past the server's room is
 * refused as VMAPI does; and every account has the default fabric a datacenter with fabrics gives
 * it, which CloudAPI will not delete, or none when fabrics are off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';
import { vendorTriton, type VendorTriton } from './support/vendor-triton.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';
const emulators: TestEmulator[] = [];

async function cli(options: Parameters<typeof startTestEmulator>[0], prefix: string): Promise<VendorTriton> {
  const t = await startTestEmulator({ provisionMs: 0, ...options });
  emulators.push(t);
  return vendorTriton(t, prefix);
}

/** The last JSON line (`instance create -w -j` prints the instance as created, then as running). */
const last = <T>(out: string): T => lines<T>(out).at(-1)!;

/** `-j` output of a list command: one JSON object per line. */
const lines = <T>(out: string): T[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

interface Inst {
  readonly id: string;
  readonly compute_node?: string;
  readonly state: string;
}

let dc: VendorTriton;
beforeAll(async () => {
  dc = await cli({ seed: 7 }, 'triton-dc-home-');
});
afterAll(async () => {
  for (const t of emulators) await t.close();
});

describe('instances placed on the compute nodes of the datacenter', () => {
  it('honours strict and soft affinity rules, and refuses a strict rule no server can meet', async () => {
    const create = async (name: string, ...extra: string[]): Promise<Inst> =>
      last<Inst>(await dc.triton('instance', 'create', '-j', '-n', name, ...extra, BASE_64, 'g4-highcpu-1G'));
    await create('db', '-t', 'role=database');
    await create('near-db', '-a', 'instance==db');
    await create('apart', '-a', 'instance!=db');
    await create('by-tag', '-a', 'role==database');
    await create('by-glob', '-a', 'instance==near-*', '-a', 'instance!=~db');
    const listed = lines<Inst & { name: string }>(await dc.triton('instance', 'list', '-j'));
    const node = (name: string): string | undefined => listed.find((i) => i.name === name)?.compute_node;
    expect(listed.every((i) => /^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(i.compute_node ?? ''))).toBe(true);
    expect(node('near-db')).toBe(node('db'));
    expect(node('apart')).not.toBe(node('db'));
    expect(node('by-tag')).toBe(node('db'));
    // Mixed strict and soft rules: DAPI drops the soft one, so by-glob joins near-db (on db's server).
    expect(node('by-glob')).toBe(node('db'));

    // A strict rule naming no instance: CNAPI's NoAllocatableServersError, in the create's answer.
    const refused = await dc.tritonFails(
      'instance',
      'create',
      '-n',
      'lost',
      '-a',
      'instance==nosuch',
      BASE_64,
      'g4-highcpu-1G',
    );
    expect(refused).toContain(
      'No compute resources available: no active containers found matching "nosuch" for affinity "instance==nosuch"',
    );
    const byTagRefused = await dc.tritonFails(
      'instance',
      'create',
      '-n',
      'lost',
      '-a',
      'role==nosuch',
      BASE_64,
      'g4-highcpu-1G',
    );
    expect(byTagRefused).toContain('no active containers found matching tag "role=nosuch"');
    // Soft: best effort, never a reason to fail.
    expect((await create('soft', '-a', 'instance==~nosuch')).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a provision and a resize the servers have no room for', async () => {
    // One server with 4 GiB: the three fixture instances (1 GiB each) leave 1 GiB.
    const small = await cli({ servers: 1, serverRamMb: 4096 }, 'triton-dc-small-');
    const list = lines<{ name: string; compute_node: string }>(await small.triton('instance', 'list', '-j'));
    expect(new Set(list.map((i) => i.compute_node)).size).toBe(1);
    expect(await small.tritonFails('instance', 'create', '-n', 'big', BASE_64, 'g4-general-4G')).toContain(
      'No compute resources available: no servers with enough unreserved RAM',
    );
    expect(await small.tritonFails('instance', 'resize', '-w', 'web-1', 'g4-general-4G')).toContain(
      'Invalid VM update parameters',
    );
    // What fits is placed.
    const fits = last<Inst>(
      await small.triton('instance', 'create', '-w', '-j', '-n', 'fits', BASE_64, 'g4-highcpu-1G'),
    );
    expect(fits.state).toBe('running');
  });
});

describe('the default fabric of a datacenter with fabrics', () => {
  it('lists VLAN 2 and the default network with its addresses, answers it as the default, and will not delete it', async () => {
    expect(lines(await dc.triton('vlan', 'list', '-j'))).toEqual([{ name: 'My-Fabric-VLAN', vlan_id: 2 }]);
    const networks = lines<Record<string, unknown>>(await dc.triton('network', 'list', '-j'));
    const fabric = networks.find((n) => n['name'] === 'My-Fabric-Network')!;
    expect(fabric).toMatchObject({
      public: false,
      fabric: true,
      vlan_id: 2,
      subnet: '192.168.128.0/22',
      provision_start_ip: '192.168.128.5',
      provision_end_ip: '192.168.131.250',
      gateway: '192.168.128.1',
      internet_nat: true,
    });
    expect((fabric['resolvers'] as string[]).length).toBeGreaterThan(0);
    expect((await dc.triton('network', 'get-default')).trim()).toContain(fabric['id'] as string);
    expect(await dc.tritonFails('network', 'delete', fabric['id'] as string)).toContain(
      'cannot delete default network',
    );
    expect(await dc.tritonFails('vlan', 'delete', '2')).toContain(`In use by network "${String(fabric['id'])}"`);
    // The default may move to another network the account may use; an unknown one is refused.
    const internal = networks.find((n) => n['name'] === 'internal')!;
    await dc.triton('network', 'set-default', internal['id'] as string);
    expect((await dc.triton('network', 'get-default')).trim()).toContain(internal['id'] as string);
  });

  it('has no fabric at all when fabrics are off', async () => {
    const plain = await cli({ fabrics: false }, 'triton-dc-plain-');
    expect(await plain.tritonFails('vlan', 'list')).toContain('fabrics not enabled for this datacenter');
    const names = lines<{ name: string }>(await plain.triton('network', 'list', '-j')).map((n) => n.name);
    expect(names).toEqual(['external', 'internal']);
    expect(await plain.tritonFails('network', 'get-default')).not.toBe('');
  });
});
