/**
 * A replacement whose old object is in use by something replaced with it: a volume's size cannot
 * change in place, and the instance that mounts it must be replaced too (its volumes cannot change
 * in place), and so must the instance's snapshot. The volume's old object can be deleted only once
 * no instance mounts it (VOLAPI's `VolumeInUse`), so the old snapshot and the old instance go first,
 * then the volume is replaced, then the instance and its snapshot are made again. Before, the
 * volume's replacement ran first and failed with VolumeInUse on every apply: a plan apply could
 * never carry out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FabricNetwork, FabricVlan, Instance, InstanceSnapshot, TritonApp, TritonStack, Volume } from '../../index.js';
import { applyStack, planStack } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';

let world: World;

/** ListVolumes, as `triton volume list` asks it. */
const listVolumes = () =>
  world.clients.cloudapi.call<{ id: string; name: string; size: number }[]>({
    operation: 'ListVolumes',
    method: 'GET',
    path: ['volumes'],
    expect: 'list',
  });
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 9 });
});
afterAll(async () => world?.close());

function stack(size: number) {
  const app = new TritonApp();
  const s = new TritonStack(app, 'chain', { account: 'acme' });
  const vlan = new FabricVlan(s, 'vlan', { vlanId: 140, name: 'v' });
  const network = new FabricNetwork(s, 'net', {
    vlan,
    name: 'nn',
    subnet: '10.140.0.0/24',
    provisionStartIp: '10.140.0.10',
    provisionEndIp: '10.140.0.100',
    gateway: '10.140.0.1',
  });
  const volume = new Volume(s, 'vol', { name: 'data', size, networks: [network] });
  const box = new Instance(s, 'box', {
    name: 'chain-box',
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
    networks: [network],
    volumes: [{ volume, mountpoint: '/data' }],
  });
  new InstanceSnapshot(s, 'snap', { instance: box, name: 'first' });
  return app.synth().stacks[0]!;
}

describe('replacing a volume that a replaced instance mounts', () => {
  it('deletes the old snapshot and instance first, then replaces the volume, then makes them again', async () => {
    const opts = engineOptions(world, 0);
    expect((await applyStack(stack(10240), opts)).result.failed).toEqual([]);
    const [oldVolume] = await listVolumes();
    const oldBox = (await world.clients.cloudapi.listMachines({ name: 'chain-box' }))[0]!;

    const plan = await planStack(stack(20480), opts);
    expect(
      plan.changes
        .filter((c) => c.action !== 'no-op')
        .map((c) => `${c.action} ${c.address}`)
        .sort(),
    ).toEqual(['replace chain/box', 'replace chain/snap', 'replace chain/vol']);
    const { result } = await applyStack(stack(20480), opts);
    expect(result.failed).toEqual([]);
    expect(result.counts['replaced']).toBe(3);

    const volumes = await listVolumes();
    expect(volumes.map((v) => [v.name, v.size])).toEqual([['data', 20480]]);
    expect(volumes[0]!.id).not.toBe(oldVolume!.id);
    const boxes = await world.clients.cloudapi.listMachines({ name: 'chain-box' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.id).not.toBe(oldBox.id);
    expect((await world.clients.cloudapi.listMachineSnapshots(boxes[0]!.id)).map((s) => s.name)).toEqual(['first']);
    const again = await planStack(stack(20480), opts);
    expect(again.changes.filter((c) => c.action !== 'no-op')).toEqual([]);
  });
});
