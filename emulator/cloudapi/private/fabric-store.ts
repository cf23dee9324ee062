/**
 * The emulator's fabric VLANs and fabric networks, per account, as NAPI keeps them for CloudAPI;
 * persisted as their own part (`<dataDir>/fabrics.json`). Read as written (NAPI has no replicas
 * CloudAPI reads through).
 */
import type { EmulatorContext } from '../../core/context.js';
import { ipv4Text, parseIpv4, parseSubnet } from '../../../common/net/ipv4.js';

/** A fabric VLAN (`FABRIC_VLAN_FIELDS`), with its owner. */
export interface FabricVlanRecord {
  owner: string;
  vlan_id: number;
  name: string;
  description?: string;
}

/** A fabric network (`FABRIC_NETWORK_FIELDS`, `id` for `uuid`), with its owner. */
export interface FabricNetworkRecord {
  owner: string;
  id: string;
  vlan_id: number;
  name: string;
  subnet: string;
  provision_start_ip: string;
  provision_end_ip: string;
  gateway?: string;
  resolvers: string[];
  routes: Record<string, string>;
  internet_nat: boolean;
  description?: string;
}

/** Where a NIC on a network gets its address: the provision range and what the NIC reports. */
export interface AddressRange {
  readonly first: number;
  readonly last: number;
  readonly netmask: string;
  readonly gateway: string;
}

/** The persistence part name. */
export const FABRICS_PART = 'fabrics';

/** Every account's VLANs and networks. */
export class FabricStore {
  private vlans: FabricVlanRecord[] = [];
  private networks: FabricNetworkRecord[] = [];
  /** The accounts whose default fabric was set up (or copied from a cloud): never made twice. */
  private defaulted: string[] = [];

  constructor(private readonly ctx: EmulatorContext) {
    ctx.persistence.register(FABRICS_PART, {
      save: () => ({ vlans: this.vlans, networks: this.networks, defaulted: this.defaulted }),
      load: (data) => {
        const d = data as { vlans?: FabricVlanRecord[]; networks?: FabricNetworkRecord[]; defaulted?: string[] };
        this.vlans = d.vlans ?? [];
        this.networks = d.networks ?? [];
        this.defaulted = d.defaulted ?? [];
      },
    });
  }

  /** Whether the account's default fabric was set up already. */
  isDefaulted(owner: string): boolean {
    return this.defaulted.includes(owner);
  }

  /** Notes that the account's default fabric is set up. */
  markDefaulted(owner: string): void {
    this.defaulted = [...this.defaulted, owner];
    this.changed();
  }

  /** The account's VLANs, by VLAN id. */
  vlansOf(owner: string): FabricVlanRecord[] {
    return this.vlans.filter((v) => v.owner === owner).sort((a, b) => a.vlan_id - b.vlan_id);
  }

  /** The account's VLAN with this id. */
  vlan(owner: string, vlanId: number): FabricVlanRecord | undefined {
    return this.vlans.find((v) => v.owner === owner && v.vlan_id === vlanId);
  }

  /** Adds or replaces a VLAN. */
  putVlan(vlan: FabricVlanRecord): void {
    this.vlans = [...this.vlans.filter((v) => !(v.owner === vlan.owner && v.vlan_id === vlan.vlan_id)), vlan];
    this.changed();
  }

  /** Removes a VLAN. */
  deleteVlan(owner: string, vlanId: number): void {
    this.vlans = this.vlans.filter((v) => !(v.owner === owner && v.vlan_id === vlanId));
    this.changed();
  }

  /** The account's networks, on one VLAN or all. */
  networksOf(owner: string, vlanId?: number): FabricNetworkRecord[] {
    return this.networks.filter((n) => n.owner === owner && (vlanId === undefined || n.vlan_id === vlanId));
  }

  /** The account's network with this id. */
  network(owner: string, id: string): FabricNetworkRecord | undefined {
    return this.networks.find((n) => n.owner === owner && n.id === id);
  }

  /** The account owning fabric network `id`, whoever it is (NAPI tells another account's network apart). */
  ownerOf(id: string): string | undefined {
    return this.networks.find((n) => n.id === id)?.owner;
  }

  /** Adds or replaces a network. */
  putNetwork(network: FabricNetworkRecord): void {
    this.networks = [...this.networks.filter((n) => n.id !== network.id), network];
    this.changed();
  }

  /** Removes a network. */
  deleteNetwork(id: string): void {
    this.networks = this.networks.filter((n) => n.id !== id);
    this.changed();
  }

  /** The address range of the account's network `id`, or `undefined` when it is no fabric network of the account. */
  rangeOf(owner: string, id: string): AddressRange | undefined {
    const n = this.network(owner, id);
    if (n === undefined) return undefined;
    const subnet = parseSubnet(n.subnet)!;
    const mask = 2 ** 32 - 2 ** (32 - subnet.prefix);
    return {
      first: parseIpv4(n.provision_start_ip)!,
      last: parseIpv4(n.provision_end_ip)!,
      netmask: ipv4Text(mask),
      gateway: n.gateway ?? '',
    };
  }

  private changed(): void {
    this.ctx.persistence.markDirty(FABRICS_PART);
  }
}

/** CloudAPI's answer for a fabric network (`translateNetwork`): `public: false`, `fabric: true`. */
export function fabricNetworkJson(n: FabricNetworkRecord): Record<string, unknown> {
  const { owner: _owner, description, gateway, routes, ...rest } = n;
  return {
    ...rest,
    // NAPI keeps no routes when none were given, and CloudAPI shows none then.
    ...(Object.keys(routes).length > 0 ? { routes } : {}),
    public: false,
    fabric: true,
    ...(description !== undefined && description !== '' ? { description } : {}),
    ...(gateway !== undefined ? { gateway } : {}),
  };
}

/** CloudAPI's answer for a VLAN (`FABRIC_VLAN_FIELDS`). */
export function fabricVlanJson(v: FabricVlanRecord): Record<string, unknown> {
  const { owner: _owner, description, ...rest } = v;
  return { ...rest, ...(description !== undefined && description !== '' ? { description } : {}) };
}
