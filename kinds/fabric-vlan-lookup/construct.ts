/**
 * `FabricVlanLookup`: a fabric VLAN of the account found at plan time (data `triton_fabric_vlan`),
 * by VLAN id, name or description (`*` and `?` wildcards in the last two).
 */
import type { Construct } from 'constructs';
import type { FabricVlanLookupProperties } from '../../common/resource-properties.js';
import { naturalKeyOf } from '../../common/resource-properties.js';
import { vlanIdProblem } from '../../common/net/fabric-network-rules.js';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Filters of a fabric VLAN look-up (at least one; all given must match). Several matches are a plan error. */
export interface FabricVlanLookupProps {
  /** The VLAN id. @default - any */
  readonly vlanId?: number;
  /** The name; `*` matches any run of characters, `?` one. @default - any */
  readonly name?: string;
  /** The description; wildcards as in `name`. @default - any */
  readonly description?: string;
}

const FABRIC_VLAN_LOOKUP_PROPS = propNames<FabricVlanLookupProps>({ vlanId: true, name: true, description: true });

/**
 * A look-up of one fabric VLAN; creates nothing. A {@link FabricNetwork} or
 * {@link FabricNetworkLookup} takes it as its `vlan` when it is looked up by `vlanId` (a network's
 * VLAN id is part of its name in the stack, so it must be known at synth).
 */
export class FabricVlanLookup extends TritonResource {
  readonly kind = 'fabric-vlan-lookup' as const;
  /** The VLAN id when the look-up gives it (`vlanId`), else `undefined` (known at plan time only). */
  readonly knownVlanId: number | undefined;
  private readonly properties: FabricVlanLookupProperties;

  constructor(scope: Construct, id: string, props: FabricVlanLookupProps) {
    super(scope, id, props, FABRIC_VLAN_LOOKUP_PROPS);
    const at = this.node.path;
    if (props.vlanId !== undefined) {
      const bad = vlanIdProblem(props.vlanId);
      if (bad !== undefined) fail(at, 'vlanId', props.vlanId, bad);
    }
    for (const f of ['name', 'description'] as const)
      if (props[f] !== undefined && (typeof props[f] !== 'string' || props[f] === ''))
        fail(at, f, props[f], 'must be a non-empty string');
    if (props.vlanId === undefined && props.name === undefined && props.description === undefined)
      fail(at, 'filters', {}, 'give at least one of vlanId, name, description');
    this.knownVlanId = props.vlanId;
    this.properties = {
      ...(props.vlanId !== undefined ? { vlanId: props.vlanId } : {}),
      ...(props.name !== undefined ? { name: props.name } : {}),
      ...(props.description !== undefined ? { description: props.description } : {}),
    };
  }

  /** The VLAN id found. */
  get vlanId(): Reference {
    return this.attributeRef('vlanId');
  }

  /** The VLAN's name. */
  get vlanName(): Reference {
    return this.attributeRef('name');
  }

  get naturalKey(): string {
    return naturalKeyOf('fabric-vlan-lookup', this.properties, this.stack.account);
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'filters';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
