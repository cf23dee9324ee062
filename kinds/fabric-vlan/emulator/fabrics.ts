/**
 * Fabric VLANs and fabric networks as sdc-cloudapi lib/endpoints/networks.js serves them over NAPI:
 * ListFabricVLANs, CreateFabricVLAN, GetFabricVLAN, UpdateFabricVLAN, DeleteFabricVLAN,
 * ListFabricNetworks, CreateFabricNetwork, GetFabricNetwork, UpdateFabricNetwork,
 * DeleteFabricNetwork.
 *
 * Decisions from the real code (emulator/README.md, "Fabrics"):
 * - NAPI's refusals reach the client through CloudAPI's `translateErr`: a 404 stays
 *   `ResourceNotFound`, everything else becomes `409 InvalidArgument` whose message joins NAPI's
 *   field errors as `property "<field>": <message>`.
 * - A VLAN id is 0 to 4094 and not 1 (NAPI's `VLAN_MSG`); a VLAN with networks and a network with
 *   instances or volumes on it are NAPI's `InUse`, worded `In use by <type> "<id>"` per user.
 * - UpdateFabricVLAN answers 202 with the VLAN; UpdateFabricNetwork changes only the name,
 *   description, provision range, resolvers and routes (the subnet, gateway and NAT are fixed).
 */
import { randomUUID } from 'node:crypto';
import { fabricNetworkProblems, vlanIdProblem } from '../../../common/net/fabric-network-rules.js';
import { parseSubnet, subnetsOverlap } from '../../../common/net/ipv4.js';
import { EmulatorError, invalidArgument, notFound } from '../../../emulator/core/errors.js';
import type { RequestContext } from '../../../emulator/core/types.js';
import type { EmulatorContext } from '../../../emulator/core/context.js';
import type { CloudApiRoute } from '../../../emulator/cloudapi/route.js';
import type { CloudApiState } from '../../../emulator/cloudapi/state.js';
import { accountOf } from '../../../emulator/cloudapi/private/before.js';
import {
  fabricNetworkJson,
  fabricVlanJson,
  type FabricNetworkRecord,
  type FabricVlanRecord,
} from '../../../emulator/cloudapi/private/fabric-store.js';
import { optionalBoolean, param } from '../../../emulator/cloudapi/private/params.js';
import { checkFabricParams, CREATE_NETWORK, CREATE_VLAN, UPDATE_NETWORK, UPDATE_VLAN } from './fabric-schema.js';
import { nicHeld } from '../../../emulator/cloudapi/private/machine-model.js';

const VLANS = '/:account/fabrics/default/vlans';
const NETWORKS = `${VLANS}/:vlan_id/networks`;

/** The wire names of the address fields, for NAPI-worded messages. */
const WIRE = {
  subnet: 'subnet',
  provisionStartIp: 'provision_start_ip',
  provisionEndIp: 'provision_end_ip',
  gateway: 'gateway',
  resolvers: 'resolvers',
  routes: 'routes',
} as const;

/** The path's VLAN id as a number (the schemas take an integer), or the text when it is none. */
function pathVlan(rc: RequestContext): unknown {
  const raw = rc.params['vlan_id']!;
  return /^[0-9]+$/.test(raw) ? Number(raw) : raw;
}

/** `property "<field>": <message>`, CloudAPI's wording of one NAPI field error. */
const property = (field: string, message: string): Error => invalidArgument(`property "${field}": ${message}`);

function vlanIdOf(raw: unknown): number {
  const n = typeof raw === 'string' && /^[0-9]+$/.test(raw) ? Number(raw) : raw;
  const bad = vlanIdProblem(n);
  if (bad !== undefined) throw property('vlan_id', 'VLAN ID must be a number between 0 and 4094, and not 1');
  return n as number;
}

function stringField(rc: RequestContext, name: string, required: boolean): string | undefined {
  const v = param(rc, name);
  if (v === undefined || v === null) {
    if (required) throw property(name, 'is missing and it is required');
    return undefined;
  }
  if (typeof v !== 'string') throw property(name, 'must be a string');
  if (required && v.trim() === '') throw property(name, 'must not be empty');
  return v;
}

