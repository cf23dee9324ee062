/**
 * A fabric VLAN's id cannot change in place: a new `vlanId` replaces the VLAN. Its networks do not
 * follow it (a network is created on one VLAN for good), so a network declared on it is replaced
 * too, read under the VLAN the state recorded; an instance whose primary network that is is
 * replaced in turn. Before, the network was looked for under the new VLAN only, planned as a create
 * ("deleted outside"), and apply failed deleting the old VLAN its old network still used, leaving
 * both behind. The same for a network whose subnet changes (the subnet is fixed at create).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FabricNetwork, FabricVlan, Instance, TritonApp, TritonStack } from '../../index.js';
import { applyReviewed, applyStack, planStack } from '../../reconciler/index.js';
import { engineOptions, startWorld, type World } from './support/world.js';

let world: World;

interface VlanLive {
  readonly vlan_id: number;
  readonly name: string;
}
interface NetworkLive {
  readonly id: string;
  readonly name: string;
  readonly vlan_id: number;
  readonly subnet: string;
}

/** ListFabricVLANs, as `triton vlan list` asks it. */
const listAllVlans = () =>
  world.clients.cloudapi.call<VlanLive[]>({
    operation: 'ListFabricVLANs',
    method: 'GET',
    path: ['fabrics', 'default', 'vlans'],
    expect: 'list',
  });
/** The account's default fabric VLAN, which the datacenter made and no stack owns. */
const DEFAULT_VLAN = 2;
/** The VLANs the stacks made: every VLAN but the default one. */
const listVlans = async (): Promise<VlanLive[]> => (await listAllVlans()).filter((v) => v.vlan_id !== DEFAULT_VLAN);
/** ListFabricNetworks of one VLAN, as `triton vlan networks` asks it. */
const listNetworksOn = (vlanId: number) =>
  world.clients.cloudapi.call<NetworkLive[]>({
    operation: 'ListFabricNetworks',
    method: 'GET',
    path: ['fabrics', 'default', 'vlans', String(vlanId), 'networks'],
    expect: 'list',
  });
/** Every fabric network the stacks made, VLAN by VLAN (the default VLAN and its network are the datacenter's). */
async function allNetworks(): Promise<NetworkLive[]> {
  const out: NetworkLive[] = [];
  for (const v of await listVlans()) out.push(...(await listNetworksOn(v.vlan_id)));
  return out;
}

beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0, seed: 11 });
});
afterAll(async () => world?.close());

function stack(name: string, vlanId: number, subnetByte: number) {
  const app = new TritonApp();
  const s = new TritonStack(app, name, { account: 'acme' });
  const vlan = new FabricVlan(s, 'vlan', { vlanId, name: 'v' });
  const network = new FabricNetwork(s, 'net', {
    vlan,
    name: 'nn',
    subnet: `10.${subnetByte}.0.0/24`,
    provisionStartIp: `10.${subnetByte}.0.10`,
    provisionEndIp: `10.${subnetByte}.0.100`,
    gateway: `10.${subnetByte}.0.1`,
  });
  new Instance(s, 'box', {
    name: `${name}-box`,
    image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
    package: 'g4-highcpu-1G',
    networks: [network],
  });
  return app.synth().stacks[0]!;
}

const actions = (changes: readonly { action: string; address: string }[]) =>
  changes
    .filter((c) => c.action !== 'no-op')
    .map((c) => `${c.action} ${c.address}`)
    .sort();

