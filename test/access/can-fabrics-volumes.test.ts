/**
 * Fabric VLANs, fabric networks and volumes in the access analysis. CloudAPI cannot tag their paths
 * (lib/resources.js: `fabrics` and `volumes` are no role-tag collections), so no role lets a
 * sub-user make these requests, whatever its policy says: `can` must predict exactly what the
 * emulator decides for the sub-user's signed requests (deny) and for the owner (allow), and
 * `access --for-ci` must say that CI has to be the owner for these kinds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRequest, ciNeeds } from '../../common/access/index.js';
import { liveAccessModel } from '../../cli/private/access-model.js';
import { createCloudApiClient, loadKeyMaterial, TritonApiError, type CloudApiClient } from '../../provider/index.js';
import type { CloudApiCall } from '../../provider/cloudapi/client.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

const ownerKey = generateTestKey('ed25519', 'owner@acme');
const opsKey = generateTestKey('ed25519', 'ops@acme');
let world: AccountWorld;
let ops: CloudApiClient;
let networkId: string;
let volumeId: string;

const VLANS = ['fabrics', 'default', 'vlans'];

/** Each sampled request: its RBAC action, the resource CloudAPI authorises it against, and the call. */
const requests = (): { action: string; resource: string; call: CloudApiCall }[] => [
  {
    action: 'listfabricvlans',
    resource: '/acme/fabrics/default',
    call: { operation: 'ListFabricVLANs', method: 'GET', path: VLANS, expect: 'list' },
  },
  {
    action: 'getfabricvlan',
    resource: '/acme/fabrics/default/vlans',
    call: { operation: 'GetFabricVLAN', method: 'GET', path: [...VLANS, '10'], expect: 'object' },
  },
  {
    action: 'listfabricnetworks',
    resource: '/acme/fabrics/default/vlans',
    call: { operation: 'ListFabricNetworks', method: 'GET', path: [...VLANS, '10', 'networks'], expect: 'list' },
  },
  {
    action: 'getfabricnetwork',
    resource: '/acme/fabrics/default/vlans',
    call: {
      operation: 'GetFabricNetwork',
      method: 'GET',
      path: [...VLANS, '10', 'networks', networkId],
      expect: 'object',
    },
  },
  {
    action: 'listvolumes',
    resource: '/acme/volumes',
    call: { operation: 'ListVolumes', method: 'GET', path: ['volumes'], expect: 'list' },
  },
  {
    action: 'getvolume',
    resource: '/acme/volumes',
    call: { operation: 'GetVolume', method: 'GET', path: ['volumes', volumeId], expect: 'object' },
  },
  {
    action: 'listvolumesizes',
    resource: '/acme/volumesizes',
    call: { operation: 'ListVolumeSizes', method: 'GET', path: ['volumesizes'], expect: 'list' },
  },
];

beforeAll(async () => {
  world = await startAccountWorld({ account: 'acme', ownerKey });
  const c = world.cloudapi;
  await c.createUser({ login: 'ops', email: 'ops@acme.example', password: 'secret123' });
  await c.createUserKey('ops', { key: opsKey.publicOpenSsh });
  await c.createPolicy({
    name: 'net-all',
    rules: [
      `CAN ${requests()
        .map((r) => r.action)
        .join(' AND ')}`,
    ],
  });
  await c.createRole({
    name: 'net',
    members: [{ type: 'subuser', login: 'ops', default: true }],
    policies: [{ name: 'net-all' }],
  });
  // The closest a stack can come: the role tagged on the account itself.
  await c.setRoleTags('/acme', ['net']);
  await c.call({
    operation: 'CreateFabricVLAN',
    method: 'POST',
    path: VLANS,
    json: { vlan_id: 10, name: 'v' },
    expect: 'object',
  });
  networkId = (
    await c.call<{ id: string }>({
      operation: 'CreateFabricNetwork',
      method: 'POST',
      path: [...VLANS, '10', 'networks'],
      json: { name: 'nn', subnet: '10.5.0.0/24', provision_start_ip: '10.5.0.10', provision_end_ip: '10.5.0.20' },
      expect: 'object',
    })
  ).id;
  volumeId = (
    await c.call<{ id: string }>({
      operation: 'CreateVolume',
      method: 'POST',
      path: ['volumes'],
      json: { name: 'vol', type: 'tritonnfs' },
      expect: 'object',
    })
  ).id;
  ops = createCloudApiClient({
    url: world.emulator.cloudapiUrl,
    account: 'acme',
    user: 'ops',
    signer: loadKeyMaterial(opsKey.privateOpenSsh),
  });
});
afterAll(async () => {
  await ops.close();
  await world.close();
});

