/**
 * `FabricVlan`: a VLAN of the account's default fabric, identified by its VLAN id.
 */
import type { Construct } from 'constructs';
import type { FabricVlanProperties } from '../../common/resource-properties.js';
import { fabricTextProblem, vlanIdProblem } from '../../common/net/fabric-network-rules.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link FabricVlan}. */
export interface FabricVlanProps extends ResourceOptionProps {
  /** VLAN id: 0 to 4094, not 1 (the ids NAPI accepts). A change replaces the VLAN. */
  readonly vlanId: number;
  /** VLAN name; renamed in place. */
  readonly name: string;
  /** Description; updated in place. @default - not managed */
  readonly description?: string;
}

const FABRIC_VLAN_PROPS = propNames<FabricVlanProps>({ vlanId: true, name: true, description: true });

/** A VLAN of the account's default fabric; {@link FabricNetwork}s are declared on it. */
export class FabricVlan extends TritonResource {
  readonly kind = 'fabric-vlan' as const;
  /** The VLAN id. */
  readonly vlanId: number;
  private readonly properties: FabricVlanProperties;

  constructor(scope: Construct, id: string, props: FabricVlanProps) {
    super(scope, id, props, FABRIC_VLAN_PROPS);
    const at = this.node.path;
    const bad = vlanIdProblem(props.vlanId);
    if (bad !== undefined) fail(at, 'vlanId', props.vlanId, bad);
    if (typeof props.name !== 'string' || props.name.trim() === '')
      fail(at, 'name', props.name, 'must be a non-empty string');
    if (props.description !== undefined && typeof props.description !== 'string')
      fail(at, 'description', props.description, 'must be a string');
    for (const f of ['name', 'description'] as const) {
      const bad = fabricTextProblem(props[f]);
      if (bad !== undefined) fail(at, f, props[f], bad);
    }
    this.vlanId = props.vlanId;
    this.properties = {
      vlanId: props.vlanId,
      name: props.name,
      ...(props.description !== undefined ? { description: props.description } : {}),
    };
  }

  get naturalKey(): string {
    return String(this.vlanId);
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'vlanId';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
