/**
 * `FabricNetworkLookup`: a network of a fabric VLAN found at plan time (data
 * `triton_fabric_network`), by name within the VLAN, by subnet, or both.
 */
import type { Construct } from 'constructs';
import type { FabricNetworkLookupProperties } from '../../common/resource-properties.js';
import { naturalKeyOf } from '../../common/resource-properties.js';
import { vlanIdProblem } from '../../common/net/fabric-network-rules.js';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';
import { FabricVlan } from '../fabric-vlan/construct.js';
import { FabricVlanLookup } from '../fabric-vlan-lookup/construct.js';

/** Where and what to look for: the VLAN, and at least one of `name` and `subnet`. */
export interface FabricNetworkLookupProps {
  /** The VLAN: a declared {@link FabricVlan}, a {@link FabricVlanLookup} by `vlanId`, or a VLAN id. */
  readonly vlan: FabricVlan | FabricVlanLookup | number;
  /** The network name (unique within the VLAN). @default - any */
  readonly name?: string;
  /** The subnet in CIDR form. @default - any */
  readonly subnet?: string;
}

const FABRIC_NETWORK_LOOKUP_PROPS = propNames<FabricNetworkLookupProps>({ vlan: true, name: true, subnet: true });

/**
 * The VLAN id a `vlan` prop names, known at synth, or a problem naming the field: a look-up of a
 * VLAN by name gives its id only at plan time, and a network's VLAN id is part of what identifies it.
 */
export function vlanIdOf(at: string, vlan: unknown): number {
  if (vlan instanceof FabricVlan) return vlan.vlanId;
  if (vlan instanceof FabricVlanLookup) {
    if (vlan.knownVlanId !== undefined) return vlan.knownVlanId;
    return fail(
      at,
      'vlan',
      vlan.node.path,
      'is a FabricVlanLookup without vlanId: a network is identified by its VLAN id, which must be known at synth; look the VLAN up by vlanId (name and description may narrow it further)',
    );
  }
  const bad = vlanIdProblem(vlan);
  if (bad !== undefined) fail(at, 'vlan', vlan, `must be a FabricVlan, a FabricVlanLookup or a VLAN id that ${bad}`);
  return vlan as number;
}

/** A look-up of one network of a fabric VLAN; creates nothing. Instances and volumes take it in `networks`. */
export class FabricNetworkLookup extends TritonResource {
  readonly kind = 'fabric-network-lookup' as const;
  private readonly properties: FabricNetworkLookupProperties;
  private readonly vlan: TritonResource | undefined;

  constructor(scope: Construct, id: string, props: FabricNetworkLookupProps) {
    super(scope, id, props, FABRIC_NETWORK_LOOKUP_PROPS);
    const at = this.node.path;
    const vlanId = vlanIdOf(at, props.vlan);
    for (const f of ['name', 'subnet'] as const)
      if (props[f] !== undefined && (typeof props[f] !== 'string' || props[f] === ''))
        fail(at, f, props[f], 'must be a non-empty string');
    if (props.name === undefined && props.subnet === undefined)
      fail(at, 'filters', {}, 'give at least one of name, subnet (with the vlan)');
    this.vlan = props.vlan instanceof TritonResource ? props.vlan : undefined;
    this.properties = {
      vlanId,
      ...(props.name !== undefined ? { name: props.name } : {}),
      ...(props.subnet !== undefined ? { subnet: props.subnet } : {}),
    };
  }

  /** The network id found (what an Instance's or a Volume's `networks` takes). */
  get networkId(): Reference {
    return this.attributeRef('id');
  }

  /** The network's gateway. */
  get gateway(): Reference {
    return this.attributeRef('gateway');
  }

  get naturalKey(): string {
    return naturalKeyOf('fabric-network-lookup', this.properties, this.stack.account);
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'filters';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties }, dependsOn: [this.vlan] };
  }
}
