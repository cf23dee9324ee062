/**
 * What NAPI knows of a network's addresses, for the network IP routes, CreateMachine's and
 * AddNic's requested IPs: the subnet, the addresses NAPI manages from the network's creation
 * (gateway, the resolvers inside the subnet, the broadcast address: sdc-napi
 * `lib/models/network.js` `_createIPs`) and whether the addresses are the account's own
 * (a fabric, an overlay per account) or shared by every account (public and other networks).
 */
import { EmulatorError } from '../../core/errors.js';
import { inSubnet, ipv4Text, parseIpv4, parseSubnet, type Ipv4Subnet } from '../../../common/net/ipv4.js';
import type { CatalogStore } from './catalog-store.js';
import type { FabricStore } from './fabric-store.js';
import { ipInUseError } from './field-errors.js';

/** A network's addressing. */
export interface NetworkAddressing {
  readonly id: string;
  /** A public network: no owner, no IP may be asked for or reserved on it. */
  readonly public: boolean;
  /** Each account has the network's addresses to itself (a fabric network). */
  readonly perAccount: boolean;
  readonly subnet: Ipv4Subnet;
  /** The managed addresses: gateway, resolvers inside the subnet, broadcast. */
  readonly managed: ReadonlySet<number>;
}

/** The subnets of the fixture networks and of seeded networks that do not say theirs. */
const DEFAULT_SUBNET = { public: '203.0.113.0/24', private: '10.88.0.0/16' } as const;

/**
 * The addressing of network `id` as the account `owner` sees it: a datacenter network of the
 * catalog or one of the account's fabric networks; `undefined` when it is neither.
 */
export function addressingOf(
  catalog: CatalogStore,
  fabrics: FabricStore,
  owner: string,
  id: string,
): NetworkAddressing | undefined {
  const fabric = fabrics.network(owner, id);
  if (fabric !== undefined) return make(id, false, true, fabric.subnet, fabric.gateway, fabric.resolvers);
  const n = catalog.networks().find((x) => x['id'] === id);
  if (n === undefined) return undefined;
  const isPublic = n['public'] === true;
  const subnet =
    typeof n['subnet'] === 'string' ? n['subnet'] : isPublic ? DEFAULT_SUBNET.public : DEFAULT_SUBNET.private;
  const parsed = parseSubnet(subnet);
  const gateway =
    typeof n['gateway'] === 'string' ? n['gateway'] : parsed === undefined ? undefined : ipv4Text(parsed.base + 1);
  const resolvers = Array.isArray(n['resolvers']) ? (n['resolvers'] as unknown[]) : [];
  return make(id, isPublic, n['fabric'] === true, subnet, gateway, resolvers);
}

function make(
  id: string,
  isPublic: boolean,
  perAccount: boolean,
  subnetText: string,
  gateway: unknown,
  resolvers: readonly unknown[],
): NetworkAddressing | undefined {
  const subnet = parseSubnet(subnetText);
  if (subnet === undefined) return undefined;
  const managed = new Set<number>([subnet.last]);
  for (const a of [gateway, ...resolvers]) {
    const n = parseIpv4(a);
    if (n !== undefined && inSubnet(n, subnet)) managed.add(n);
  }
  return { id, public: isPublic, perAccount, subnet, managed };
}

/**
 * Checks an address asked for on a network (CreateMachine's and AddNic's `ipv4_ips`) as VMAPI and
 * NAPI do, in their order: a valid address, inside the subnet, not managed, not held.
 * @param held whether another NIC already holds the address
 * @throws EmulatorError 404 `cannot validate <ip>: Invalid IP address` / `IP is not in subnet`,
 *   409 `cannot use <ip> because it is a managed IP`, 422 `InvalidParameters` "IP in use"
 */
export function checkRequestedIp(net: NetworkAddressing, ip: string, held: (ip: string) => boolean): void {
  const n = parseIpv4(ip);
  if (n === undefined) throw new EmulatorError(404, 'ResourceNotFound', `cannot validate ${ip}: Invalid IP address`);
  if (!inSubnet(n, net.subnet))
    throw new EmulatorError(404, 'ResourceNotFound', `cannot validate ${ip}: IP is not in subnet`);
  if (net.managed.has(n))
    throw new EmulatorError(409, 'InvalidArgument', `cannot use ${ip} because it is a managed IP`);
  if (held(ip)) throw ipInUseError();
}
