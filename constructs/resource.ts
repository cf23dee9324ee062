/**
 * The base of every resource construct: one manifest entry, addressed by its construct path.
 */
import { Construct } from 'constructs';
import { didYouMean } from '../common/did-you-mean.js';
import { kindDescriptor } from '../common/kinds/index.js';
import type { ResourceKind, ResourceOptions } from '../common/manifest.js';
import { ConstructError } from './errors.js';
import { Reference, type IReferenceTarget } from './reference.js';
import { renderOptions, splitOptions, type ResourceOptionProps } from './resource-options.js';
import { checkKnownProps } from './private/known-props.js';
import { requirePropsObject } from './private/problems.js';
import { stackOf, type StackInfo } from './private/stack-marker.js';
import { uniqueId } from './private/unique-id.js';

/**
 * What a resource may ask of its stack while rendering: the managed resources it refers to by
 * natural key (a role member given by login, an object's parent directory), so that those become
 * dependencies without the user wiring them by hand.
 */
export interface RenderContext {
  /** The stack's account login. */
  readonly account: string;
  /** The managed resource of this stack with that kind and natural key, if any. */
  find(kind: ResourceKind, naturalKey: string): TritonResource | undefined;
}

/** A resource's desired state before references are resolved. */
export interface RenderedResource {
  /** Properties; `Reference`s, `Secret`s and `undefined` members are allowed and resolved later. */
  readonly properties: { readonly [key: string]: unknown };
  /** Resources this one needs first, beyond the ones its references already imply. */
  readonly dependsOn?: readonly (TritonResource | undefined)[];
}

/** Marks a construct as a resource, for tree walks that must not import every class. */
const RESOURCE_MARKER = Symbol.for('triton-iac.resource');

/**
 * A resource construct: one entry in the manifest. Subclasses validate their props eagerly in the
 * constructor and render them in `renderResource`. Every managed kind's props also take the
 * lifecycle options of `ResourceOptionProps` (`protect`, `retainOnDelete`, `ignoreChanges`), and
 * every resource has `attr(name)`: a `Reference` to one of its attributes known after apply
 * (`user.attr('id')`), for a prop that accepts one or a `TritonOutput`.
 */
export abstract class TritonResource extends Construct implements IReferenceTarget {
  /** True when `x` is a resource construct. */
  static isResource(x: unknown): x is TritonResource {
    return typeof x === 'object' && x !== null && (x as { [RESOURCE_MARKER]?: boolean })[RESOURCE_MARKER] === true;
  }

  private readonly [RESOURCE_MARKER] = true;

  /** The kind, e.g. `user`. */
  abstract readonly kind: ResourceKind;

  /** The stack (account) this resource belongs to. */
  readonly stack: StackInfo;

  /** The lifecycle options as given (checked at synth, when the kind is known). */
  private readonly lifecycle: ResourceOptionProps;

  /**
   * @param props the subclass's props, checked to be an object with only known props before the
   *   subclass reads a field
   * @param knownProps the names of the subclass's props (`propNames<XxxProps>(...)`)
   */
  constructor(scope: Construct, id: string, props: unknown, knownProps: readonly string[]) {
    super(scope, uniqueId(scope, id));
    requirePropsObject(this.node.path, props, new.target.name);
    const { options, rest } = splitOptions(props as object);
    checkKnownProps(this.node.path, rest, knownProps, new.target.name);
    this.lifecycle = options;
    this.stack = stackOf(this, `${new.target.name} ${JSON.stringify(id)}`);
    // The kind is a subclass field, not set yet here: the options are checked against it at synth.
    this.node.addValidation({ validate: () => renderOptions(this.node.path, this.kind, this.lifecycle).problems });
  }

  /**
   * The lifecycle options for the manifest (`undefined` when none is set).
   * @internal
   */
  get manifestOptions(): ResourceOptions | undefined {
    return renderOptions(this.node.path, this.kind, this.lifecycle).options;
  }

  /** The manifest address: the construct path, e.g. `prod/ops-role`. */
  get address(): string {
    return this.node.path;
  }

  /** The identity the API knows the object by (see `common/resource-properties.ts`). */
  abstract get naturalKey(): string;

  /**
   * The field that holds the natural key, for duplicate messages (`login`, `name`, `path`…).
   * @internal
   */
  abstract get naturalKeyField(): string;

  /**
   * The desired properties. Called once per synth, after the whole tree is built.
   * @internal
   */
  abstract renderResource(ctx: RenderContext): RenderedResource;

  /**
   * A reference to one of this resource's attributes, known after apply (`user.attr('id')`,
   * `job.attr('outputs')`), for a prop that accepts a `Reference` or a `TritonOutput`. The
   * attributes of each kind are listed in `common/resource-properties.ts` (`RESOURCE_ATTRIBUTES`).
   * @throws ConstructError `UNKNOWN_ATTRIBUTE` naming the attribute and listing the kind's attributes
   */
  attr(name: string): Reference {
    return this.attributeRef(name);
  }

  /** A lazy reference to one of this resource's attributes, known after apply. */
  protected attributeRef(attribute: string): Reference {
    const known = kindDescriptor(this.kind)?.attributes ?? [];
    if (!known.includes(attribute)) {
      throw new ConstructError(
        'UNKNOWN_ATTRIBUTE',
        `${this.address}: attribute ${JSON.stringify(attribute)}: ${this.kind} has no such attribute${didYouMean(String(attribute), known)}; its attributes are ${known.join(', ') || 'none (nothing of it is known only after apply)'}`,
      );
    }
    return new Reference(this, attribute);
  }
}
