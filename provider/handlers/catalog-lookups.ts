/**
 * `package-lookup` and `network-lookup`: ListPackages and ListNetworks read fresh at every plan;
 * nothing is created. Several matches are an error naming them (an instance must not land on a
 * package or network nobody chose), no match is the engine's "look-up found nothing".
 */
import type { Clients } from './clients.js';
import { TritonHandlerError } from './errors.js';
import type { LookupHandler, PlainObject, ResolvedProperties } from '../../common/contract/handler.js';
import { fieldRulesOf } from '../../common/kinds/index.js';
import { networkLookup } from '../../kinds/network-lookup/descriptor.js';
import { packageLookup } from '../../kinds/package-lookup/descriptor.js';

/** A catalog entry a look-up found, with the look-up's natural key. */
export interface CatalogLive {
  readonly id: string;
  readonly name: string;
  readonly query: string;
  readonly [field: string]: unknown;
}

/** The packages matching a look-up's constraints (exact fields and minimums). */
export function matchPackages(
  packages: readonly Record<string, unknown>[],
  query: ResolvedProperties,
): Record<string, unknown>[] {
  const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);
  return packages.filter(
    (p) =>
      (query['name'] === undefined || p['name'] === query['name']) &&
      (query['group'] === undefined || p['group'] === query['group']) &&
      (query['memory'] === undefined || num(p['memory']) === query['memory']) &&
      (query['vcpus'] === undefined || num(p['vcpus']) === query['vcpus']) &&
      (query['minMemory'] === undefined || num(p['memory']) >= (query['minMemory'] as number)) &&
      (query['minVcpus'] === undefined || num(p['vcpus']) >= (query['minVcpus'] as number)),
  );
}

/**
 * The one entry a look-up means.
 * @throws TritonHandlerError `LOOKUP_AMBIGUOUS` naming every match when there are several
 */
export function onlyMatch(
  what: string,
  matches: readonly Record<string, unknown>[],
  query: string,
): Record<string, unknown> | undefined {
  if (matches.length <= 1) return matches[0];
  throw new TritonHandlerError(
    'LOOKUP_AMBIGUOUS',
    `${what} look-up ${JSON.stringify(query)} matched ${matches.length} ${what}s (${matches.map((m) => String(m['name'])).join(', ')}); narrow it`,
  );
}

const plain = (live: CatalogLive, fields: readonly string[]): PlainObject =>
  Object.fromEntries(fields.filter((f) => live[f] !== undefined).map((f) => [f, live[f] as string | number | boolean]));

/** The `package-lookup` handler. */
export const packageLookupHandler: LookupHandler<CatalogLive, Clients> = {
  kind: 'package-lookup',
  mode: 'lookup',
  // Nothing a stack declares makes one: a query that matches nothing is a mistake in it.
  nothingFound: 'error',
  schema: { ...fieldRulesOf(packageLookup), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: (live) => plain(live, ['id', 'name', 'memory', 'vcpus', 'disk', 'group']),
  naturalKeyOf: (live) => live.query,
  idOf: (live) => live.id,
  async read(ctx, ref, query) {
    const packages = await ctx.clients.cloudapi.call<Record<string, unknown>[]>(
      { operation: 'ListPackages', method: 'GET', path: ['packages'], expect: 'list' },
      { signal: ctx.signal },
    );
    const found = onlyMatch('package', matchPackages(packages, query), ref.naturalKey);
    return found === undefined ? undefined : ({ ...found, query: ref.naturalKey } as CatalogLive);
  },
};

/** The `network-lookup` handler. */
export const networkLookupHandler: LookupHandler<CatalogLive, Clients> = {
  kind: 'network-lookup',
  mode: 'lookup',
  // A stack may make what it finds before apply reads it again (an Image, a FabricNetwork).
  nothingFound: 'warn',
  schema: { ...fieldRulesOf(networkLookup), replaceStrategy: 'create-then-delete' },
  normalizeDesired: (props) => props,
  normalizeLive: (live) => plain(live, ['id', 'name', 'public']),
  naturalKeyOf: (live) => live.query,
  idOf: (live) => live.id,
  async read(ctx, ref, query) {
    const networks = await ctx.clients.cloudapi.call<Record<string, unknown>[]>(
      { operation: 'ListNetworks', method: 'GET', path: ['networks'], expect: 'list' },
      { signal: ctx.signal },
    );
    const matches = networks.filter(
      (n) =>
        (query['name'] === undefined || n['name'] === query['name']) &&
        (query['public'] === undefined || n['public'] === query['public']),
    );
    const found = onlyMatch('network', matches, ref.naturalKey);
    return found === undefined ? undefined : ({ ...found, query: ref.naturalKey } as CatalogLive);
  },
};
