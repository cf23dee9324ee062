/**
 * The rules a fabric network's addresses must pass (NAPI's, as CloudAPI reports them), shared by
 * the constructs (at synth) and the emulator (at the API): one message per broken rule, naming the
 * field, the value and the rule.
 */
import { FABRIC_PREFIX, inSubnet, parseIpv4, parseSubnet, type Ipv4Subnet } from './ipv4.js';

/** The private ranges of RFC 1918, the only ones NAPI takes for a fabric subnet (`PRIV_RANGE_ONLY`). */
const PRIVATE_RANGES: readonly Ipv4Subnet[] = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map(
  (cidr) => parseSubnet(cidr) as Ipv4Subnet,
);

/** True when the whole subnet lies in one RFC 1918 range. */
function isPrivate(subnet: Ipv4Subnet): boolean {
  return PRIVATE_RANGES.some((range) => inSubnet(subnet.base, range) && inSubnet(subnet.last, range));
}

/** The address fields of a fabric network, in wire-neutral names. */
export interface FabricNetworkAddresses {
  readonly subnet: unknown;
  readonly provisionStartIp: unknown;
  readonly provisionEndIp: unknown;
  readonly gateway?: unknown;
  readonly resolvers?: unknown;
  readonly routes?: unknown;
}

/** One broken rule. */
export interface AddressProblem {
  readonly field: keyof FabricNetworkAddresses | string;
  readonly value: unknown;
  readonly rule: string;
}

/** The longest name or description NAPI keeps for a fabric VLAN or network (its string limit). */
export const MAX_FABRIC_TEXT = 64;

/**
 * The name a fabric network must have (joyent-schemas `netname`): a letter, then 1 to 255 letters,
 * digits, `_`, `.`, `/` or `-`.
 */
export const FABRIC_NETWORK_NAME = /^[a-zA-Z][a-zA-Z0-9_./-]{1,255}$/;

/**
 * What is wrong with a fabric VLAN's or network's name or description, as the server refuses it:
 * longer than NAPI's {@link MAX_FABRIC_TEXT} characters, or (`networkName`) a network name outside
 * joyent-schemas' `netname`; `undefined` when it passes (and for a value that is no string).
 */
export function fabricTextProblem(value: unknown, networkName = false): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (networkName && !FABRIC_NETWORK_NAME.test(value))
    return 'must start with a letter, then hold 1 to 255 letters, digits, "_", ".", "/" or "-" (the server\'s network name rule)';
  if (value.length > MAX_FABRIC_TEXT) return `must not be longer than ${MAX_FABRIC_TEXT} characters (NAPI's limit)`;
  return undefined;
}

/** The most resolvers CloudAPI takes (`MAX_RESOLVERS`). */
export const MAX_RESOLVERS = 4;

/** The VLAN ids NAPI accepts. */
export function vlanIdProblem(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 4094 || value === 1)
    return 'must be a whole number from 0 to 4094, and not 1 (the VLAN ids NAPI accepts)';
  return undefined;
}

/**
 * The problems of a network's addresses: a CIDR subnet of /8 to /30 with no host bits set, inside
 * a private range (RFC 1918: a fabric is a private network), a provision range inside it, start before end, neither the broadcast address, a gateway inside it,
 * at most four IPv4 resolvers, routes from a subnet or address to an address.
 * @param names the field names to report (wire names in the emulator, camelCase at synth)
 */
export function fabricNetworkProblems(
  n: FabricNetworkAddresses,
  names: Readonly<Record<keyof FabricNetworkAddresses, string>>,
): { problems: AddressProblem[]; subnet?: Ipv4Subnet } {
  const problems: AddressProblem[] = [];
  const add = (field: keyof FabricNetworkAddresses, value: unknown, rule: string): void => {
    problems.push({ field: names[field], value, rule });
  };
  const subnet = parseSubnet(n.subnet, FABRIC_PREFIX.min, FABRIC_PREFIX.max);
  if (subnet === undefined)
    add(
      'subnet',
      n.subnet,
      `must be an IPv4 subnet in CIDR form (10.10.0.0/24) with a prefix of /${FABRIC_PREFIX.min} to /${FABRIC_PREFIX.max} and no host bits set`,
    );
  else if (!isPrivate(subnet))
    add(
      'subnet',
      n.subnet,
      'must be inside a private range (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16), as NAPI requires of a fabric',
    );
  const start = parseIpv4(n.provisionStartIp);
  const end = parseIpv4(n.provisionEndIp);
  if (start === undefined) add('provisionStartIp', n.provisionStartIp, 'must be an IPv4 address');
  if (end === undefined) add('provisionEndIp', n.provisionEndIp, 'must be an IPv4 address');
  if (subnet !== undefined) {
    const cidr = String(n.subnet);
    for (const [field, ip, value] of [
      ['provisionStartIp', start, n.provisionStartIp],
      ['provisionEndIp', end, n.provisionEndIp],
    ] as const) {
      if (ip === undefined) continue;
      if (!inSubnet(ip, subnet)) add(field, value, `must be inside the subnet ${cidr}`);
      // NAPI reserves the broadcast address only: a range may start at the subnet's own address
      // (sdc-napi lib/models/network.js `validateProvisionRange`; CloudAPI's test/fabrics.test.js
      // gives 10.5.1.0 in 10.5.1.0/24 and expects the overlap refusal, not this one).
      else if (ip === subnet.last) add(field, value, `cannot be the broadcast address of ${cidr}`);
    }
  }
  if (start !== undefined && end !== undefined && start > end)
    add('provisionStartIp', n.provisionStartIp, `must come before provisionEndIp ${String(n.provisionEndIp)}`);
  if (n.gateway !== undefined) {
    const gw = parseIpv4(n.gateway);
    if (gw === undefined) add('gateway', n.gateway, 'must be an IPv4 address');
    else if (subnet !== undefined && !inSubnet(gw, subnet))
      add('gateway', n.gateway, `must be inside the subnet ${String(n.subnet)}`);
  }
  if (n.resolvers !== undefined) {
    if (!Array.isArray(n.resolvers)) add('resolvers', n.resolvers, 'must be a list of IPv4 addresses');
    else {
      if (n.resolvers.length > MAX_RESOLVERS)
        add('resolvers', n.resolvers, `must hold at most ${MAX_RESOLVERS} addresses (CloudAPI's maximum)`);
      n.resolvers.forEach((r, i) => {
        if (parseIpv4(r) === undefined)
          problems.push({ field: `${names.resolvers}[${i}]`, value: r, rule: 'must be an IPv4 address' });
      });
    }
  }
  if (n.routes !== undefined) {
    if (n.routes === null || typeof n.routes !== 'object' || Array.isArray(n.routes))
      add('routes', n.routes, 'must map a destination subnet or address to a gateway address');
    else
      for (const [dest, via] of Object.entries(n.routes as Record<string, unknown>)) {
        if (parseSubnet(dest) === undefined && parseIpv4(dest) === undefined)
          problems.push({
            field: `${names.routes}.${dest}`,
            value: dest,
            rule: 'the destination must be an IPv4 subnet or address',
          });
        if (parseIpv4(via) === undefined)
          problems.push({ field: `${names.routes}.${dest}`, value: via, rule: 'the gateway must be an IPv4 address' });
      }
  }
  return subnet === undefined ? { problems } : { problems, subnet };
}
