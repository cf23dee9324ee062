/**
 * The network IP routes of sdc-cloudapi `lib/endpoints/networks.js` (`validateNetworkForIps`,
 * `listNetworkIps`, `getNetworkIp`, `updateNetworkIp`, `translateIp`): the addresses of a network
 * that belong to something or are reserved, and reserving or releasing one.
 */
import { EmulatorError, invalidArgument, missingParameter, notFound } from '../../core/errors.js';
import type { RequestContext, Reply } from '../../core/types.js';
import type { EmulatorContext } from '../../core/context.js';
import type { CloudApiRoute } from '../route.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from '../private/before.js';
import { param } from '../private/params.js';
import { addressingOf, type NetworkAddressing } from '../private/network-addressing.js';
import { inSubnet, ipv4Text as ipText, parseIpv4 } from '../../../common/net/ipv4.js';

/** One address as NAPI keeps it, before CloudAPI's `translateIp`. */
interface NapiIp {
  ip: string;
  reserved: boolean;
  /** Gateway, resolvers, broadcast: NAPI's `belongs_to_type: other`, owned by the admin. */
  managed: boolean;
  owner_uuid?: string;
  belongs_to_uuid?: string;
}

/** ListNetworkIPs, HeadNetworkIPs, GetNetworkIP, HeadNetworkIP, UpdateNetworkIP. */
export function networkIpRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  const list = (rc: RequestContext): Reply => listIps(rc, state);
  const get = (rc: RequestContext): Reply => getIp(rc, state);
  return [
    { method: 'GET', path: '/:account/networks/:id/ips', name: 'ListNetworkIPs', handler: list },
    { method: 'HEAD', path: '/:account/networks/:id/ips', name: 'HeadNetworkIPs', handler: list },
    { method: 'GET', path: '/:account/networks/:id/ips/:ip_address', name: 'GetNetworkIP', handler: get },
    { method: 'HEAD', path: '/:account/networks/:id/ips/:ip_address', name: 'HeadNetworkIP', handler: get },
    {
      method: 'PUT',
      path: '/:account/networks/:id/ips/:ip_address',
      name: 'UpdateNetworkIP',
      handler: (rc) => updateIp(rc, state),
    },
  ];
}

/**
 * `validateNetworkForIps`: one of the networks the account lists, else 404 `<id> not found` (a
 * pool's member network is not listed); a pool is 409 (PUBAPI-1441: no IPs of a pool).
 */
function networkFor(rc: RequestContext, state: CloudApiState): NetworkAddressing {
  const id = rc.params['id']!;
  const owner = accountOf(rc).account.id;
  if (state.catalog.pool(id) !== undefined) throw invalidArgument(`cannot get IPs in a network pool: ${id}`);
  const net = addressingOf(state.catalog, state.fabrics, owner, id);
  if (net === undefined || (!state.catalog.isListed(id) && state.fabrics.network(owner, id) === undefined))
    throw notFound(`${id} not found`);
  return net;
}

/** Every address of `net` NAPI has a record of, as the account `owner` may see them, in address order. */
function napiIps(state: CloudApiState, owner: string, net: NetworkAddressing): NapiIp[] {
  const byIp = new Map<string, NapiIp>();
  for (const n of net.managed) {
    const ip = ipText(n);
    byIp.set(ip, { ip, reserved: true, managed: true });
  }
  const scope = net.perAccount ? owner : '*';
  for (const ip of state.reservedIps.reserved(scope, net.id)) byIp.set(ip, { ip, reserved: true, managed: false });
  for (const { owner: holder, machine } of state.everyMachine()) {
    if (net.perAccount && holder !== owner) continue;
    for (const nic of machine.nics ?? []) {
      if (nic.network !== net.id) continue;
      const reserved = byIp.get(nic.ip)?.reserved ?? false;
      byIp.set(nic.ip, { ip: nic.ip, reserved, managed: false, owner_uuid: holder, belongs_to_uuid: machine.id });
    }
  }
  return [...byIp.values()].sort((a, b) => parseIpv4(a.ip)! - parseIpv4(b.ip)!);
}

/** `translateIp`: managed addresses hide their owner; another account's NIC hides what it belongs to. */
function translateIp(ip: NapiIp, caller: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ip: ip.ip, reserved: ip.reserved };
  if (!ip.managed && ip.owner_uuid !== undefined) out['owner_uuid'] = ip.owner_uuid;
  if (!ip.managed && ip.belongs_to_uuid !== undefined && ip.owner_uuid === caller)
    out['belongs_to_uuid'] = ip.belongs_to_uuid;
  out['managed'] = ip.managed;
  return out;
}

function listIps(rc: RequestContext, state: CloudApiState): Reply {
  const net = networkFor(rc, state);
  const caller = accountOf(rc).account.id;
  // NAPI-437: NAPI's defaults, offset paging; a public network lists only the caller's addresses.
  const limit = Number(rc.query.get('limit') ?? 1000);
  const offset = Number(rc.query.get('offset') ?? 0);
  const ips = napiIps(state, caller, net)
    .filter((ip) => !net.public || ip.owner_uuid === caller)
    .slice(offset, offset + limit)
    .map((ip) => translateIp(ip, caller));
  return {
    status: 200,
    body: ips,
    headers: { 'x-query-limit': String(limit), 'x-resource-count': String(ips.length) },
  };
}

/** NAPI's record of one address: a free address of the subnet has one too (`reserved: false`). */
function napiIp(rc: RequestContext, state: CloudApiState, net: NetworkAddressing): NapiIp {
  const wanted = rc.params['ip_address']!;
  const n = parseIpv4(wanted);
  if (n === undefined || !inSubnet(n, net.subnet)) throw notFound(`IP ${wanted} not found on network ${net.id}`);
  const ip = ipText(n);
  return (
    napiIps(state, accountOf(rc).account.id, net).find((x) => x.ip === ip) ?? { ip, reserved: false, managed: false }
  );
}

function getIp(rc: RequestContext, state: CloudApiState): Reply {
  const net = networkFor(rc, state);
  const caller = accountOf(rc).account.id;
  const ip = napiIp(rc, state, net);
  // A public network's address is shown only to the account holding it.
  if (net.public && ip.owner_uuid !== caller) throw notFound(`${rc.params['ip_address']} not found`);
  return { status: 200, body: translateIp(ip, caller) };
}

function updateIp(rc: RequestContext, state: CloudApiState): Reply {
  const net = networkFor(rc, state);
  const caller = accountOf(rc).account.id;
  const raw = param(rc, 'reserved');
  if (raw === undefined) throw missingParameter('reserved is a required argument');
  // Query strings give 'true'/'false', bodies booleans or those words (`updateNetworkIp`).
  const reserved = raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : undefined;
  if (reserved === undefined) throw invalidArgument('reserved must be set to true or false');
  if (net.public) throw invalidArgument(`cannot update an IP on a public network: ${net.id}`);
  const ip = napiIp(rc, state, net);
  if (ip.managed) throw invalidArgument(`cannot update managed IP: ${rc.params['ip_address']}`);
  if (ip.owner_uuid !== undefined && ip.owner_uuid !== caller)
    throw new EmulatorError(
      409,
      'InvalidArgument',
      `IP ${rc.params['ip_address']} on network ${net.id} is in use by another account`,
    );
  state.reservedIps.set(net.perAccount ? caller : '*', net.id, ip.ip, reserved);
  return { status: 200, body: translateIp({ ...ip, reserved }, caller) };
}
