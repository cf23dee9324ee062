/**
 * The datacenter's catalog as CloudAPI answers it: its packages, its networks, its name and the
 * other datacenters it lists, and the account's provisioning limits. By default the fixed fixtures
 * (`fixtures.ts`); a seed (`writeEmulatorSeed`'s `catalog`, or `startEmulator`'s `catalog` option)
 * replaces any part, so that a copy of a real account (`triton-iac rehearse`) resolves package and
 * network look-ups to the same ids as the cloud it was read from. Persisted as its own part
 * (`<dataDir>/catalog.json`), written only once seeded.
 */
import { EmulatorError } from '../../core/errors.js';
import type { EmulatorContext } from '../../core/context.js';
import { ipv4Text, parseIpv4, parseSubnet } from '../../../common/net/ipv4.js';
import type { AddressRange } from './fabric-store.js';
import { NETWORKS, PACKAGES, type MachinePlacement } from './fixtures.js';
import { checkPoolSeeds, listedNetworks, type PoolSeed } from './network-pools.js';

/** The persistence part name. */
export const CATALOG_PART = 'catalog';

/** What a machine counts against the limits. */
interface MachineUse {
  readonly state: string;
  readonly memory: number;
  readonly disk: number;
}

/** A deleted machine counts against no limit (CloudAPI counts the account's machines not destroyed). */
function notDeleted(machines: readonly MachineUse[]): readonly MachineUse[] {
  return machines.filter((m) => m.state !== 'deleted');
}

/** The datacenter name the emulator answers as when none is seeded. */
export const DEFAULT_DATACENTER = 'emulator-1';

/** One provisioning limit as GetAccountLimits reports it (without `used`, which is counted). */
export interface LimitSeed {
  readonly by: 'machines' | 'ram' | 'quota';
  readonly value: number;
  readonly check?: 'image' | 'os';
  readonly os?: string;
  readonly image?: string;
}

/**
 * What a seed may set of the catalog; each part left out keeps the emulator's default. Packages and
 * networks are served as given (every field the cloud answered), so each must have what CloudAPI's
 * answer always has: a package `id`, `name`, `memory`, `disk` and `vcpus`; a network `id`, `name`
 * and `public`.
 */
export interface CatalogSeed {
  readonly packages?: readonly Readonly<Record<string, unknown>>[];
  /**
   * A network with `provision_start_ip`, `provision_end_ip` and `subnet` (what a fabric network's
   * answer has) gives its NICs addresses from that range; one without gets the default public
   * (203.0.113.0/24) or private (10.88.0.0/16) range, as the cloud does not say its range.
   */
  readonly networks?: readonly Readonly<Record<string, unknown>>[];
  /**
   * NAPI network pools the account may provision on: each an `id`, `name`, `public` and the ids of
   * its member `networks` (networks of this catalog). See `network-pools.ts` for what a pool does.
   */
  readonly pools?: readonly PoolSeed[];
  /** The name the emulator answers as (the `datacenter` a policy condition compares). */
  readonly datacenter?: string;
  /**
   * ListDatacenters' answer, name → URL, as given; its own name is added with the emulator's URL
   * when missing.
   */
  readonly datacenters?: Readonly<Record<string, string>>;
  /**
   * GetAccountLimits' answer (`used` is counted); the `machines` limit without a `check` is the one
   * CreateMachine enforces (as `ram`). An empty list is an account without limits: none is
   * enforced. Left out: `--machine-limit` machines and, when given, `--ram-limit` MiB of RAM.
   */
  readonly limits?: readonly LimitSeed[];
}

