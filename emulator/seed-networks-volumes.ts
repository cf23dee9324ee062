/**
 * The parts of an {@link EmulatorSeed} beyond identities, machines and Manta: the account's fabric
 * VLANs and networks, its NFS volumes and its access keys, each written in the emulator's own saved
 * format with the ids the cloud gave them (a saved plan names those ids). An access key's secret
 * is never copied (the cloud never answers it again): the copy makes a fresh one each, which no
 * request answers either.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCESS_KEYS_PART,
  FABRICS_PART,
  newAccessKeySecret,
  VOLUMES_PART,
  type AccessKeyRecord,
  type FabricNetworkRecord,
  type FabricVlanRecord,
  type VolumeRecord,
} from './cloudapi/state.js';

/** A fabric VLAN to seed. */
export interface SeedFabricVlan {
  readonly vlanId: number;
  readonly name: string;
  readonly description?: string;
}

/** A fabric network to seed, with its server id. */
export interface SeedFabricNetwork {
  readonly id: string;
  readonly vlanId: number;
  readonly name: string;
  readonly subnet: string;
  readonly provisionStartIp: string;
  readonly provisionEndIp: string;
  readonly gateway?: string;
  readonly resolvers?: readonly string[];
  readonly routes?: Readonly<Record<string, string>>;
  readonly internetNat?: boolean;
  readonly description?: string;
}

/** An NFS volume to seed, with its server id. */
export interface SeedVolume {
  readonly id: string;
  readonly name: string;
  /** MiB. */
  readonly size: number;
  readonly state: string;
  readonly networks: readonly string[];
  readonly tags?: Readonly<Record<string, string>>;
  readonly type?: string;
  readonly created?: string;
}

/** An access key to seed: its record without the secret. */
export interface SeedAccessKey {
  readonly id: string;
  readonly status: string;
  readonly description?: string;
  /** The owning sub-user's id; absent for the account's own key. */
  readonly user?: string;
  /** ISO 8601. */
  readonly created?: string;
}

/** What {@link writeNetworkVolumeParts} writes. */
export interface NetworkVolumeSeed {
  /**
   * false when the cloud has no fabrics (its fabric routes answered 501): the copy is to be started
   * with `fabrics: false` too (`EmulatorOptions.fabrics`), so it answers as the cloud does.
   */
  readonly fabrics?: boolean;
  readonly fabricVlans?: readonly SeedFabricVlan[];
  readonly fabricNetworks?: readonly SeedFabricNetwork[];
  readonly volumes?: readonly SeedVolume[];
  readonly accessKeys?: readonly SeedAccessKey[];
}

/** Writes the fabric, volume and access-key parts for account `owner` (its id) into `dataDir`. */
export function writeNetworkVolumeParts(dataDir: string, owner: string, seed: NetworkVolumeSeed, now: string): void {
  const vlans: FabricVlanRecord[] = (seed.fabricVlans ?? []).map((v) => ({
    owner,
    vlan_id: v.vlanId,
    name: v.name,
    ...(v.description !== undefined ? { description: v.description } : {}),
  }));
  const networks: FabricNetworkRecord[] = (seed.fabricNetworks ?? []).map((n) => ({
    owner,
    id: n.id,
    vlan_id: n.vlanId,
    name: n.name,
    subnet: n.subnet,
    provision_start_ip: n.provisionStartIp,
    provision_end_ip: n.provisionEndIp,
    ...(n.gateway !== undefined ? { gateway: n.gateway } : {}),
    resolvers: [...(n.resolvers ?? [])],
    routes: { ...(n.routes ?? {}) },
    internet_nat: n.internetNat !== false,
    ...(n.description !== undefined ? { description: n.description } : {}),
  }));
  // The account's fabric is the cloud's as copied, its default fabric (or its absence) included:
  // the copy never adds one of its own (`cloudapi/private/default-fabric.ts`).
  writeSeedPart(dataDir, FABRICS_PART, { vlans, networks, defaulted: [owner] });
  const volumes: VolumeRecord[] = (seed.volumes ?? []).map((v) => ({
    owner,
    id: v.id,
    name: v.name,
    type: v.type ?? 'tritonnfs',
    size: v.size,
    state: v.state,
    networks: [...v.networks],
    tags: { ...(v.tags ?? {}) },
    created: v.created ?? now,
  }));
  writeSeedPart(dataDir, VOLUMES_PART, volumes);
  const keys: AccessKeyRecord[] = (seed.accessKeys ?? []).map((k) => {
    const created = Date.parse(k.created ?? now);
    return {
      id: k.id,
      secret: newAccessKeySecret(),
      status: k.status,
      ...(k.description !== undefined ? { description: k.description } : {}),
      owner,
      ...(k.user !== undefined ? { user: k.user } : {}),
      created: Number.isNaN(created) ? Date.parse(now) : created,
      updated: Number.isNaN(created) ? Date.parse(now) : created,
    };
  });
  writeSeedPart(dataDir, ACCESS_KEYS_PART, keys);
}

/** Writes one part of an emulator's data directory (`<part>.json`, readable by its owner only), as a seed lays it down. */
export function writeSeedPart(dataDir: string, part: string, data: unknown): void {
  writeFileSync(join(dataDir, `${part}.json`), `${JSON.stringify(data)}\n`, { mode: 0o600 });
}
