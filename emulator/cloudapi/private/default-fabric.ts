/**
 * Every account's default fabric in a datacenter with fabrics: VLAN 2 and a /22 network on it,
 * which the account's `default_network` names (GetConfig). The values are those of sdcadm
 * `lib/default-fabric.js` `addDefaultFabric` and napi-ufds-watcher's `defaults` (VLAN 2,
 * 192.168.128.0/22, gateway .128.1, provision range .128.5 to .131.250, the datacenter's
 * resolvers, internet NAT), with the names public Triton clouds give them (`My-Fabric-VLAN`, as
 * sdc-cloudapi test/fabrics.test.js expects for a new user, and `My-Fabric-Network`). The real
 * datacenter makes them when the account appears (napi-ufds-watcher); the emulator makes them on
 * the account's first CloudAPI request, once: an account whose fabric was copied from a cloud
 * (`triton-iac rehearse`) keeps what it had.
 */
import { randomUUID } from 'node:crypto';
import type { AccountState } from '../../core/store/account-state.js';
import type { FabricStore } from './fabric-store.js';

/** The default VLAN's id (sdcadm, napi-ufds-watcher). */
export const DEFAULT_VLAN_ID = 2;

/** The datacenter's resolvers, which the default network hands to instances. */
export const DATACENTER_RESOLVERS: readonly string[] = ['8.8.8.8', '8.8.4.4'];

/** The default network's addresses (napi-ufds-watcher `defaults.network`). */
export const DEFAULT_NETWORK = {
  name: 'My-Fabric-Network',
  subnet: '192.168.128.0/22',
  provision_start_ip: '192.168.128.5',
  provision_end_ip: '192.168.131.250',
  gateway: '192.168.128.1',
} as const;

/**
 * Makes the account's default VLAN and network and points its `default_network` at it, unless
 * that was done before.
 * @returns true when something was made (the identity store then has a change to save)
 */
export function ensureDefaultFabric(fabrics: FabricStore, account: AccountState): boolean {
  const owner = account.account.id;
  if (fabrics.isDefaulted(owner)) return false;
  fabrics.markDefaulted(owner);
  if (fabrics.vlan(owner, DEFAULT_VLAN_ID) === undefined)
    fabrics.putVlan({ owner, vlan_id: DEFAULT_VLAN_ID, name: 'My-Fabric-VLAN' });
  const existing = fabrics.networksOf(owner, DEFAULT_VLAN_ID).find((n) => n.name === DEFAULT_NETWORK.name);
  const id = existing?.id ?? randomUUID();
  if (existing === undefined)
    fabrics.putNetwork({
      owner,
      id,
      vlan_id: DEFAULT_VLAN_ID,
      ...DEFAULT_NETWORK,
      resolvers: [...DATACENTER_RESOLVERS],
      routes: {},
      internet_nat: true,
    });
  if (account.account.config['default_network'] === undefined)
    account.account = { ...account.account, config: { ...account.account.config, default_network: id } };
  return true;
}