async function outcome(c: CloudApiClient, call: CloudApiCall): Promise<'allowed' | 'denied'> {
  try {
    await c.call(call);
    return 'allowed';
  } catch (err) {
    if (err instanceof TritonApiError && err.status === 403) return 'denied';
    throw err;
  }
}

describe('triton-iac can on the fabric and volume actions', () => {
  it('predicts the emulator’s decision for a sub-user whose policy allows every action (denied: the paths take no role tags)', async () => {
    const disagreements: string[] = [];
    for (const r of requests()) {
      const model = await liveAccessModel(
        { cloudapi: world.cloudapi, manta: world.manta },
        'acme',
        r.resource,
        r.action,
      );
      const answer = answerRequest(model, {
        user: 'ops',
        action: r.action,
        resource: r.resource,
        roles: [],
        context: { now: new Date(), sourceIp: '127.0.0.1', method: 'GET' },
      });
      const predicted = answer.allowed ? 'allowed' : 'denied';
      const actual = await outcome(ops, r.call);
      if (predicted !== actual || actual !== 'denied')
        disagreements.push(
          `ops ${r.action} ${r.resource}: can said ${predicted} (${answer.reason}), the emulator ${actual}`,
        );
      // The owner is not subject to roles: the same request is allowed (the kinds work for it).
      if ((await outcome(world.cloudapi, r.call)) !== 'allowed') disagreements.push(`owner ${r.action}: denied`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('access --for-ci on a stack of fabrics and volumes', () => {
  it('lists the actions the handlers call and says that the owner must apply them', async () => {
    const { TritonApp, TritonStack, FabricVlan, FabricNetwork, Volume } = await import('../../index.js');
    const app = new TritonApp();
    const s = new TritonStack(app, 'net', { account: 'acme', state: { type: 'local', path: 'net.state.json' } });
    const vlan = new FabricVlan(s, 'vlan', { vlanId: 10, name: 'web' });
    const net = new FabricNetwork(s, 'net', {
      vlan,
      name: 'web',
      subnet: '10.10.0.0/24',
      provisionStartIp: '10.10.0.10',
      provisionEndIp: '10.10.0.200',
    });
    new Volume(s, 'vol', { name: 'shared', networks: [net] });
    const needs = ciNeeds(app.synth().stacks[0]!, 'ci');
    expect(needs.rules).toEqual(
      expect.arrayContaining([
        'CAN createfabricvlan',
        'CAN updatefabricnetwork',
        'CAN deletefabricnetwork',
        'CAN createvolume',
        'CAN listvolumesizes',
      ]),
    );
    expect(needs.roleTags).toEqual([]);
    expect(needs.notes).toHaveLength(3);
    expect(needs.notes.find((n) => n.startsWith('net/vlan: '))).toMatch(
      /^net\/vlan: fabric VLAN requests are authorised against \/acme\/fabrics\/default/,
    );
    expect(needs.notes.find((n) => n.startsWith('net/vol: '))).toMatch(
      /^net\/vol: volume requests are authorised against \/acme\/volumes, which SetRoleTags cannot tag/,
    );
  });
});
