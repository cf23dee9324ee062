/**
 * The parts of a rehearsal's copy beyond identities, machines and Manta: the objects of every kind
 * whose handler offers a rehearsal copy (`RehearsalCopy`: the account's fabric VLANs and networks
 * and its NFS volumes, which every copy holds since an instance's or a volume's networks name them
 * by id), the snapshots of the machines whose snapshots the plan touches, and the access-key
 * records of the owners whose keys it touches. Ids are the cloud's, so the saved plan's ids apply.
 * No access-key secret is read (the cloud never answers one again); the copy makes its own. Only
 * reads: nothing here writes to the cloud.
 */
import type { EmulatorSeed } from '../../emulator/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import type { AnyHandler } from '../../reconciler/contract/handler.js';
import type { RehearsalCopy, TryRead } from '../../reconciler/contract/rehearsal.js';

/** The handlers' rehearsal copies, in their order. */
function rehearsalCopies(handlers: Iterable<AnyHandler>): RehearsalCopy<Clients>[] {
  return [...handlers]
    .flatMap((h) =>
      h.mode === 'managed' && h.rehearsalCopy !== undefined ? [h.rehearsalCopy as RehearsalCopy<Clients>] : [],
    )
    .sort((a, b) => a.order - b.order);
}

/**
 * What every copy holds of the kinds whose handler offers a rehearsal copy, and a line for the
 * report (`3 fabric VLANs, 3 fabric networks, 1 volumes (ids as in the cloud)`).
 * @param handlers the handler map (default: the built-in handlers)
 */
export async function copyFabricsAndVolumes(
  clients: Clients,
  signal: AbortSignal,
  tryRead: TryRead,
  handlers: Iterable<AnyHandler> = defaultHandlers().values(),
): Promise<{ seed: Partial<EmulatorSeed>; copied: string }> {
  const seed: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const hook of rehearsalCopies(handlers)) {
    const got = await hook.copy({ clients, signal, tryRead, copied: seed });
    Object.assign(seed, got.seed);
    parts.push(...got.copied);
  }
  // Each kind answers its objects in the seed's form (the contract says so; the provider may not
  // import the emulator's types), which the rehearse tests hold to the emulator's seed writer.
  return { seed: seed as Partial<EmulatorSeed>, copied: `${parts.join(', ')} (ids as in the cloud)` };
}

/** The snapshots of each machine named, by machine id. */
export async function copySnapshots(
  clients: Clients,
  signal: AbortSignal,
  tryRead: TryRead,
  machines: readonly { readonly id: string; readonly name: string }[],
): Promise<Map<string, { name: string; state: string; created?: string }[]>> {
  const out = new Map<string, { name: string; state: string; created?: string }[]>();
  for (const m of machines) {
    const snaps = await tryRead(`snapshots of machine ${m.name}`, () =>
      clients.cloudapi.listMachineSnapshots(m.id, { signal }),
    );
    if (snaps === undefined) continue;
    out.set(
      m.id,
      snaps
        .filter((s) => s.state !== 'deleted')
        .map((s) => ({ name: s.name, state: s.state, ...(s.created !== undefined ? { created: s.created } : {}) })),
    );
  }
  return out;
}

/** The access-key records (never a secret) of the account itself and of the sub-users named (login, id). */
export async function copyAccessKeys(
  clients: Clients,
  signal: AbortSignal,
  tryRead: TryRead,
  owners: { readonly account: boolean; readonly users: readonly { readonly login: string; readonly id: string }[] },
): Promise<NonNullable<EmulatorSeed['accessKeys']>> {
  const out: NonNullable<EmulatorSeed['accessKeys']>[number][] = [];
  const add = (
    keys: readonly { accesskeyid: string; status: string; description?: string; created: string }[],
    user?: string,
  ): void => {
    for (const k of keys)
      out.push({
        id: k.accesskeyid,
        status: k.status,
        ...(k.description !== undefined ? { description: k.description } : {}),
        ...(user !== undefined ? { user } : {}),
        created: k.created,
      });
  };
  if (owners.account)
    add(
      (await tryRead('access keys of the account', () => clients.cloudapi.listAccessKeys(undefined, { signal }))) ?? [],
    );
  for (const u of owners.users)
    add(
      (await tryRead(`access keys of ${u.login}`, () => clients.cloudapi.listAccessKeys(u.login, { signal }))) ?? [],
      u.id,
    );
  return out;
}
