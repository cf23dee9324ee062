/**
 * The account's default fabric: the network GetConfig's `default_network` names, when it is a
 * fabric network, and the VLAN it is on. The datacenter makes them for every account (sdcadm
 * `lib/default-fabric.js`, napi-ufds-watcher: VLAN 2, 192.168.128.0/22), and CloudAPI refuses to
 * delete the default network (sdc-cloudapi lib/endpoints/networks.js `deleteFabricNetwork`):
 * they are the datacenter's, not the stack's, so nothing declares, adopts or deletes them.
 */
import type { HandlerContext } from '../../common/contract/handler.js';
import type { Clients } from './clients.js';

/** The default network and its VLAN, as the cloud answers them. */
export interface DefaultFabric {
  readonly networkId: string;
  readonly networkName: string;
  readonly vlanId: number;
  readonly subnet: string;
}

const looks = new WeakMap<object, Promise<DefaultFabric | undefined>>();
const known = new WeakMap<object, DefaultFabric | undefined>();

/**
 * The account's default fabric, or `undefined` when it has none (no fabrics in the datacenter, a
 * default network that is no fabric network, or a look the caller may not make). Asked once per
 * set of clients: it cannot change during a run.
 */
export function defaultFabricOf(ctx: HandlerContext<Clients>): Promise<DefaultFabric | undefined> {
  let look = looks.get(ctx.clients);
  if (look === undefined) {
    look = lookUp(ctx).then((found) => {
      known.set(ctx.clients, found);
      return found;
    });
    looks.set(ctx.clients, look);
  }
  return look;
}

/** What {@link defaultFabricOf} found, once it has answered (for the engine's synchronous asks). */
export function knownDefaultFabric(ctx: HandlerContext<unknown>): DefaultFabric | undefined {
  return known.get(ctx.clients as object);
}

async function lookUp(ctx: HandlerContext<Clients>): Promise<DefaultFabric | undefined> {
  try {
    const config = await ctx.clients.cloudapi.getConfig({ signal: ctx.signal });
    const id = config.default_network;
    if (typeof id !== 'string' || id === '') return undefined;
    const network = await ctx.clients.cloudapi.call<Record<string, unknown>>(
      { operation: 'GetNetwork', method: 'GET', path: ['networks', id], expect: 'object' },
      { signal: ctx.signal },
    );
    if (network['fabric'] !== true || typeof network['vlan_id'] !== 'number') return undefined;
    return {
      networkId: id,
      networkName: String(network['name'] ?? ''),
      vlanId: network['vlan_id'],
      subnet: String(network['subnet'] ?? ''),
    };
  } catch {
    // A cloud without fabrics, or a caller that may not read the config: no default fabric to keep.
    return undefined;
  }
}

/** Why the stack must not own the VLAN or network: it is the datacenter's default fabric. */
export function defaultFabricReason(fabric: DefaultFabric, what: 'vlan' | 'network'): string {
  return what === 'vlan'
    ? `VLAN ${fabric.vlanId} is the account's default fabric VLAN (it holds the default network ${fabric.networkName}, ${fabric.networkId}), which the datacenter made and CloudAPI keeps`
    : `network ${fabric.networkName} (${fabric.networkId}) is the account's default network (GetConfig default_network), which CloudAPI refuses to delete ("cannot delete default network")`;
}