/** Throws when a seeded catalog misses a field every answer has (a seed is the caller's to fix). */
export function checkCatalogSeed(seed: CatalogSeed): void {
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed))
    throw new Error(`catalog seed: ${JSON.stringify(seed)} must be an object`);
  const parts = ['packages', 'networks', 'pools', 'datacenter', 'datacenters', 'limits'];
  for (const key of Object.keys(seed))
    if (!parts.includes(key)) throw new Error(`catalog seed: unknown part "${key}"; the parts are ${parts.join(', ')}`);
  for (const key of ['packages', 'networks', 'pools', 'limits'] as const)
    if (seed[key] !== undefined && !Array.isArray(seed[key])) throw new Error(`catalog seed: ${key} must be an array`);
  if (seed.datacenter !== undefined && (typeof seed.datacenter !== 'string' || seed.datacenter === ''))
    throw new Error(`catalog seed: datacenter ${JSON.stringify(seed.datacenter)} must be a non-empty name`);
  if (seed.datacenters !== undefined && (typeof seed.datacenters !== 'object' || Array.isArray(seed.datacenters)))
    throw new Error('catalog seed: datacenters must be an object of name: URL');
  const need = (what: string, entry: Readonly<Record<string, unknown>>, field: string, type: string): void => {
    if (typeof entry[field] !== type)
      throw new Error(
        `catalog seed: ${what} ${JSON.stringify(entry['name'] ?? entry['id'] ?? '?')} has ${field} ${JSON.stringify(entry[field])}; it must be a ${type}`,
      );
  };
  const entry = (what: string, e: unknown): void => {
    if (typeof e !== 'object' || e === null || Array.isArray(e))
      throw new Error(`catalog seed: a ${what} ${JSON.stringify(e)} must be an object`);
  };
  for (const p of seed.packages ?? []) {
    entry('package', p);
    for (const f of ['id', 'name']) need('package', p, f, 'string');
    for (const f of ['memory', 'disk', 'vcpus']) need('package', p, f, 'number');
  }
  for (const n of seed.networks ?? []) {
    entry('network', n);
    for (const f of ['id', 'name']) need('network', n, f, 'string');
    need('network', n, 'public', 'boolean');
  }
  checkPoolSeeds(seed.pools ?? [], seed.networks ?? []);
  for (const l of seed.limits ?? [])
    if (
      typeof l !== 'object' ||
      l === null ||
      !['machines', 'ram', 'quota'].includes(l.by) ||
      typeof l.value !== 'number' ||
      !(l.value >= 0)
    )
      throw new Error(
        `catalog seed: limit ${JSON.stringify(l)} must have by "machines", "ram" or "quota" and a value of 0 or more`,
      );
  for (const [what, list] of [
    ['package', seed.packages],
    ['network', [...(seed.networks ?? []), ...(seed.pools ?? [])]],
  ] as const) {
    const ids = (list ?? []).map((e) => e['id']);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined) throw new Error(`catalog seed: two ${what}s have the id ${String(twice)}`);
  }
  for (const [name, url] of Object.entries(seed.datacenters ?? {}))
    if (typeof url !== 'string') throw new Error(`catalog seed: datacenter ${name} has URL ${JSON.stringify(url)}`);
}

/** The catalog: the seeded parts over the fixed defaults. */
export class CatalogStore {
  private seeded: CatalogSeed = {};

  /**
   * @param ctx the emulator context: persistence, and the datacenter name policy conditions read
   * @param given a catalog the emulator was started with; it replaces the parts a saved one set
   */
  constructor(
    private readonly ctx: EmulatorContext,
    given?: CatalogSeed,
  ) {
    ctx.persistence.register(CATALOG_PART, {
      save: () => this.seeded,
      load: (data) => {
        // An edited file of the wrong shape is refused at start (data-corrupt), not served.
        checkCatalogSeed(data as CatalogSeed);
        this.use(data as CatalogSeed);
      },
    });
    if (given !== undefined) {
      checkCatalogSeed(given);
      this.use({ ...this.seeded, ...given });
      ctx.persistence.markDirty(CATALOG_PART);
    }
  }

  /** The packages, as ListPackages answers them. */
  packages(): readonly Readonly<Record<string, unknown>>[] {
    return this.seeded.packages ?? PACKAGES;
  }

