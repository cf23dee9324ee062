/**
 * The parts of a rehearsal's copy beyond identities, machines and Manta: the account's fabric VLANs
 * and networks and its NFS volumes (every copy holds them: an instance's or a volume's networks name
 * them by id), the snapshots of the machines whose snapshots the plan touches, and the access-key
 * records of the owners whose keys it touches. Ids are the cloud's, so the saved plan's ids apply.
 * No access-key secret is read (the cloud never answers one again); the copy makes its own. Only
 * reads: nothing here writes to the cloud.
 */
import type { EmulatorSeed, SeedFabricNetwork, SeedFabricVlan, SeedVolume } from '../../emulator/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import type { FabricNetworkLive } from '../../provider/handlers/fabric-network.js';
import { VLANS_PATH, type FabricVlanLive } from '../../provider/handlers/fabric-vlan.js';
import type { VolumeLive } from '../../provider/handlers/volume.js';
import { TritonApiError } from '../../provider/errors.js';

/** A read that notes its failure and answers undefined (the copy then runs without it). */
type TryRead = <T>(what: string, read: () => Promise<T>) => Promise<T | undefined>;

/** A volume as listed: the handler's fields, and when it was made. */
type ListedVolume = VolumeLive & { readonly created?: string };

/** The fabric and volume parts of the seed, and a line for the report. */
export async function copyFabricsAndVolumes(
  clients: Clients,
  signal: AbortSignal,
  tryRead: TryRead,
): Promise<{ seed: Pick<EmulatorSeed, 'fabrics' | 'fabricVlans' | 'fabricNetworks' | 'volumes'>; copied: string }> {
  const { cloudapi } = clients;
  const vlansPath = [...VLANS_PATH];
  // A datacenter without fabrics answers 501 (sdc-cloudapi `ensureFabricsEnabled`): the copy has none either.
  let fabrics = true;
  const vlans =
    (await tryRead('fabric VLANs', () =>
      cloudapi
        .call<FabricVlanLive[]>(
          { operation: 'ListFabricVLANs', method: 'GET', path: vlansPath, expect: 'list' },
          { signal },
        )
        .catch((err: unknown) => {
          if (err instanceof TritonApiError && err.status === 501) {
            fabrics = false;
            return [];
          }
          throw err;
        }),
    )) ?? [];
  const networks: FabricNetworkLive[] = [];
  for (const v of vlans) {
    const on = await tryRead(`fabric networks of VLAN ${v.vlan_id}`, () =>
      cloudapi.call<FabricNetworkLive[]>(
        {
          operation: 'ListFabricNetworks',
          method: 'GET',
          path: [...vlansPath, String(v.vlan_id), 'networks'],
          expect: 'list',
        },
        { signal },
      ),
    );
    networks.push(...(on ?? []));
  }
  const volumes =
    (await tryRead('volumes', () =>
      cloudapi.call<ListedVolume[]>(
        { operation: 'ListVolumes', method: 'GET', path: ['volumes'], expect: 'list' },
        { signal },
      ),
    )) ?? [];
  const fabricVlans: SeedFabricVlan[] = vlans.map((v) => ({
    vlanId: v.vlan_id,
    name: v.name,
    ...(v.description !== undefined ? { description: v.description } : {}),
  }));
  const fabricNetworks: SeedFabricNetwork[] = networks.map((n) => ({
    id: n.id,
    vlanId: n.vlan_id,
    name: n.name,
    subnet: n.subnet,
    provisionStartIp: n.provision_start_ip,
    provisionEndIp: n.provision_end_ip,
    ...(n.gateway !== undefined ? { gateway: n.gateway } : {}),
    resolvers: [...(n.resolvers ?? [])],
    routes: { ...(n.routes ?? {}) },
    internetNat: n.internet_nat !== false,
    ...(n.description !== undefined ? { description: n.description } : {}),
  }));
  const seedVolumes: SeedVolume[] = volumes
    .filter((v) => v.state !== 'deleted')
    .map((v) => ({
      id: v.id,
      name: v.name,
      size: v.size,
      state: v.state,
      networks: [...(v.networks ?? [])],
      tags: Object.fromEntries(Object.entries(v.tags ?? {}).map(([k, t]) => [k, String(t)])),
      type: v.type,
      ...(v.created !== undefined ? { created: v.created } : {}),
    }));
  return {
    seed: { ...(fabrics ? {} : { fabrics: false }), fabricVlans, fabricNetworks, volumes: seedVolumes },
    copied: `${fabrics ? '' : 'no fabrics in the datacenter, '}${fabricVlans.length} fabric VLANs, ${fabricNetworks.length} fabric networks, ${seedVolumes.length} volumes (ids as in the cloud)`,
  };
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
