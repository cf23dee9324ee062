/**
 * `fabric-network-lookup`: ListFabricNetworks of one VLAN read fresh at every plan, as
 * terraform-provider-triton's data `triton_fabric_network` reads it (data_source_fabric_network.go:
 * the VLAN's networks, the one of the name), with the subnet as a further filter. A VLAN that does
 * not exist (404) is "found nothing", as a network missing from it.
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { onlyMatch } from '../../provider/handlers/catalog-lookups.js';
import { orUndefined } from '../../provider/handlers/private/not-found.js';
import type { LookupHandler, PlainObject, PlainValue } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { fabricNetworkLookup as fabricNetworkLookupKind } from './descriptor.js';

/** A fabric network a look-up found (wire names), with the look-up's natural key. */
export interface FabricNetworkLookupLive {
  readonly id: string;
  readonly name: string;
  readonly vlan_id: number;
  readonly subnet: string;
  readonly gateway?: string;
  readonly provision_start_ip: string;
  readonly provision_end_ip: string;
  readonly query: string;
}

/** The network as the look-up shows it and references read it. */
export function normalizeFabricNetworkLookupLive(live: FabricNetworkLookupLive): PlainObject {
  const out: Record<string, PlainValue> = {
    id: live.id,
    name: live.name,
    vlanId: live.vlan_id,
    subnet: live.subnet,
    provisionStartIp: live.provision_start_ip,
    provisionEndIp: live.provision_end_ip,
  };
  if (live.gateway !== undefined) out['gateway'] = live.gateway;
  return out;
}

/** The `fabric-network-lookup` handler. */
export const fabricNetworkLookupHandler: LookupHandler<FabricNetworkLookupLive, Clients> = {
  kind: 'fabric-network-lookup',
  mode: 'lookup',
  // A stack may make what it finds before apply reads it again (a FabricNetwork).
  nothingFound: 'warn',
  schema: { ...fieldRulesOf(fabricNetworkLookupKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: normalizeFabricNetworkLookupLive,
  naturalKeyOf: (live) => live.query,
  idOf: (live) => live.id,
  async read(ctx, ref, query) {
    const networks =
      (await orUndefined(
        ctx.clients.cloudapi.call<Record<string, unknown>[]>(
          {
            operation: 'ListFabricNetworks',
            method: 'GET',
            path: ['fabrics', 'default', 'vlans', String(query['vlanId']), 'networks'],
            expect: 'list',
          },
          { signal: ctx.signal },
        ),
      )) ?? [];
    const matches = networks.filter(
      (n) =>
        (query['name'] === undefined || n['name'] === query['name']) &&
        (query['subnet'] === undefined || n['subnet'] === query['subnet']),
    );
    const found = onlyMatch('fabric network', matches, ref.naturalKey);
    return found === undefined
      ? undefined
      : ({ ...found, query: ref.naturalKey } as unknown as FabricNetworkLookupLive);
  },
};
