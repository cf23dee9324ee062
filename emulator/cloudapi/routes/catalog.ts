import { EmulatorError, notFound } from '../../core/errors.js';
import type { CloudApiRoute } from '../route.js';
import type { CloudApiState } from '../state.js';
import { accountOf } from '../private/before.js';
import type { EmulatorContext } from '../../core/context.js';
import { fabricNetworkJson } from '../private/fabric-store.js';
import type { RequestContext } from '../../core/types.js';

/** The ListPackages query parameters that filter (sdc-cloudapi packages.js `list`). */
const PACKAGE_FILTERS = [
  'name',
  'memory',
  'disk',
  'swap',
  'lwps',
  'version',
  'vcpus',
  'group',
  'brand',
  'flexible_disk',
] as const;

/**
 * Whether a package's field matches a filter as PAPI's LDAP search does (packages.js asks PAPI
 * with `escape: false`): `*` matches any run of characters, anywhere.
 */
function packageFieldMatches(value: unknown, filter: string): boolean {
  if (!filter.includes('*')) return String(value) === filter;
  const re = new RegExp(
    `^${filter
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return value !== undefined && re.test(String(value));
}

/** The networks the account may use: the datacenter's pools and networks in none, then its own fabric networks. */
function visibleNetworks(rc: RequestContext, state: CloudApiState): Record<string, unknown>[] {
  const own = state.fabrics.networksOf(accountOf(rc).account.id).map(fabricNetworkJson);
  const fabricOnly = rc.query.get('fabric') === 'true';
  return [...state.catalog.listedNetworks(), ...own].filter((n) => !fabricOnly || n['fabric'] === true);
}

/** Datacenters, services, limits, packages and networks: read-only, the catalog's (fixed or seeded). */
export function catalogRoutes(_ctx: EmulatorContext, state: CloudApiState): CloudApiRoute[] {
  return [
    {
      method: 'GET',
      path: '/:account/datacenters',
      name: 'ListDatacenters',
      handler: (rc) => ({
        status: 200,
        body: state.catalog.datacenters(rc.ctx.urls.cloudapi),
        // lib/datacenters.js sets Triton-Datacenter-Name (the edge adds Service-Datacenter-Name).
        headers: { 'service-datacenter-name': rc.ctx.datacenter, 'triton-datacenter-name': rc.ctx.datacenter },
      }),
    },
    {
      method: 'GET',
      path: '/:account/datacenters/:name',
      name: 'GetDatacenter',
      handler: (rc) => {
        const name = rc.params['name']!;
        const listed = state.catalog.datacenters(rc.ctx.urls.cloudapi);
        const url = Object.prototype.hasOwnProperty.call(listed, name) ? listed[name] : undefined;
        // lib/datacenters.js `get`: MSG_404.
        if (url === undefined) throw notFound(`${name} is not an available datacenter`);
        throw new EmulatorError(302, 'ResourceMoved', `${name} ${url}`, { location: url });
      },
    },
    {
      method: 'GET',
      path: '/:account/services',
      name: 'ListServices',
      handler: (rc) => ({ status: 200, body: { cloudapi: rc.ctx.urls.cloudapi, manta: rc.ctx.urls.manta } }),
    },
    {
      method: 'GET',
      path: '/:account/limits',
      name: 'GetAccountLimits',
      handler: (rc) => {
        // The limits CreateMachine enforces, and only those (machines.ts `refusePastLimits`).
        return { status: 200, body: state.catalog.limits(state.machines(accountOf(rc))) };
      },
    },
    {
      method: 'GET',
      path: '/:account/packages',
      name: 'ListPackages',
      // sdc-cloudapi packages.js: every package field may filter the list (`memory=1024`, `name=…`).
      handler: (rc) => ({
        status: 200,
        body: state.catalog
          .packages()
          // PAPI is asked for active packages only (`opts.active = true`).
          .filter((p) => p['active'] !== false)
          .filter((p) =>
            PACKAGE_FILTERS.every((f) => rc.query.get(f) === null || packageFieldMatches(p[f], rc.query.get(f)!)),
          ),
      }),
    },
    {
      method: 'GET',
      path: '/:account/packages/:package',
      name: 'GetPackage',
      handler: (rc) => {
        const wanted = rc.params['package']!;
        const pkg = state.catalog.package(wanted);
        if (pkg === undefined) throw notFound(`Package ${wanted} does not exist`);
        return { status: 200, body: pkg };
      },
    },
    {
      method: 'GET',
      path: '/:account/networks',
      name: 'ListNetworks',
      // The datacenter's networks, then the account's fabric networks (req.networks in CloudAPI).
      handler: (rc) => ({ status: 200, body: visibleNetworks(rc, state) }),
    },
    {
      method: 'GET',
      path: '/:account/networks/:network',
      name: 'GetNetwork',
      handler: (rc) => {
        const network = visibleNetworks(rc, state).find((n) => n['id'] === rc.params['network']);
        if (network === undefined) throw notFound(`Network ${rc.params['network']} does not exist`);
        return { status: 200, body: network };
      },
    },
  ];
}
