/**
 * `FabricNetwork`: an IPv4 network on a fabric VLAN, which instances and volumes attach to by
 * object (`networks: [net]`).
 */
import type { Construct } from 'constructs';
import { inDifferentDatacenters } from '../../common/kinds/datacenter-scope.js';
import type { FabricNetworkProperties } from '../../common/resource-properties.js';
import { fabricNetworkProblems, fabricTextProblem } from '../../common/net/fabric-network-rules.js';
import { inSubnet, parseIpv4, subnetsOverlap, type Ipv4Subnet } from '../../common/net/ipv4.js';
import { ValidationError } from '../../constructs/errors.js';
import { FabricVlan } from '../fabric-vlan/construct.js';
import { FabricVlanLookup } from '../fabric-vlan-lookup/construct.js';
import { vlanIdOf } from '../fabric-network-lookup/construct.js';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail, problem } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';
import { booleanDefault } from '../../common/kinds/defaults.js';
import { fabricNetwork as fabricNetworkKind } from './descriptor.js';

/** Props of a {@link FabricNetwork}. */
export interface FabricNetworkProps extends ResourceOptionProps {
  /**
   * The VLAN: a declared {@link FabricVlan}, a {@link FabricVlanLookup} by `vlanId`, or the id of
   * one the stack does not manage. A change replaces the network.
   */
  readonly vlan: FabricVlan | FabricVlanLookup | number;
  /** Network name, unique within the VLAN; renamed in place. */
  readonly name: string;
  /** IPv4 subnet in CIDR form, /8 to /30 (`10.10.0.0/24`). A change replaces the network. */
  readonly subnet: string;
  /** First address given to instances, inside the subnet; updated in place. */
  readonly provisionStartIp: string;
  /** Last address given to instances, inside the subnet and not its broadcast address; updated in place. */
  readonly provisionEndIp: string;
  /** Gateway, inside the subnet. A change replaces the network. @default - none (no gateway) */
  readonly gateway?: string;
  /** DNS resolvers, at most 4, in order; updated in place. @default - not managed */
  readonly resolvers?: readonly string[];
  /** Static routes: destination subnet or address → gateway address; updated in place. @default - not managed */
  readonly routes?: { readonly [destination: string]: string };
  /** Whether a NAT zone gives the network internet access. Fixed at create. @default true */
  readonly internetNat?: boolean;
  /** Description; updated in place. @default - not managed */
  readonly description?: string;
}

const FABRIC_NETWORK_PROPS = propNames<FabricNetworkProps>({
  vlan: true,
  name: true,
  subnet: true,
  provisionStartIp: true,
  provisionEndIp: true,
  gateway: true,
  resolvers: true,
  routes: true,
  internetNat: true,
  description: true,
});

const FIELD_NAMES = {
  subnet: 'subnet',
  provisionStartIp: 'provisionStartIp',
  provisionEndIp: 'provisionEndIp',
  gateway: 'gateway',
  resolvers: 'resolvers',
  routes: 'routes',
} as const;

/**
 * An IPv4 network on a fabric VLAN. Synth checks the addresses (a private subnet, range and
 * gateway inside it, start before end, at most four resolvers) and that no two networks declared on one VLAN
 * overlap.
 */
export class FabricNetwork extends TritonResource {
  readonly kind = 'fabric-network' as const;
  /** The network name. */
  readonly networkName: string;
  /** The VLAN id it is on. */
  readonly vlanId: number;
  /** @internal the parsed subnet, for the overlap check of later networks */
  readonly subnetRange: Ipv4Subnet;
  private readonly vlan: FabricVlan | FabricVlanLookup | undefined;
  private readonly properties: FabricNetworkProperties;

