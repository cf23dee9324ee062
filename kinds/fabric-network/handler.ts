/**
 * `fabric-network`: an IPv4 network on a fabric VLAN. Its natural key is `<vlanId>/<name>`, its id
 * the network's uuid. UpdateFabricNetwork (PUT) changes the name, description, provision range,
 * resolvers and routes; the rest is fixed at create (the descriptor's `immutable`). A replacement on
 * the same VLAN deletes first (the name and subnet are unique within a VLAN); one onto another VLAN
 * makes the new network first, so what is on the old one (a NIC) can move before it goes.
 *
 * Compared: what is declared; `description`, `gateway`, `resolvers` and `routes` left out of the
 * declaration are not managed.
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { VLANS_PATH } from '../fabric-vlan/handler.js';
import { sortedStringMap, desiredOptionals, liveOptionals } from '../../provider/handlers/private/normalize.js';
import { ignoreNotFound, orUndefined } from '../../provider/handlers/private/not-found.js';
import type {
  HandlerContext,
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
} from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { fabricNetwork as fabricNetworkKind } from './descriptor.js';
import { parseSubnet, subnetsOverlap } from '../../common/net/ipv4.js';
import { defaultFabricOf } from '../../provider/handlers/default-fabric.js';

/** A fabric network as CloudAPI answers it (`translateNetwork`). */
export interface FabricNetworkLive {
  readonly id: string;
  readonly name: string;
  readonly vlan_id: number;
  readonly subnet: string;
  readonly provision_start_ip: string;
  readonly provision_end_ip: string;
  readonly gateway?: string;
  readonly resolvers?: readonly string[];
  readonly routes?: Readonly<Record<string, string>>;
  readonly internet_nat?: boolean;
  readonly description?: string;
}

const networksPath = (vlanId: string | number, ...rest: string[]): string[] => [
  ...VLANS_PATH,
  String(vlanId),
  'networks',
  ...rest,
];

/** The VLAN id at the front of a natural key `<vlanId>/<name>`. */
const vlanOfKey = (naturalKey: string): string => naturalKey.split('/')[0]!;

/** Normalised desired network. */
export function normalizeFabricNetworkDesired(props: ResolvedProperties): PlainObject {
  const out: Record<string, PlainValue> = {
    vlanId: Number(props['vlanId']),
    name: String(props['name'] ?? ''),
    subnet: String(props['subnet'] ?? ''),
    provisionStartIp: String(props['provisionStartIp'] ?? ''),
    provisionEndIp: String(props['provisionEndIp'] ?? ''),
    internetNat: props['internetNat'] !== false,
    ...desiredOptionals(props, ['description', 'gateway']),
  };
  if (Array.isArray(props['resolvers'])) out['resolvers'] = props['resolvers'].map(String);
  if (props['routes'] !== undefined) out['routes'] = sortedStringMap(props['routes']);
  return out;
}

/** Normalised live network; optional fields follow `desired` when given, else appear when set. */
export function normalizeFabricNetworkLive(live: FabricNetworkLive, desired?: PlainObject): PlainObject {
  const out: Record<string, PlainValue> = {
    id: live.id,
    vlanId: live.vlan_id,
    name: live.name,
    subnet: live.subnet,
    provisionStartIp: live.provision_start_ip,
    provisionEndIp: live.provision_end_ip,
    internetNat: live.internet_nat !== false,
    ...liveOptionals(live as unknown as Record<string, unknown>, ['description', 'gateway'], desired),
  };
  const resolvers = [...(live.resolvers ?? [])];
  if (desired !== undefined ? desired['resolvers'] !== undefined : resolvers.length > 0) out['resolvers'] = resolvers;
  const routes = sortedStringMap(live.routes);
  if (desired !== undefined ? desired['routes'] !== undefined : Object.keys(routes).length > 0) out['routes'] = routes;
  return out;
}

/** The fields UpdateFabricNetwork takes, from the declaration. */
function updatable(desired: ResolvedProperties): Record<string, unknown> {
  return {
    name: String(desired['name']),
    provision_start_ip: String(desired['provisionStartIp']),
    provision_end_ip: String(desired['provisionEndIp']),
    ...desiredOptionals(desired, ['description']),
    ...(Array.isArray(desired['resolvers']) ? { resolvers: desired['resolvers'].map(String) } : {}),
    ...(desired['routes'] !== undefined ? { routes: sortedStringMap(desired['routes']) } : {}),
  };
}

async function listIn(ctx: HandlerContext<Clients>, vlanId: string): Promise<FabricNetworkLive[]> {
  const found = await orUndefined(
    ctx.clients.cloudapi.call<FabricNetworkLive[]>(
      { operation: 'ListFabricNetworks', method: 'GET', path: networksPath(vlanId), expect: 'list' },
      { signal: ctx.signal },
    ),
  );
  return found ?? [];
}

