/**
 * Static IPs of an `Instance` (`networks: [{ network, ips: ['10.0.0.5'] }]`): CloudAPI 8.x's
 * network objects `{ ipv4_uuid, ipv4_ips }` (sdc-cloudapi lib/machines.js `validateNetworkObject`:
 * one address per network). Checked at synth where the answer is known: a single IPv4 address, on a
 * declared FabricNetwork inside its subnet and not one it manages (NAPI's rule), and not asked for
 * by another instance of the stack. On a network the stack does not declare the server checks it.
 */
import type { Construct } from 'constructs';
import type { Reference } from '../reference.js';
import { TritonResource } from '../resource.js';
import { fail } from './problems.js';

/** A network with the one address asked for on it. */
export interface StaticIpNetworkSpec<N> {
  /** The network. */
  readonly network: N;
  /** The address asked for, as a one-element list (CloudAPI's `ipv4_ips`). */
  readonly ips: readonly string[];
}

/** What a network object renders to: the network's value and the address. */
export interface RenderedStaticIp {
  readonly network: string | Reference;
  readonly ip: string;
}

/** Whether a `networks` element is the object form. */
export function isStaticIpSpec(n: unknown): n is StaticIpNetworkSpec<unknown> {
  return typeof n === 'object' && n !== null && !(n instanceof TritonResource) && 'network' in n;
}

/** The one address of a network object, checked against the network when the stack declares it. */
export function staticIpOf(at: string, field: string, spec: StaticIpNetworkSpec<unknown>): string {
  const extra = Object.keys(spec).filter((k) => k !== 'network' && k !== 'ips');
  if (extra.length > 0) fail(at, `${field}.${extra[0]}`, spec, 'is not a field of a network object (network, ips)');
  const ips = spec.ips;
  if (!Array.isArray(ips) || ips.length !== 1 || typeof ips[0] !== 'string')
    fail(
      at,
      `${field}.ips`,
      ips,
      'must be a list of exactly one IPv4 address (CloudAPI: "ipv4_ips: network should contain a single IP array")',
    );
  const ip = ips[0] as string;
  const net = spec.network as { staticIpProblem?: (ip: string) => string | undefined };
  const problem =
    typeof net === 'object' && net !== null && typeof net.staticIpProblem === 'function'
      ? net.staticIpProblem(ip)
      : /^(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,2})){3}$/.test(ip) && ip.split('.').every((p) => Number(p) <= 255)
        ? undefined
        : 'must be an IPv4 address';
  if (problem !== undefined) fail(at, `${field}.ips[0]`, ip, problem);
  return ip;
}

/**
 * No two instances of the stack may ask for one address on one network: the second create would
 * fail with NAPI's "IP in use" half-way through an apply.
 */
export function checkStaticIpClashes(
  self: Construct,
  at: string,
  mine: readonly { readonly network: unknown; readonly ip: string; readonly field: string }[],
  othersOf: (c: Construct) => readonly { readonly network: unknown; readonly ip: string }[] | undefined,
): void {
  const root = self.node.scopes[0]!;
  for (const other of root.node.findAll()) {
    if (other === self) continue;
    const theirs = othersOf(other);
    if (theirs === undefined) continue;
    for (const m of mine)
      if (theirs.some((t) => t.ip === m.ip && t.network === m.network))
        fail(at, m.field, m.ip, `is also asked for on the same network by ${other.node.path}: an address is one NIC's`);
  }
}
