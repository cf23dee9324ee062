/**
 * The instance's create-time and boot options the handler adds to the comparable form and the
 * requests: static addresses (`networkIps`, CreateMachine network objects), a delegated dataset,
 * the root SSH keys (the metadata key `root_authorized_keys`) and the CNS names GetMachine answers.
 */
import type { Machine } from '../../../provider/cloudapi/types.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import { byCodePoint } from '../../../provider/handlers/private/normalize.js';
import { disksOf } from './instance-disks.js';
import type { HandlerContext, PlainObject, PlainValue, ResolvedProperties } from '../../../common/contract/handler.js';

/** The metadata key holding the root user's SSH keys (CloudAPI writes the account's there at create). */
export const ROOT_KEYS = 'root_authorized_keys';

/** The declared static addresses, sorted by network. */
export function networkIpsOf(value: PlainValue | undefined): { network: string; ip: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value
    .map((v) => {
      const o = (v ?? {}) as Record<string, PlainValue>;
      return { network: String(o['network']), ip: String(o['ip']) };
    })
    .sort((a, b) => byCodePoint(a.network, b.network));
}

/** The desired form's extra fields, added to `out`. */
export function bootDesired(props: ResolvedProperties, out: Record<string, PlainValue>): void {
  out['delegateDataset'] = props['delegateDataset'] === true;
  const ips = networkIpsOf(props['networkIps']);
  if (ips !== undefined) out['networkIps'] = ips;
  if (typeof props['rootAuthorizedKeys'] === 'string') out['rootAuthorizedKeys'] = props['rootAuthorizedKeys'];
  const disks = disksOf(props['disks']);
  if (disks !== undefined) out['disks'] = disks as unknown as PlainValue;
}

/** The live form's extra fields, added to `out`: the root keys only when declared (else the server's own). */
export function bootLive(live: Machine, desired: PlainObject | undefined, out: Record<string, PlainValue>): void {
  out['delegateDataset'] = live.delegate_dataset === true;
  if (live.dns_names !== undefined) out['domainNames'] = [...live.dns_names];
  if (desired?.['rootAuthorizedKeys'] !== undefined) {
    const keys = live.metadata[ROOT_KEYS];
    out['rootAuthorizedKeys'] = typeof keys === 'string' ? keys : '';
  }
}

/**
 * CreateMachine's `networks`: an id each, or a network object with the address asked for on it
 * (mixing the two is allowed from API 7.3, sdc-cloudapi lib/machines.js `getCreateOptions`).
 */
export function wireNetworks(
  networks: readonly string[],
  networkIps: PlainValue | undefined,
): (string | { ipv4_uuid: string; ipv4_ips: string[] })[] {
  const ips = new Map((networkIpsOf(networkIps) ?? []).map((n) => [n.network, n.ip]));
  return networks.map((n) => {
    const ip = ips.get(n);
    return ip === undefined ? n : { ipv4_uuid: n, ipv4_ips: [ip] };
  });
}

/**
 * Writes the declared root keys when the machine holds others: after the create (CloudAPI put the
 * account's keys there, lib/machines.js `loadSSHKeys`) and on a change (AddMachineMetadata takes the
 * key; only deleting it is refused). Safe to repeat.
 * @returns whether it wrote them
 */
export async function syncRootKeys(
  ctx: HandlerContext<Clients>,
  live: Machine,
  desired: ResolvedProperties,
): Promise<boolean> {
  const want = desired['rootAuthorizedKeys'];
  if (typeof want !== 'string' || live.metadata[ROOT_KEYS] === want) return false;
  await ctx.clients.cloudapi.addMachineMetadata(live.id, { [ROOT_KEYS]: want }, { signal: ctx.signal });
  return true;
}