/** The `fabric-network` handler. */
export const fabricNetworkHandler: ResourceHandler<FabricNetworkLive, Clients> = {
  kind: 'fabric-network',
  mode: 'managed',
  schema: {
    ...fieldRulesOf(fabricNetworkKind),
    replaceStrategy: 'delete-then-create',
    replaceStrategyOnNewKey: 'create-then-delete',
  },
  normalizeDesired: normalizeFabricNetworkDesired,
  normalizeLive: normalizeFabricNetworkLive,
  async refuseDeclared(ctx, declared) {
    const fabric = await defaultFabricOf(ctx);
    const defaultSubnet = fabric === undefined ? undefined : parseSubnet(fabric.subnet);
    if (fabric === undefined || defaultSubnet === undefined) return [];
    const out: string[] = [];
    for (const d of declared) {
      if (Number(d.properties['vlanId']) !== fabric.vlanId) continue;
      const subnet = typeof d.properties['subnet'] === 'string' ? parseSubnet(d.properties['subnet']) : undefined;
      const where = `on VLAN ${fabric.vlanId}, the account's default fabric VLAN, beside the default network ${fabric.networkName} (${fabric.subnet})`;
      // NAPI's rules for networks of one VLAN: names are unique, subnets do not overlap.
      if (d.properties['name'] === fabric.networkName)
        out.push(
          `${d.address}: name ${JSON.stringify(fabric.networkName)} is taken ${where}; CreateFabricNetwork refuses a name in use on the VLAN. Give the network another name, or use the default network through a NetworkLookup`,
        );
      else if (subnet !== undefined && subnetsOverlap(subnet, defaultSubnet))
        out.push(
          `${d.address}: subnet ${String(d.properties['subnet'])} overlaps ${fabric.subnet} ${where}; CreateFabricNetwork refuses a subnet overlapping another network of the VLAN. Choose a subnet outside ${fabric.subnet}, or another VLAN`,
        );
    }
    return out;
  },
  naturalKeyOf: (live) => `${live.vlan_id}/${live.name}`,
  idOf: (live) => live.id,
  async read(ctx, ref) {
    const vlanId = vlanOfKey(ref.naturalKey);
    if (ref.id !== undefined)
      return orUndefined(
        ctx.clients.cloudapi.call<FabricNetworkLive>(
          { operation: 'GetFabricNetwork', method: 'GET', path: networksPath(vlanId, ref.id), expect: 'object' },
          { signal: ctx.signal },
        ),
      );
    const name = ref.naturalKey.slice(vlanId.length + 1);
    return (await listIn(ctx, vlanId)).find((n) => n.name === name);
  },
  create: (ctx, desired) =>
    ctx.clients.cloudapi.call<FabricNetworkLive>(
      {
        operation: 'CreateFabricNetwork',
        method: 'POST',
        path: networksPath(Number(desired['vlanId'])),
        json: {
          ...updatable(desired),
          subnet: String(desired['subnet']),
          internet_nat: desired['internetNat'] !== false,
          ...desiredOptionals(desired, ['gateway']),
        },
        expect: 'object',
      },
      { signal: ctx.signal },
    ),
  update: (ctx, id, desired) =>
    ctx.clients.cloudapi.call<FabricNetworkLive>(
      {
        operation: 'UpdateFabricNetwork',
        method: 'PUT',
        path: networksPath(Number(desired['vlanId']), id),
        json: updatable(desired),
        expect: 'object',
      },
      { signal: ctx.signal },
    ),
  async delete(ctx, ref) {
    const id = ref.id ?? (await fabricNetworkHandler.read(ctx, ref))?.id;
    if (id === undefined) return;
    await ignoreNotFound(
      ctx.clients.cloudapi.call(
        {
          operation: 'DeleteFabricNetwork',
          method: 'DELETE',
          path: networksPath(vlanOfKey(ref.naturalKey), id),
          expect: 'empty',
        },
        { signal: ctx.signal },
      ),
    );
  },
  // Every rehearsal's copy holds the account's fabric networks (an instance's or a volume's
  // networks name them by id), listed per VLAN the copy holds.
  rehearsalCopy: {
    order: 11,
    async copy({ clients, signal, tryRead, copied }) {
      const vlans = (copied['fabricVlans'] ?? []) as readonly { readonly vlanId: number }[];
      const networks: FabricNetworkLive[] = [];
      for (const v of vlans) {
        const on = await tryRead(`fabric networks of VLAN ${v.vlanId}`, () =>
          clients.cloudapi.call<FabricNetworkLive[]>(
            { operation: 'ListFabricNetworks', method: 'GET', path: networksPath(String(v.vlanId)), expect: 'list' },
            { signal },
          ),
        );
        networks.push(...(on ?? []));
      }
      const fabricNetworks = networks.map((n) => ({
        id: n.id,
        vlanId: n.vlan_id,
        name: n.name,
        subnet: n.subnet,
        provisionStartIp: n.provision_start_ip,
        provisionEndIp: n.provision_end_ip,
        ...(n.gateway !== undefined ? { gateway: n.gateway } : {}),
        resolvers: [...(n.resolvers ?? [])],
        routes: { ...(n.routes ?? {}) },
        internetNat: n.internet_nat !== false,
        ...(n.description !== undefined ? { description: n.description } : {}),
      }));
      return { seed: { fabricNetworks }, copied: [`${fabricNetworks.length} fabric networks`] };
    },
  },
};
