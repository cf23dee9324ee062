/** `datacenter-lookup`: a datacenter's API URL by name (ListDatacenters), read fresh at every plan. */
import type { Clients } from '../../provider/handlers/clients.js';
import type { LookupHandler, PlainObject } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { datacenterLookup as datacenterLookupKind } from './descriptor.js';

/** A datacenter and its CloudAPI URL. */
export interface DatacenterLive {
  readonly name: string;
  readonly url: string;
}

/** The look-up's answer as the plan shows it and references read it. */
export function normalizeDatacenterLive(live: DatacenterLive): PlainObject {
  return { name: live.name, url: live.url };
}

/** The `datacenter-lookup` handler. */
export const datacenterLookupHandler: LookupHandler<DatacenterLive, Clients> = {
  kind: 'datacenter-lookup',
  mode: 'lookup',
  // Nothing a stack declares makes one: a query that matches nothing is a mistake in it.
  nothingFound: 'error',
  schema: { ...fieldRulesOf(datacenterLookupKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: normalizeDatacenterLive,
  naturalKeyOf: (live) => live.name,
  idOf: () => undefined,
  async read(ctx, ref, query) {
    const name = typeof query['name'] === 'string' ? query['name'] : ref.naturalKey;
    // One list call rather than GetDatacenter: the list answers "not there" without a 404 to classify.
    const all = await ctx.clients.cloudapi.listDatacenters({ signal: ctx.signal });
    const url = Object.prototype.hasOwnProperty.call(all, name) ? all[name] : undefined;
    return url === undefined ? undefined : { name, url };
  },
};