/** The fabric routes; instances and volumes come from `state` for the in-use checks. */
export function fabricRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const fabrics = state.fabrics;
  const owner = (rc: RequestContext): string => accountOf(rc).account.id;
  const vlanOf = (rc: RequestContext): FabricVlanRecord => {
    const id = vlanIdOf(rc.params['vlan_id']);
    const vlan = fabrics.vlan(owner(rc), id);
    if (vlan === undefined) throw notFound('vlan not found');
    return vlan;
  };
  const networkOf = (rc: RequestContext): FabricNetworkRecord => {
    const vlan = vlanOf(rc);
    const network = fabrics.network(owner(rc), rc.params['id']!);
    if (network === undefined || network.vlan_id !== vlan.vlan_id) throw notFound('network not found');
    return network;
  };
  /** The addresses of `n` checked, and no overlap with the VLAN's other networks. */
  const checkAddresses = (n: FabricNetworkRecord): void => {
    const { problems } = fabricNetworkProblems(
      {
        subnet: n.subnet,
        provisionStartIp: n.provision_start_ip,
        provisionEndIp: n.provision_end_ip,
        ...(n.gateway !== undefined ? { gateway: n.gateway } : {}),
        resolvers: n.resolvers,
        routes: n.routes,
      },
      WIRE,
    );
    if (problems.length > 0)
      throw invalidArgument(
        problems.map((p) => `property "${p.field}": ${JSON.stringify(p.value)} ${p.rule}`).join(', '),
      );
    const mine = parseSubnet(n.subnet)!;
    const others = fabrics.networksOf(n.owner, n.vlan_id).filter((o) => o.id !== n.id);
    if (others.some((o) => o.name === n.name)) throw property('name', `network with name "${n.name}" already exists`);
    // NAPI names no network: one entry per overlapping network, sorted by id, as CloudAPI's
    // translateErr joins them (sdc-napi lib/util/errors.js `networkOverlapParams`).
    const overlapping = others.filter((o) => subnetsOverlap(parseSubnet(o.subnet)!, mine));
    if (overlapping.length > 0)
      throw invalidArgument(
        overlapping
          .map((o) => o.id)
          .sort()
          .map(() => 'property "subnet": subnet overlaps with another network')
          .join(', '),
      );
  };
  const routes: CloudApiRoute[] = [
    {
      method: 'GET',
      path: VLANS,
      name: 'ListFabricVLANs',
      handler: (rc) => ({ status: 200, body: fabrics.vlansOf(owner(rc)).map(fabricVlanJson) }),
    },
    {
      method: 'POST',
      path: VLANS,
      name: 'CreateFabricVLAN',
      handler: (rc) => {
        checkFabricParams(CREATE_VLAN, rc.body);
        const raw = param(rc, 'vlan_id');
        if (raw === undefined || raw === null) throw property('vlan_id', 'is missing and it is required');
        const vlanId = vlanIdOf(raw);
        const name = stringField(rc, 'name', true)!;
        const description = stringField(rc, 'description', false);
        if (fabrics.vlan(owner(rc), vlanId) !== undefined) throw property('vlan_id', 'VLAN ID is already in use');
        const vlan: FabricVlanRecord = {
          owner: owner(rc),
          vlan_id: vlanId,
          name,
          ...(description !== undefined ? { description } : {}),
        };
        fabrics.putVlan(vlan);
        return { status: 201, body: fabricVlanJson(vlan) };
      },
    },
    {
      method: 'GET',
      path: `${VLANS}/:vlan_id`,
      name: 'GetFabricVLAN',
      handler: (rc) => ({ status: 200, body: fabricVlanJson(vlanOf(rc)) }),
    },
    {
      method: 'PUT',
      path: `${VLANS}/:vlan_id`,
      name: 'UpdateFabricVLAN',
      handler: (rc) => {
        // The body's vlan_id wins over the path's (restify's mapParams), as the server's test of
        // `{vlan_id: 10}` answering "vlan not found" shows.
        const params = { ...rc.body, vlan_id: rc.body['vlan_id'] ?? pathVlan(rc) };
        checkFabricParams(UPDATE_VLAN, params);
        const vlan = fabrics.vlan(owner(rc), params.vlan_id as number);
        if (vlan === undefined) throw notFound('vlan not found');
        const name = stringField(rc, 'name', false);
        const description = stringField(rc, 'description', false);
        const next = {
          ...vlan,
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
        };
        fabrics.putVlan(next);
        return { status: 202, body: fabricVlanJson(next) };
      },
    },
    {
      method: 'DELETE',
      path: `${VLANS}/:vlan_id`,
      name: 'DeleteFabricVLAN',
      handler: (rc) => {
        const vlan = vlanOf(rc);
        const users = fabrics.networksOf(owner(rc), vlan.vlan_id);
        if (users.length > 0) throw invalidArgument(users.map((n) => `In use by network "${n.id}"`).join(', '));
        fabrics.deleteVlan(owner(rc), vlan.vlan_id);
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: NETWORKS,
      name: 'ListFabricNetworks',
      handler: (rc) => ({
        status: 200,
        body: fabrics.networksOf(owner(rc), vlanOf(rc).vlan_id).map(fabricNetworkJson),
      }),
    },
    {
      method: 'POST',
      path: NETWORKS,
      name: 'CreateFabricNetwork',
      handler: (rc) => {
        checkFabricParams(CREATE_NETWORK, { ...rc.body, vlan_id: pathVlan(rc) });
        const vlan = vlanOf(rc);
        const resolvers = param(rc, 'resolvers');
        const routes = param(rc, 'routes');
        const gateway = stringField(rc, 'gateway', false);
        const description = stringField(rc, 'description', false);
        const network: FabricNetworkRecord = {
          owner: owner(rc),
          id: randomUUID(),
          vlan_id: vlan.vlan_id,
          name: stringField(rc, 'name', true)!,
          subnet: stringField(rc, 'subnet', true)!,
          provision_start_ip: stringField(rc, 'provision_start_ip', true)!,
          provision_end_ip: stringField(rc, 'provision_end_ip', true)!,
          resolvers: (resolvers ?? []) as string[],
          routes: (routes ?? {}) as Record<string, string>,
          internet_nat: optionalBoolean(rc, 'internet_nat') ?? true,
          ...(gateway !== undefined ? { gateway } : {}),
          ...(description !== undefined ? { description } : {}),
        };
        checkAddresses(network);
        fabrics.putNetwork(network);
        return { status: 201, body: fabricNetworkJson(network) };
      },
    },
    {
      method: 'GET',
      path: `${NETWORKS}/:id`,
      name: 'GetFabricNetwork',
      handler: (rc) => ({ status: 200, body: fabricNetworkJson(networkOf(rc)) }),
    },
    {
      method: 'PUT',
      path: `${NETWORKS}/:id`,
      name: 'UpdateFabricNetwork',
      handler: (rc) => {
        if (rc.body['id'] !== undefined) throw property('id', 'cannot be set');
        checkFabricParams(UPDATE_NETWORK, { ...rc.body, vlan_id: pathVlan(rc), id: rc.params['id'] });
        const network = networkOf(rc);
        const next: FabricNetworkRecord = { ...network };
        for (const f of ['name', 'description', 'provision_start_ip', 'provision_end_ip'] as const) {
          const v = stringField(rc, f, false);
          if (v !== undefined) next[f] = v;
        }
        if (rc.body['resolvers'] !== undefined) next.resolvers = rc.body['resolvers'] as string[];
        if (rc.body['routes'] !== undefined) next.routes = rc.body['routes'] as Record<string, string>;
        checkAddresses(next);
        fabrics.putNetwork(next);
        return { status: 200, body: fabricNetworkJson(next) };
      },
    },
    {
      method: 'DELETE',
      path: `${NETWORKS}/:id`,
      name: 'DeleteFabricNetwork',
      handler: (rc) => {
        const network = networkOf(rc);
        const account = accountOf(rc);
        // sdc-cloudapi lib/endpoints/networks.js deleteFabricNetwork: the account's default network stays.
        if (network.id === account.account.config['default_network'])
          throw invalidArgument('cannot delete default network');
        const vms = state.machines(account).filter(
          // A machine holds its NICs until its destroy job ends; a removed NIC is released earlier.
          (m) =>
            m.state !== 'deleted' &&
            (m.nics ?? []).some((nic) => nic.network === network.id && nicHeld(nic, rc.ctx.clock())),
        );
        const volumes = state.volumes.volumesOf(account.account.id).filter((v) => v.networks.includes(network.id));
        const users = [
          ...vms.map((m) => `In use by vm "${m.id}"`),
          ...volumes.map((v) => `In use by volume "${v.id}"`),
        ];
        if (users.length > 0) throw invalidArgument(users.join(', '));
        fabrics.deleteNetwork(network.id);
        return { status: 204 };
      },
    },
  ];
  // A datacenter without fabrics answers every fabric route 501 (`ensureFabricsEnabled`).
  return routes.map((r) => ({
    ...r,
    handler: (rc) => {
      if (!rc.ctx.layout.fabrics)
        throw new EmulatorError(501, 'NotImplemented', 'fabrics not enabled for this datacenter');
      return r.handler(rc);
    },
  }));
}