describe('replacing what a fabric network is on', () => {
  it('a new vlanId replaces the VLAN, its network (found on the old VLAN) and the instance on it, leaving nothing behind', async () => {
    const opts = engineOptions(world, 0);
    expect((await applyStack(stack('vm', 150, 150), opts)).result.failed).toEqual([]);
    const [oldNet] = await listNetworksOn(150);
    const oldBox = (await world.clients.cloudapi.listMachines({ name: 'vm-box' }))[0]!;

    const plan = await planStack(stack('vm', 151, 150), opts);
    expect(actions(plan.changes)).toEqual(['replace vm/box', 'replace vm/net', 'replace vm/vlan']);
    const net = plan.changes.find((c) => c.address === 'vm/net')!;
    expect(net.reason ?? '').not.toMatch(/deleted outside/);
    expect(net.serverId).toBe(oldNet!.id);
    // Both can exist at once (another VLAN id; a network on another VLAN): the new ones are made first.
    expect(net.replaceStrategy).toBe('create-then-delete');
    expect(plan.changes.find((c) => c.address === 'vm/vlan')!.replaceStrategy).toBe('create-then-delete');

    const { result } = await applyStack(stack('vm', 151, 150), opts);
    expect(result.failed).toEqual([]);
    expect(result.counts['replaced']).toBe(3);

    expect((await listVlans()).map((v) => v.vlan_id)).toEqual([151]);
    const networks = await allNetworks();
    expect(networks.map((n) => [n.vlan_id, n.name, n.subnet])).toEqual([[151, 'nn', '10.150.0.0/24']]);
    const boxes = await world.clients.cloudapi.listMachines({ name: 'vm-box' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.id).not.toBe(oldBox.id);
    expect(boxes[0]!.networks).toEqual([networks[0]!.id]);
    expect(actions((await planStack(stack('vm', 151, 150), opts)).changes)).toEqual([]);

    // Tear down, so the next case starts from an empty fabric.
    const destroyed = await applyReviewed(stack('vm', 151, 150), opts, async () => true, 'destroy');
    expect(destroyed.result?.failed).toEqual([]);
    expect(await listVlans()).toEqual([]);
    // The destroy left the datacenter's default fabric alone.
    expect(await listAllVlans()).toEqual([{ vlan_id: DEFAULT_VLAN, name: 'My-Fabric-VLAN' }]);
    expect((await listNetworksOn(DEFAULT_VLAN)).map((n) => n.name)).toEqual(['My-Fabric-Network']);
  });

  it('a new subnet replaces the network and the instance on it, and keeps the VLAN', async () => {
    const opts = engineOptions(world, 0);
    expect((await applyStack(stack('sn', 160, 160), opts)).result.failed).toEqual([]);
    const oldBox = (await world.clients.cloudapi.listMachines({ name: 'sn-box' }))[0]!;

    const plan = await planStack(stack('sn', 160, 161), opts);
    expect(actions(plan.changes)).toEqual(['replace sn/box', 'replace sn/net']);
    // Same VLAN, same name: the old network must go first.
    expect(plan.changes.find((c) => c.address === 'sn/net')!.replaceStrategy).toBe('delete-then-create');
    const { result } = await applyStack(stack('sn', 160, 161), opts);
    expect(result.failed).toEqual([]);

    expect((await listVlans()).map((v) => v.vlan_id)).toEqual([160]);
    const networks = await allNetworks();
    expect(networks.map((n) => [n.vlan_id, n.name, n.subnet])).toEqual([[160, 'nn', '10.161.0.0/24']]);
    const boxes = await world.clients.cloudapi.listMachines({ name: 'sn-box' });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.id).not.toBe(oldBox.id);
    expect(boxes[0]!.networks).toEqual([networks[0]!.id]);
    expect(actions((await planStack(stack('sn', 160, 161), opts)).changes)).toEqual([]);
  });
});

describe('replacing the VLAN of an instance’s second network', () => {
  function twoNetworks(vlanId: number) {
    const app = new TritonApp();
    const s = new TritonStack(app, 'nic', { account: 'acme' });
    const home = new FabricVlan(s, 'home-vlan', { vlanId: 170, name: 'home' });
    const moving = new FabricVlan(s, 'vlan', { vlanId, name: 'v' });
    const first = new FabricNetwork(s, 'home', {
      vlan: home,
      name: 'home',
      subnet: '10.170.0.0/24',
      provisionStartIp: '10.170.0.10',
      provisionEndIp: '10.170.0.100',
    });
    const second = new FabricNetwork(s, 'net', {
      vlan: moving,
      name: 'nn',
      subnet: '10.171.0.0/24',
      provisionStartIp: '10.171.0.10',
      provisionEndIp: '10.171.0.100',
    });
    new Instance(s, 'box', {
      name: 'nic-box',
      image: '2f1dc911-6401-4fa4-8e9d-67ea2e39c271',
      package: 'g4-highcpu-1G',
      networks: [first, second],
    });
    return app.synth().stacks[0]!;
  }

  it('keeps the instance, moving its NIC from the old network to the new one, and deletes the old VLAN', async () => {
    const opts = engineOptions(world, 0);
    expect((await applyStack(twoNetworks(180), opts)).result.failed).toEqual([]);
    const oldBox = (await world.clients.cloudapi.listMachines({ name: 'nic-box' }))[0]!;

    const plan = await planStack(twoNetworks(181), opts);
    expect(actions(plan.changes)).toEqual(['replace nic/net', 'replace nic/vlan', 'update nic/box'].sort());
    const { result } = await applyStack(twoNetworks(181), opts);
    expect(result.failed).toEqual([]);

    const vlans = (await listVlans()).map((v) => v.vlan_id);
    expect(vlans).toContain(181);
    expect(vlans).not.toContain(180);
    const moved = await listNetworksOn(181);
    expect(moved.map((n) => n.name)).toEqual(['nn']);
    const nicNetworks = (await allNetworks()).filter((n) => n.vlan_id === 170 || n.vlan_id >= 180);
    expect(nicNetworks.map((n) => [n.vlan_id, n.name]).sort()).toEqual([
      [170, 'home'],
      [181, 'nn'],
    ]);
    const boxes = await world.clients.cloudapi.listMachines({ name: 'nic-box' });
    expect(boxes.map((b) => b.id)).toEqual([oldBox.id]);
    expect([...boxes[0]!.networks!].sort()).toEqual(nicNetworks.map((n) => n.id).sort());
    expect(actions((await planStack(twoNetworks(181), opts)).changes)).toEqual([]);
  });
});
