/**
 * Network objects and the addresses NICs take, shared by CreateMachine and AddNic: sdc-cloudapi
 * `lib/validation/networks.js` `validateNetworkObject` (the object's checks and their messages),
 * and which addresses of a network are already taken (NICs, reservations, managed addresses).
 */
import { invalidArgument, missingParameter, notFound } from '../../core/errors.js';
import { ipv4Text } from '../../../common/net/ipv4.js';
import type { CloudApiState } from '../state.js';
import { addressingOf, checkRequestedIp, type NetworkAddressing } from './network-addressing.js';
import { isUuid } from './lookup.js';
import { nicHeld } from './machine-model.js';

/** A network asked for: its id and, with `ipv4_ips`, the one address asked for on it. */
export interface NetworkRequest {
  readonly id: string;
  readonly ip?: string;
}

/**
 * `validateNetworkObject`: `{ipv4_uuid, ipv4_ips?, ipv4_count?}` checked in the server's order; an
 * address may be asked for only on one of the account's networks that is not public.
 * @throws EmulatorError 409 `MissingParameter`/`InvalidArgument`, 404 `ipv4_uuid: network <id> not found`
 */
export function networkObject(state: CloudApiState, owner: string, obj: Record<string, unknown>): NetworkRequest {
  const uuid = obj['ipv4_uuid'];
  const ips = obj['ipv4_ips'];
  const count = obj['ipv4_count'];
  if (uuid === undefined || uuid === null || uuid === '' || uuid === false)
    throw missingParameter('network objects must contain ipv4_uuid');
  if (typeof uuid !== 'string') throw invalidArgument('ipv4_uuid must be a string');
  if (!isUuid(uuid)) throw invalidArgument(`ipv4_uuid: ${uuid} is not a uuid`);
  if (count !== undefined && ips !== undefined)
    throw invalidArgument('ipv4_count and ipv4_ips cannot be specified together');
  if (count !== undefined) {
    if (typeof count !== 'number') throw invalidArgument('ipv4_count must be a number');
    if (count !== 1) throw invalidArgument('ipv4_count can only be set to 1');
  }
  if (ips === undefined) return { id: uuid };
  if (!Array.isArray(ips)) throw invalidArgument('ipv4_ips must be an array with a single IP');
  if (ips.length !== 1)
    throw invalidArgument(`ipv4_ips: network with ipv4_uuid ${uuid} should contain a single IP array`);
  if (typeof ips[0] !== 'string') throw invalidArgument('ipv4_ips[0]: string expected');
  if (state.catalog.pool(uuid) !== undefined)
    throw invalidArgument(`ipv4_uuid: ${uuid} cannot specify IP on a network pool`);
  const net = addressingOf(state.catalog, state.fabrics, owner, uuid);
  // validateNetworkObject looks in req.networks, which lists no pool member.
  if (net === undefined || (!state.catalog.isListed(uuid) && state.fabrics.network(owner, uuid) === undefined))
    throw notFound(`ipv4_uuid: network ${uuid} not found`);
  if (net.public) throw invalidArgument(`ipv4_uuid: ${uuid} cannot specify IP on a public network`);
  return { id: uuid, ip: ips[0] };
}

/** The addresses NICs hold on `net` in the account's view (every account's on a shared network). */
export function heldIps(state: CloudApiState, owner: string, net: NetworkAddressing): Set<string> {
  const held = new Set<string>();
  const now = state.clock();
  for (const { owner: holder, machine } of state.everyMachine()) {
    if (net.perAccount && holder !== owner) continue;
    // A removed NIC's address is NAPI's again from the remove-nics job's start (machine-model.ts nicHeld).
    for (const nic of machine.nics ?? []) if (nic.network === net.id && nicHeld(nic, now)) held.add(nic.ip);
  }
  return held;
}

/**
 * The addresses an automatic choice on network `id` must skip: held, reserved or managed.
 * Empty for a network the account cannot see (the allocation refuses it).
 */
export function takenIps(state: CloudApiState, owner: string, id: string): string[] {
  const net = addressingOf(state.catalog, state.fabrics, owner, id);
  if (net === undefined) return [];
  return [
    ...heldIps(state, owner, net),
    ...state.reservedIps.reserved(net.perAccount ? owner : '*', id),
    ...[...net.managed].map(ipv4Text),
  ];
}

/**
 * Checks the address asked for on a network as VMAPI and NAPI do (valid, in the subnet, not
 * managed, not held); nothing when none was asked for.
 */
export function checkNetworkRequest(state: CloudApiState, owner: string, request: NetworkRequest): void {
  if (request.ip === undefined) return;
  const net = addressingOf(state.catalog, state.fabrics, owner, request.id);
  if (net === undefined) throw notFound(`ipv4_uuid: network ${request.id} not found`);
  const held = heldIps(state, owner, net);
  checkRequestedIp(net, request.ip, (ip) => held.has(ip));
}
