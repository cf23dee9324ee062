/**
 * An instance's NICs, added and removed in place (sdc-cloudapi nics.js: AddNic, RemoveNic).
 *
 * What CloudAPI can and cannot do decides the plan: AddNic takes a network and no `primary` (its
 * code says a primary flag is future work), so the primary NIC (the first declared network) cannot
 * be chosen in place; a change of it replaces the instance (the descriptor's immutable server field
 * `primaryNetwork`). Every other network added is one AddNic, every one removed one RemoveNic; each
 * runs as a job after the answer (the NIC is `provisioning`, then `running` or `stopped` with the
 * machine; a removed one stays listed until its job ran) and reboots a running machine. The order
 * of the other networks means nothing to the server (a NIC added later comes last), so it is
 * compared as a set.
 */
import type { MachineNic } from '../../../provider/cloudapi/types.js';
import type { Clients } from '../../../provider/handlers/clients.js';
import type {
  HandlerContext,
  PlainValue,
  PlannedChange,
  PlanNote,
  Progress,
} from '../../../common/contract/handler.js';
import { byCodePoint } from '../../../provider/handlers/private/normalize.js';
import { asAskedNetworks, poolMembersOf } from './instance-pools.js';

/** The networks as compared: the primary first, the others sorted (their order means nothing). */
export function primaryFirst(networks: readonly PlainValue[]): string[] {
  const [primary, ...rest] = networks.map(String);
  return primary === undefined ? [] : [primary, ...rest.sort(byCodePoint)];
}

/** What makes the live NICs the declared networks: the networks to add and the NICs to remove. */
export function nicChanges(
  declared: readonly string[],
  live: readonly MachineNic[],
): { readonly add: readonly string[]; readonly remove: readonly MachineNic[] } {
  const have = new Set(live.map((n) => n.network));
  const want = new Set(declared);
  return {
    add: declared.filter((n, i) => !have.has(n) && declared.indexOf(n) === i),
    remove: live.filter((n) => !want.has(n.network)),
  };
}

/** `nics` with each NIC a pool made naming the pool asked for (`instance-pools.ts`). */
function asAskedNics(
  nics: readonly MachineNic[],
  poolMembers: readonly string[] | undefined,
  asked: readonly (readonly string[] | undefined)[],
): MachineNic[] {
  const networks = asAskedNetworks(
    nics.map((n) => n.network),
    poolMembers,
    asked,
  );
  return nics.map((n, i) => ({ ...n, network: networks[i]! }));
}

/**
 * Makes the machine's NICs the declared networks (adds first, so it is never left with fewer than
 * it needs), from a fresh ListNics, so a retried update adds nothing twice; answers the NICs after,
 * and which of their networks a pool made (a NIC on a member of a pool asked for is that pool's).
 * @param recorded the networks the last apply recorded
 */
export async function syncNics(
  ctx: HandlerContext<Clients>,
  id: string,
  declared: readonly string[],
  recorded?: readonly string[],
): Promise<{ readonly nics: readonly MachineNic[]; readonly poolMembers?: readonly string[] }> {
  const api = ctx.clients.cloudapi;
  const asked = [recorded, declared];
  const before = await api.listNics(id, { signal: ctx.signal });
  const members = await poolMembersOf(
    ctx,
    before.map((n) => n.network),
    asked,
  );
  const { add, remove } = nicChanges(declared, asAskedNics(before, members, asked));
  for (const network of add) await api.addNic(id, network, { signal: ctx.signal });
  for (const nic of remove) await api.removeNic(id, nic.mac, { signal: ctx.signal });
  const nics = await api.listNics(id, { signal: ctx.signal });
  const poolMembers = await poolMembersOf(
    ctx,
    nics.map((n) => n.network),
    [declared],
  );
  return { nics, ...(poolMembers !== undefined ? { poolMembers } : {}) };
}

/**
 * What the plan's in-place NIC changes will do, one note per instance: the NICs added and removed,
 * and the reboot CloudAPI makes for each (nics.js: "adding or removing a NIC from a VM causes that
 * VM to reboot"), so that the plan says what apply does beyond the list it shows.
 */
export function nicChangeNotes(changes: readonly PlannedChange[]): PlanNote[] {
  const notes: PlanNote[] = [];
  for (const c of changes) {
    if (c.action !== 'update' || !Array.isArray(c.before?.['networks']) || !Array.isArray(c.after?.['networks']))
      continue;
    // A network this apply makes has no id yet: the plan holds null for it.
    const shown = (n: unknown): string => (n === null ? 'a network this apply makes' : String(n));
    const before = c.before['networks'].map(shown);
    const after = c.after['networks'].map(shown);
    const added = after.filter((n) => !before.includes(n));
    const removed = before.filter((n) => !after.includes(n));
    if (added.length + removed.length === 0) continue;
    const what = [
      ...(added.length > 0 ? [`adds a NIC on ${added.join(', ')}`] : []),
      ...(removed.length > 0 ? [`removes the NIC on ${removed.join(', ')}`] : []),
    ].join(' and ');
    notes.push({
      message: `instance ${String(c.after['name'])}: apply ${what} (AddNic/RemoveNic) and waits for each job; CloudAPI reboots the instance for each`,
      addresses: [c.address],
    });
  }
  return notes;
}

/**
 * Where the NIC changes of an update are, from the NICs listed after it: pending while one added
 * is `provisioning` or one removed is still listed; failed when a declared network has no NIC (its
 * job failed and the server dropped it); `undefined` when the NICs are as declared.
 */
export function nicProgress(
  name: string,
  nics: readonly MachineNic[],
  declared: readonly string[] | undefined,
  poolMembers?: readonly string[],
): Progress | undefined {
  const adding = nics.find((n) => n.state === 'provisioning');
  if (adding !== undefined) return { state: 'pending', detail: `adding its NIC on network ${adding.network}` };
  if (declared === undefined) return undefined;
  const { add, remove } = nicChanges(declared, asAskedNics(nics, poolMembers, [declared]));
  if (remove[0] !== undefined)
    return { state: 'pending', detail: `removing its NIC ${remove[0].mac} (network ${remove[0].network})` };
  if (add[0] !== undefined)
    return {
      state: 'failed',
      reason: `instance ${name} has no NIC on network ${add[0]} after the server accepted it: the job that adds it failed; run apply again`,
    };
  return undefined;
}
