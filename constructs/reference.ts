/**
 * Values known only after apply (an image id, a job's outputs): lazy tokens that the manifest carries
 * as `{ $ref: { address, attribute } }` and the plan shows as "(known after apply)".
 */
import type { OutputRefValue, RefValue, ResourceKind } from '../common/manifest.js';
import { ConstructError } from './errors.js';

/** What a reference points at: any resource construct. */
export interface IReferenceTarget {
  /** The resource's manifest address (its construct path). */
  readonly address: string;
  readonly kind: ResourceKind;
}

/**
 * An attribute of another resource, resolved at apply time. Pass it where a prop accepts
 * `string | Reference`; using it makes the consuming resource depend on the target.
 *
 * Why not an encoded string as in the AWS CDK: a typed value cannot be concatenated by accident into
 * a string that would then be sent verbatim, and the compiler shows where references are accepted.
 */
export class Reference {
  /** The resource the value comes from. */
  readonly target: IReferenceTarget;
  /** The attribute name, one of `RESOURCE_ATTRIBUTES[target.kind]`. */
  readonly attribute: string;

  constructor(target: IReferenceTarget, attribute: string) {
    this.target = target;
    this.attribute = attribute;
  }

  /** The manifest placeholder (another app's output has its own, see `StackOutputs`). */
  toJSON(): RefValue | OutputRefValue {
    return { $ref: { address: this.target.address, attribute: this.attribute } };
  }

  /**
   * Refuses string conversion: the value does not exist until apply, so a template literal would
   * silently bake a placeholder into a name or a path.
   */
  toString(): string {
    throw new ConstructError(
      'REFERENCE_TO_STRING',
      `${this.target.address}.${this.attribute} is known only after apply and cannot be used inside a string; pass the Reference itself to a prop that accepts one`,
    );
  }
}
