/**
 * The fabric of an emulator seed: NAPI's VLANs and networks for the account, with the ids the cloud
 * gave them. The account's fabric is the cloud's as copied, its default fabric (or its absence)
 * included: the copy never adds one of its own (`default-fabric.ts`).
 */
import type { SeedPartWriter } from '../../../emulator/cloudapi/private/seed-part.js';
import {
  FABRICS_PART,
  type FabricNetworkRecord,
  type FabricVlanRecord,
} from '../../../emulator/cloudapi/private/fabric-store.js';

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

/** A seed's fabric slice. */
export interface FabricSeed {
  /**
   * false when the cloud has no fabrics (its fabric routes answered 501): the copy is to be started
   * with `fabrics: false` too (`EmulatorOptions.fabrics`), so it answers as the cloud does.
   */
  readonly fabrics?: boolean;
  readonly fabricVlans?: readonly SeedFabricVlan[];
  readonly fabricNetworks?: readonly SeedFabricNetwork[];
}

/** Writes the seed's fabric, marking the account's default fabric as set up. */
export const fabricSeedPart: SeedPartWriter<FabricSeed> = (owner, seed) => {
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
  return { part: FABRICS_PART, data: { vlans, networks, defaulted: [owner] } };
};