  /** The package with this id or name. */
  package(idOrName: string): Readonly<Record<string, unknown>> | undefined {
    return this.packages().find((p) => p['id'] === idOrName || p['name'] === idOrName);
  }

  /** The datacenter's networks (the account's fabric networks are the fabric store's). */
  networks(): readonly Readonly<Record<string, unknown>>[] {
    return this.seeded.networks ?? NETWORKS;
  }

  /** The network pools (NAPI's), none unless seeded. */
  pools(): readonly PoolSeed[] {
    return this.seeded.pools ?? [];
  }

  /** The pool with this id. */
  pool(id: string): PoolSeed | undefined {
    return this.pools().find((p) => p.id === id);
  }

  /**
   * What ListNetworks lists of the datacenter's (the `req.networks` CloudAPI checks a provision's
   * networks against): the pools first, then the networks that are in no pool.
   */
  listedNetworks(): readonly Readonly<Record<string, unknown>>[] {
    return listedNetworks(this.pools(), this.networks());
  }

  /** Whether `id` is a network or pool ListNetworks lists (one CreateMachine may name). */
  isListed(id: string): boolean {
    return this.listedNetworks().some((n) => n['id'] === id);
  }

  /** Whether `id` is one of the datacenter's networks or pools (one NAPI provisions a NIC on). */
  hasNetwork(id: string): boolean {
    return this.networks().some((n) => n['id'] === id) || this.pool(id) !== undefined;
  }

  /** Whether `id` is a public network or pool of the datacenter. */
  isPublic(id: string): boolean {
    return [...this.networks(), ...this.pools()].some((n) => n['id'] === id && n['public'] === true);
  }

  /**
   * The networks a machine created without `networks` gets: the defaults' two networks; from a
   * seeded catalog, the first public network and the account's `default_network` (or the first
   * private one), as CloudAPI picks the external network and the account's default.
   */
  defaultNetworks(defaultNetwork: string | undefined): string[] {
    if (this.seeded.networks === undefined) return NETWORKS.map((n) => n['id'] as string);
    // CloudAPI's external_nets and internal_nets list the pools first (middleware/networks.js).
    const all = this.listedNetworks();
    const pub = all.find((n) => n['public'] === true)?.['id'];
    const priv =
      defaultNetwork !== undefined && all.some((n) => n['id'] === defaultNetwork)
        ? defaultNetwork
        : all.find((n) => n['public'] !== true)?.['id'];
    return [pub, priv].filter((id): id is string => typeof id === 'string');
  }

  /**
   * Where NICs on a seeded network get addresses; `undefined` for the default networks (their
   * fixed ranges in `machine-model.ts`) and for networks the catalog does not have.
   */
  rangeOf(id: string): AddressRange | undefined {
    if (this.seeded.networks === undefined) return undefined;
    const n = this.seeded.networks.find((x) => x['id'] === id);
    if (n === undefined) return undefined;
    const first = typeof n['provision_start_ip'] === 'string' ? parseIpv4(n['provision_start_ip']) : undefined;
    const last = typeof n['provision_end_ip'] === 'string' ? parseIpv4(n['provision_end_ip']) : undefined;
    const subnet = typeof n['subnet'] === 'string' ? parseSubnet(n['subnet']) : undefined;
    if (first !== undefined && last !== undefined && subnet !== undefined)
      return {
        first,
        last,
        netmask: ipv4Text(2 ** 32 - 2 ** (32 - subnet.prefix)),
        gateway: typeof n['gateway'] === 'string' ? n['gateway'] : '',
      };
    return n['public'] === true
      ? {
          first: parseIpv4('203.0.113.20')!,
          last: parseIpv4('203.0.113.254')!,
          netmask: '255.255.255.0',
          gateway: '203.0.113.1',
        }
      : {
          first: parseIpv4('10.88.0.20')!,
          last: parseIpv4('10.88.255.254')!,
          netmask: '255.255.0.0',
          gateway: '10.88.0.1',
        };
  }

