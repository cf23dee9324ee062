/**
 * Instances on network pools. A NIC asked for on a NAPI network pool is made on one of the pool's
 * member networks, and the machine's `networks` and its NIC name the member; CloudAPI lists the
 * pool and hides its members (sdc-cloudapi `lib/middleware/networks.js` `loadNetworks`), and never
 * says which member belongs to which pool. So a NIC on a network the account cannot list, where a
 * network the declaration (or the last apply) asked for has no NIC, is taken as that network's:
 * compared, recorded and kept as the pool, so that a stack on a pool plans nothing after its apply
 * and never "moves" the NIC to the pool it is already on.
 */
import type { Machine } from '../../../provider/cloudapi/types.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import type { HandlerContext, PlainValue } from '../../../common/contract/handler.js';

/**
 * `live`'s networks with each one in `poolMembers` that no list of `asked` names replaced by the
 * first network of `asked` (in order: the last apply's record, then the declaration) that has no
 * NIC in `live` and was not taken yet; the rest as they are. Pure.
 */
export function asAskedNetworks(
  live: readonly string[],
  poolMembers: readonly string[] | undefined,
  asked: readonly (readonly string[] | undefined)[],
): string[] {
  if (poolMembers === undefined || poolMembers.length === 0) return [...live];
  const named = new Set(asked.flatMap((a) => a ?? []));
  const taken = new Set<string>();
  return live.map((network) => {
    if (named.has(network) || !poolMembers.includes(network)) return network;
    const pool = asked.flatMap((a) => a ?? []).find((candidate) => !live.includes(candidate) && !taken.has(candidate));
    if (pool === undefined) return network;
    taken.add(pool);
    return pool;
  });
}

/** The string networks of a property value (a declaration's or a state record's `networks`). */
export function networksOf(value: PlainValue | undefined): string[] | undefined {
  return Array.isArray(value) ? value.filter((n): n is string => typeof n === 'string') : undefined;
}

/**
 * Which of `networks` the account cannot list (a pool's members), read with one ListNetworks only
 * when one of them is a network nothing in `asked` names while an asked one has no NIC: a machine
 * whose NICs are the networks asked for costs no request.
 */
export async function poolMembersOf(
  ctx: Pick<HandlerContext<Clients>, 'clients' | 'signal'>,
  networks: readonly string[],
  asked: readonly (readonly string[] | undefined)[],
): Promise<string[] | undefined> {
  const named = asked.flatMap((a) => a ?? []);
  const unnamed = networks.filter((n) => !named.includes(n));
  if (unnamed.length === 0 || !named.some((n) => !networks.includes(n))) return undefined;
  const listed = await ctx.clients.cloudapi.call<Record<string, unknown>[]>(
    { operation: 'ListNetworks', method: 'GET', path: ['networks'], expect: 'list' },
    { signal: ctx.signal },
  );
  const ids = new Set(listed.map((n) => n['id']));
  const hidden = unnamed.filter((n) => !ids.has(n));
  return hidden.length === 0 ? undefined : hidden;
}

/** `machine` with the pool members among its networks (see {@link poolMembersOf}), when any. */
export async function withPoolMembers<M extends Machine>(
  ctx: Pick<HandlerContext<Clients>, 'clients' | 'signal'>,
  machine: M,
  asked: readonly (readonly string[] | undefined)[],
): Promise<M & { readonly poolMembers?: readonly string[] }> {
  const poolMembers = await poolMembersOf(ctx, machine.networks ?? [], asked);
  return poolMembers === undefined ? machine : { ...machine, poolMembers };
}