  constructor(scope: Construct, id: string, props: FabricNetworkProps) {
    super(scope, id, props, FABRIC_NETWORK_PROPS);
    const at = this.node.path;
    const vlanId = vlanIdOf(at, props.vlan);
    if (typeof props.name !== 'string' || props.name.trim() === '')
      fail(at, 'name', props.name, 'must be a non-empty string');
    for (const f of ['description'] as const)
      if (props[f] !== undefined && typeof props[f] !== 'string') fail(at, f, props[f], 'must be a string');
    const nameBad = fabricTextProblem(props.name, true);
    if (nameBad !== undefined) fail(at, 'name', props.name, nameBad);
    const descriptionBad = fabricTextProblem(props.description);
    if (descriptionBad !== undefined) fail(at, 'description', props.description, descriptionBad);
    if (props.internetNat !== undefined && typeof props.internetNat !== 'boolean')
      fail(at, 'internetNat', props.internetNat, 'must be true or false');
    const { problems, subnet } = fabricNetworkProblems(props, FIELD_NAMES);
    if (problems.length > 0)
      throw new ValidationError(problems.map((p) => problem(at, p.field, p.value, p.rule)).join('\n'));
    this.networkName = props.name;
    this.vlanId = vlanId;
    this.subnetRange = subnet!;
    this.vlan = props.vlan instanceof FabricVlan || props.vlan instanceof FabricVlanLookup ? props.vlan : undefined;
    this.checkSiblings(at, props.subnet);
    this.properties = {
      vlanId,
      name: props.name,
      subnet: props.subnet,
      provisionStartIp: props.provisionStartIp,
      provisionEndIp: props.provisionEndIp,
      internetNat: props.internetNat ?? booleanDefault(fabricNetworkKind, 'internetNat'),
      ...(props.gateway !== undefined ? { gateway: props.gateway } : {}),
      ...(props.resolvers !== undefined ? { resolvers: [...props.resolvers] } : {}),
      ...(props.routes !== undefined ? { routes: { ...props.routes } } : {}),
      ...(props.description !== undefined ? { description: props.description } : {}),
    };
  }

  /** No other network of the stack on the same VLAN may share an address or the name with this one. */
  private checkSiblings(at: string, subnet: string): void {
    const root = this.node.scopes[0]!;
    for (const other of root.node.findAll()) {
      if (!(other instanceof FabricNetwork) || other === this || other.vlanId !== this.vlanId) continue;
      if (other.stack.account !== this.stack.account) continue;
      // Each datacenter has its own fabrics: VLAN 120 in us-east-1 is not VLAN 120 in us-east-2.
      if (inDifferentDatacenters(other.stack.datacenter, this.stack.datacenter)) continue;
      if (subnetsOverlap(other.subnetRange, this.subnetRange))
        fail(
          at,
          'subnet',
          subnet,
          `overlaps ${other.node.path} (${other.properties.subnet}) on VLAN ${this.vlanId}: the networks of one VLAN must not share addresses`,
        );
    }
  }

  /**
   * Why an instance cannot ask for `ip` on this network, or `undefined`: NAPI's rule (an address
   * inside the subnet that the network does not manage itself: not the gateway, a resolver or the
   * broadcast address), checked at synth because the subnet is known here.
   */
  staticIpProblem(ip: string): string | undefined {
    const n = parseIpv4(ip);
    if (n === undefined) return 'must be an IPv4 address';
    if (!inSubnet(n, this.subnetRange))
      return `is not in the subnet ${this.properties.subnet} of ${this.node.path} (NAPI: "IP is not in subnet")`;
    const managed = [this.properties.gateway, ...(this.properties.resolvers ?? [])].filter((a) => a === ip);
    if (n === this.subnetRange.last || managed.length > 0)
      return `is managed by ${this.node.path} (its gateway, a resolver or the broadcast address); NAPI refuses it`;
    return undefined;
  }

  /** The network id, known after apply (what an Instance's or a Volume's `networks` takes). */
  get networkId(): Reference {
    return this.attributeRef('id');
  }

  get naturalKey(): string {
    return `${this.vlanId}/${this.networkName}`;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'vlanId/name';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties }, dependsOn: [this.vlan] };
  }
}