  /**
   * Where a new account's fixture machines are: on a seeded catalog, its default package (or
   * first) and the first private network (or first), so that they name what the catalog has.
   */
  fixturePlacement(): MachinePlacement | undefined {
    const pkgs = this.seeded.packages;
    const nets = this.seeded.networks;
    if (pkgs === undefined && nets === undefined) return undefined;
    const pkg = pkgs?.find((p) => p['default'] === true) ?? pkgs?.[0] ?? PACKAGES[0]!;
    const net = nets?.find((n) => n['public'] !== true) ?? nets?.[0] ?? NETWORKS[1]!;
    return {
      package: { name: pkg['name'] as string, memory: pkg['memory'] as number, disk: pkg['disk'] as number },
      network: net['id'] as string,
    };
  }

  /** ListDatacenters' answer: the seeded list (or none) with this datacenter at the emulator's URL. */
  datacenters(ownUrl: string): Record<string, string> {
    const cloud = this.ctx.cloud;
    if (cloud !== undefined) {
      // Several datacenters: each with its own listener's URL, in the order given, then any other
      // the catalog lists (sdc-cloudapi lib/datacenters.js answers its configured `datacenters`).
      const ours = Object.fromEntries(cloud.datacenters.map((d) => [d.name, d.cloudapiUrl]));
      return { ...ours, ...this.seeded.datacenters, ...ours };
    }
    const name = this.ctx.datacenter;
    return {
      ...(this.seeded.datacenters ?? {}),
      ...(this.seeded.datacenters?.[name] === undefined ? { [name]: ownUrl } : {}),
    };
  }

  /**
   * GetAccountLimits' answer for an account whose machines are `machines`: the limits in force, each
   * with what its machines not deleted use.
   */
  limits(machines: readonly MachineUse[]): Record<string, unknown>[] {
    const live = notDeleted(machines);
    const used: Record<LimitSeed['by'], number> = {
      machines: live.length,
      ram: live.reduce((sum, m) => sum + m.memory, 0),
      quota: Math.ceil(live.reduce((sum, m) => sum + m.disk, 0) / 1024),
    };
    return this.limitsInForce().map((l) => ({ ...l, used: used[l.by] }));
  }

  /**
   * Refuses a new machine of `memory` MiB that would pass a `machines` or `ram` limit without a
   * `check` (403 `QuotaExceeded`, CloudAPI's message), counting the account's machines not deleted;
   * `quota` and image/OS-scoped limits are reported, not enforced. A limit of 0 is none.
   * @param machines the account's machines
   */
  refusePastLimits(machines: readonly MachineUse[], memory: number): void {
    const live = notDeleted(machines);
    for (const l of this.limitsInForce()) {
      if (l.check !== undefined || l.value === 0) continue;
      if (l.by === 'machines' && live.length + 1 > l.value)
        throw new EmulatorError(
          403,
          'QuotaExceeded',
          `You have exceeded your quota of ${l.value} machines; contact support to raise it`,
        );
      if (l.by === 'ram' && live.reduce((sum, m) => sum + m.memory, 0) + memory > l.value)
        throw new EmulatorError(
          403,
          'QuotaExceeded',
          `You have exceeded your quota of ${l.value} MiB of RAM; contact support to raise it`,
        );
    }
  }

  /** The seeded limits, else `--machine-limit` machines and, when given, `--ram-limit` MiB of RAM. */
  private limitsInForce(): readonly LimitSeed[] {
    const { machineLimit, ramLimitMb } = this.ctx;
    return (
      this.seeded.limits ?? [
        { by: 'machines', value: machineLimit },
        ...(ramLimitMb !== undefined ? [{ by: 'ram' as const, value: ramLimitMb }] : []),
      ]
    );
  }

  private use(seed: CatalogSeed): void {
    this.seeded = seed;
    // With several datacenters each is named as given; the catalog's name is the single one's.
    this.ctx.datacenter = this.ctx.cloud?.name ?? seed.datacenter ?? DEFAULT_DATACENTER;
  }
}
