/**
 * Reads the datacenter's catalog as the account sees it (ListPackages, ListNetworks,
 * ListDatacenters) and the account's provisioning limits (GetAccountLimits) for a rehearsal's
 * copy, so that package, network and datacenter look-ups resolve there to the same ids as in the
 * cloud, an instance's package and networks exist, and a create past the machine limit fails as
 * the real one would. Whole lists are copied, not only what the plan names: a look-up by
 * constraints (`minMemory`, `public`) and its "matched several" error depend on every entry, an
 * instance may name a package or network without a look-up, and the lists are short. Only reads.
 */
import type { CatalogSeed, LimitSeed } from '../../emulator/index.js';
import type { Clients } from '../../provider/handlers/clients.js';

/** What {@link copyCatalog} read, with its report line and what it could not read. */
export interface CatalogCopy {
  readonly catalog: CatalogSeed;
  /** One line for the report (`catalog: 3 packages, 2 networks (…), …`). */
  readonly copied: string;
  readonly notes: readonly string[];
}

/**
 * Reads the catalog; `tryRead` records what could not be read and answers `undefined` for it.
 * @param cloudapiUrl the URL the clients were given, when known: among several datacenters, the
 *   one listed at it is the one the copy answers as
 * @param ownNetworks the account's own fabric networks, copied as its fabric and left out here
 */
export async function copyCatalog(
  clients: Clients,
  signal: AbortSignal,
  tryRead: <T>(what: string, read: () => Promise<T>) => Promise<T | undefined>,
  cloudapiUrl?: string,
  ownNetworks: ReadonlySet<string> = new Set(),
): Promise<CatalogCopy> {
  const { cloudapi } = clients;
  const list = (operation: string, path: string): Promise<Record<string, unknown>[]> =>
    cloudapi.call<Record<string, unknown>[]>({ operation, method: 'GET', path: [path], expect: 'list' }, { signal });
  const notes: string[] = [];
  // An entry without what every CloudAPI answer has could not be served: left out, and said so.
  const complete = (what: string, entries: Record<string, unknown>[] | undefined, fields: Record<string, string>) =>
    entries?.filter((e) => {
      const missing = Object.entries(fields).filter(([f, type]) => typeof e[f] !== type);
      if (missing.length > 0)
        notes.push(
          `${what} ${JSON.stringify(e['name'] ?? e['id'])} not copied: no ${missing.map(([f]) => f).join(', ')}`,
        );
      return missing.length === 0;
    });
  const packages = complete('package', await tryRead('packages', () => list('ListPackages', 'packages')), {
    id: 'string',
    name: 'string',
    memory: 'number',
    disk: 'number',
    vcpus: 'number',
  });
  const listed = await tryRead('networks', () => list('ListNetworks', 'networks'));
  const networks = complete(
    'network',
    listed?.filter((n) => !ownNetworks.has(n['id'] as string)),
    {
      id: 'string',
      name: 'string',
      public: 'boolean',
    },
  );
  const datacenters = await tryRead('datacenters', () => cloudapi.listDatacenters({ signal }));
  const limits = await tryRead('provisioning limits', () => cloudapi.getAccountLimits({ signal }));
  // The name the copy answers as (what a policy's `datacenter` condition compares): the one the
  // account lists when it lists one, else the one listed at the URL the clients were given.
  const names = Object.keys(datacenters ?? {});
  const bare = (url: string): string => url.trim().replace(/\/+$/, '').toLowerCase();
  const here =
    names.length === 1
      ? names[0]
      : names.find((n) => cloudapiUrl !== undefined && bare(datacenters![n]!) === bare(cloudapiUrl));
  if (names.length > 1 && here === undefined)
    notes.push(
      `the account lists ${names.length} datacenters, none at the URL triton-iac was given: the copy answers as emulator-1, so a policy condition on the datacenter name may decide otherwise there`,
    );
  const seedLimits: LimitSeed[] = (limits ?? []).map((l) => ({
    by: l.by,
    value: l.value,
    ...(l.check !== undefined ? { check: l.check } : {}),
    ...(l.os !== undefined ? { os: l.os } : {}),
    ...(l.image !== undefined ? { image: l.image } : {}),
  }));
  const unread = [
    ...(packages === undefined ? ['packages'] : []),
    ...(networks === undefined ? ['networks'] : []),
    ...(datacenters === undefined ? ['datacenters'] : []),
  ];
  if (unread.length > 0)
    notes.push(
      `without the account's ${unread.join(' and ')} the copy answers with the emulator's built-in ones: a look-up or instance naming them may fail there and not in the cloud`,
    );
  if (limits === undefined) notes.push('without the provisioning limits the copy enforces none');
  const catalog: CatalogSeed = {
    ...(packages !== undefined ? { packages } : {}),
    ...(networks !== undefined ? { networks } : {}),
    ...(datacenters !== undefined ? { datacenters } : {}),
    ...(here !== undefined ? { datacenter: here } : {}),
    limits: seedLimits,
  };
  const nets = networks ?? [];
  const publicCount = nets.filter((n) => n['public'] === true).length;
  const fabricCount = nets.filter((n) => n['fabric'] === true).length;
  const machineLimit = seedLimits.find((l) => l.by === 'machines' && l.check === undefined);
  const parts = [
    packages !== undefined ? `${packages.length} packages` : 'no packages (not read)',
    networks !== undefined
      ? `${nets.length} networks (${publicCount} public, ${fabricCount} fabric)`
      : 'no networks (not read)',
    datacenters !== undefined
      ? `${names.length} datacenter${names.length === 1 ? '' : 's'}${here !== undefined ? ` (answering as ${here})` : ''}`
      : 'no datacenters (not read)',
    machineLimit !== undefined
      ? `a limit of ${machineLimit.value} machines`
      : limits !== undefined
        ? 'no machine limit'
        : 'no limits (not read)',
  ];
  return { catalog, copied: `catalog: ${parts.join(', ')} (ids as in the cloud)`, notes };
}
