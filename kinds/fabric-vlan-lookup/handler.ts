/**
 * `fabric-vlan-lookup`: ListFabricVLANs read fresh at every plan, filtered as
 * terraform-provider-triton's data `triton_fabric_vlan` filters (data_source_fabric_vlan.go): the
 * VLAN id exactly, the name and description with its wildcards, all given filters together.
 * Several matches are an error naming them; none is the engine's "look-up found nothing".
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { onlyMatch } from '../../provider/handlers/catalog-lookups.js';
import { wildcardMatch } from '../../provider/handlers/private/wildcard.js';
import type { LookupHandler, PlainObject, ResolvedProperties } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { fabricVlanLookup as fabricVlanLookupKind } from './descriptor.js';

/** A VLAN a look-up found (wire names), with the look-up's natural key. */
export interface FabricVlanLookupLive {
  readonly vlan_id: number;
  readonly name: string;
  readonly description?: string;
  readonly query: string;
}

/** The VLANs matching a look-up's filters. */
export function matchVlans(
  vlans: readonly Record<string, unknown>[],
  query: ResolvedProperties,
): Record<string, unknown>[] {
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return vlans.filter(
    (v) =>
      (query['vlanId'] === undefined || v['vlan_id'] === query['vlanId']) &&
      (typeof query['name'] !== 'string' || wildcardMatch(query['name'], text(v['name']))) &&
      (typeof query['description'] !== 'string' || wildcardMatch(query['description'], text(v['description']))),
  );
}

/** The `fabric-vlan-lookup` handler. */
export const fabricVlanLookupHandler: LookupHandler<FabricVlanLookupLive, Clients> = {
  kind: 'fabric-vlan-lookup',
  mode: 'lookup',
  // A stack may make what it finds before apply reads it again (a FabricVlan).
  nothingFound: 'warn',
  schema: { ...fieldRulesOf(fabricVlanLookupKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: (live): PlainObject => ({
    vlanId: live.vlan_id,
    name: live.name,
    description: live.description ?? '',
  }),
  naturalKeyOf: (live) => live.query,
  idOf: (live) => String(live.vlan_id),
  async read(ctx, ref, query) {
    const vlans = await ctx.clients.cloudapi.call<Record<string, unknown>[]>(
      { operation: 'ListFabricVLANs', method: 'GET', path: ['fabrics', 'default', 'vlans'], expect: 'list' },
      { signal: ctx.signal },
    );
    const found = onlyMatch('fabric VLAN', matchVlans(vlans, query), ref.naturalKey);
    return found === undefined ? undefined : ({ ...found, query: ref.naturalKey } as unknown as FabricVlanLookupLive);
  },
};
