/**
 * `DatacenterLookup`: a read-only look-up of a datacenter's API endpoint.
 */
import type { Construct } from 'constructs';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link DatacenterLookup}. */
export interface DatacenterLookupProps {
  /** The datacenter name, e.g. `us-east-1`. */
  readonly name: string;
}

/** The names of {@link DatacenterLookupProps}, checked at synth (an unknown prop is an error). */
const DATACENTER_LOOKUP_PROPS = propNames<DatacenterLookupProps>({ name: true });

/** Finds a datacenter of the cloud by name; creates nothing. */
export class DatacenterLookup extends TritonResource {
  readonly kind = 'datacenter-lookup' as const;
  /** The datacenter name. */
  readonly datacenterName: string;

  constructor(scope: Construct, id: string, props: DatacenterLookupProps) {
    super(scope, id, props, DATACENTER_LOOKUP_PROPS);
    if (typeof props.name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(props.name)) {
      fail(this.node.path, 'name', props.name, 'must be a datacenter name (letters, digits, ".", "_", "-")');
    }
    this.datacenterName = props.name;
  }

  /** The datacenter's CloudAPI URL. */
  get url(): Reference {
    return this.attributeRef('url');
  }

  get naturalKey(): string {
    return this.datacenterName;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { name: this.datacenterName } };
  }
}

/** Entry point for datacenter look-ups, mirroring `Image.lookup`. */
export class Datacenter {
  /** Looks up the datacenter `props.name`; use `.url` on the result. */
  static lookup(scope: Construct, id: string, props: DatacenterLookupProps): DatacenterLookup {
    return new DatacenterLookup(scope, id, props);
  }

  private constructor() {}
}
