/**
 * `DatacenterLookup`: a read-only look-up of a datacenter's API endpoint.
 */
import type { Construct } from 'constructs';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { fail } from '../../constructs/private/problems.js';
import { checkDatacenterName } from '../../common/rules/index.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link DatacenterLookup}. */
export interface DatacenterLookupProps {
  /** The datacenter name, e.g. `us-east-1`. */
  readonly name: string;
}

/** The names of {@link DatacenterLookupProps}, checked at synth (an unknown prop is an error). */
const DATACENTER_LOOKUP_PROPS = propNames<DatacenterLookupProps>({ name: true });

/**
 * Finds a datacenter of the cloud by name; creates nothing. A stack may name it as its
 * `datacenter` (only its name is taken, so it may be declared in any stack).
 */
export class DatacenterLookup extends TritonResource {
  readonly kind = 'datacenter-lookup' as const;
  /** The datacenter name. */
  readonly datacenterName: string;

  constructor(scope: Construct, id: string, props: DatacenterLookupProps) {
    super(scope, id, props, DATACENTER_LOOKUP_PROPS);
    const nameProblem = checkDatacenterName(props.name);
    if (nameProblem !== undefined) fail(this.node.path, 'name', props.name, nameProblem, { withhold: true });
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
