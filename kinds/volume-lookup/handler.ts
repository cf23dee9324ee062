/**
 * `volume-lookup`: ListVolumes read fresh at every plan with the look-up's filters as the query
 * (terraform-provider-triton's data `triton_volume` hands them to ListVolumes the same way, and the
 * server checks them: a bad name pattern or state is its 409 naming it). Several matches are an
 * error naming them; none is the engine's "look-up found nothing".
 */
import type { Clients } from '../../provider/handlers/clients.js';
import { onlyMatch } from '../../provider/handlers/catalog-lookups.js';
import { sortedStrings } from '../../provider/handlers/private/normalize.js';
import type { LookupHandler, PlainObject, PlainValue } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { volumeLookup as volumeLookupKind } from './descriptor.js';

/** A volume a look-up found (wire names), with the look-up's natural key. */
export interface VolumeLookupLive {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly state: string;
  readonly type: string;
  readonly networks?: readonly string[];
  readonly filesystem_path?: string;
  readonly query: string;
}

/** The volume as the look-up shows it and references read it. */
export function normalizeVolumeLookupLive(live: VolumeLookupLive): PlainObject {
  const out: Record<string, PlainValue> = {
    id: live.id,
    name: live.name,
    size: live.size,
    state: live.state,
    type: live.type,
    networks: sortedStrings([...(live.networks ?? [])]),
  };
  if (live.filesystem_path !== undefined) out['filesystemPath'] = live.filesystem_path;
  return out;
}

/** The `volume-lookup` handler. */
export const volumeLookupHandler: LookupHandler<VolumeLookupLive, Clients> = {
  kind: 'volume-lookup',
  mode: 'lookup',
  // A stack may make what it finds before apply reads it again (a Volume).
  nothingFound: 'warn',
  schema: { ...fieldRulesOf(volumeLookupKind), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: normalizeVolumeLookupLive,
  naturalKeyOf: (live) => live.query,
  idOf: (live) => live.id,
  async read(ctx, ref, query) {
    const filters: Record<string, string> = {};
    for (const f of ['name', 'size', 'state', 'type'] as const)
      if (query[f] !== undefined) filters[f] = String(query[f]);
    const volumes = await ctx.clients.cloudapi.call<Record<string, unknown>[]>(
      { operation: 'ListVolumes', method: 'GET', path: ['volumes'], query: filters, expect: 'list' },
      { signal: ctx.signal },
    );
    const found = onlyMatch('volume', volumes, ref.naturalKey);
    return found === undefined ? undefined : ({ ...found, query: ref.naturalKey } as unknown as VolumeLookupLive);
  },
};
