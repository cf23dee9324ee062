/**
 * NAPI network pools as CloudAPI shows them (sdc-cloudapi `lib/middleware/networks.js`
 * `loadNetworks`, `lib/endpoints/networks.js` `listNetworks`, `translateNetwork`): ListNetworks
 * lists the pools first and hides their member networks, which GetNetwork then answers 404 and
 * CreateMachine refuses ("Invalid Networks", `lib/machines.js`); a NIC asked for on a pool is made
 * on one of its members (NAPI tries them in order until one has a free address), so the NIC, and
 * the machine's `networks`, name the member, never the pool. A pool's answer is `id`, `name`,
 * `public` and `description` only: CloudAPI does not show the members.
 */
import { EmulatorError } from '../../core/errors.js';

/** A pool as a catalog seed gives it. */
export interface PoolSeed {
  readonly id: string;
  readonly name: string;
  /** Whether the pool is external (NAPI's `nic_tag` "external"): CloudAPI's `public`. */
  readonly public: boolean;
  readonly description?: string;
  /** The member networks' ids, in NAPI's provisioning order. */
  readonly networks: readonly string[];
}

/**
 * Throws when a seeded pool misses a field, names a network the catalog lacks, or shares a member
 * with another pool (NAPI keeps a network in one pool of a nic tag; a copy must not be ambiguous).
 */
export function checkPoolSeeds(
  pools: readonly unknown[],
  networks: readonly Readonly<Record<string, unknown>>[],
): void {
  const members = new Map<string, string>();
  for (const p of pools) {
    if (typeof p !== 'object' || p === null || Array.isArray(p))
      throw new Error(`catalog seed: a pool ${JSON.stringify(p)} must be an object`);
    const pool = p as Record<string, unknown>;
    const what = JSON.stringify(pool['name'] ?? pool['id'] ?? '?');
    for (const f of ['id', 'name'])
      if (typeof pool[f] !== 'string')
        throw new Error(`catalog seed: pool ${what} has ${f} ${JSON.stringify(pool[f])}; it must be a string`);
    if (typeof pool['public'] !== 'boolean')
      throw new Error(`catalog seed: pool ${what} has public ${JSON.stringify(pool['public'])}; it must be a boolean`);
    const list = pool['networks'];
    if (!Array.isArray(list) || list.length === 0 || !list.every((n) => typeof n === 'string'))
      throw new Error(`catalog seed: pool ${what} must list its member network ids in "networks" (at least one)`);
    for (const id of list as string[]) {
      if (!networks.some((n) => n['id'] === id))
        throw new Error(`catalog seed: pool ${what} names network ${id}, which the catalog's networks lack`);
      const other = members.get(id);
      if (other !== undefined) throw new Error(`catalog seed: network ${id} is in pools ${other} and ${what}`);
      members.set(id, what);
    }
  }
}

/** ListNetworks' datacenter part: the pools (as CloudAPI translates them), then the networks in none. */
export function listedNetworks(
  pools: readonly PoolSeed[],
  networks: readonly Readonly<Record<string, unknown>>[],
): Readonly<Record<string, unknown>>[] {
  const members = new Set(pools.flatMap((p) => p.networks));
  return [
    ...pools.map((p) => ({
      id: p.id,
      name: p.name,
      public: p.public,
      ...(p.description !== undefined ? { description: p.description } : {}),
    })),
    ...networks.filter((n) => !members.has(n['id'] as string)),
  ];
}

/**
 * Makes a NIC on `network`, or, when it is a pool, on the first member that has a free address
 * (NAPI's pool provisioning); a pool whose members are all full answers the last member's refusal.
 * @param make makes the NIC on one network (throws NAPI's "no more free IPs" when it is full)
 */
export function onNetworkOrPool<T>(pool: PoolSeed | undefined, network: string, make: (network: string) => T): T {
  if (pool === undefined) return make(network);
  let refusal: unknown;
  for (const member of pool.networks) {
    try {
      return make(member);
    } catch (err) {
      if (!(err instanceof EmulatorError) || !/no more free IPs/.test(err.message)) throw err;
      refusal = err;
    }
  }
  throw refusal;
}
