/**
 * The base of every resource construct: one manifest entry, addressed by its construct path.
 */
import { Construct } from 'constructs';
import type { ResourceKind } from '../common/manifest.js';
import { kindDescriptor } from '../common/kinds/index.js';
import { ConstructError } from './errors.js';
import { Reference, type IReferenceTarget } from './reference.js';
import { checkKnownProps } from './private/known-props.js';
import { requirePropsObject } from './private/problems.js';
import { stackOf, type StackInfo } from './private/stack-marker.js';

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
 * constructor and render them in `renderResource`.
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

  /**
   * @param props the subclass's props, checked to be an object with only known props before the
   *   subclass reads a field
   * @param knownProps the names of the subclass's props (`propNames<XxxProps>(...)`)
   */
  constructor(scope: Construct, id: string, props: unknown, knownProps: readonly string[]) {
    super(scope, id);
    requirePropsObject(this.node.path, props, new.target.name);
    checkKnownProps(this.node.path, props as object, knownProps, new.target.name);
    this.stack = stackOf(this, `${new.target.name} ${JSON.stringify(id)}`);
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

  /** A lazy reference to one of this resource's attributes, known after apply. */
  protected attributeRef(attribute: string): Reference {
    const attributes = kindDescriptor(this.kind)?.attributes ?? [];
    if (!attributes.includes(attribute)) {
      throw new ConstructError('UnknownAttribute', `${this.address}: attribute ${JSON.stringify(attribute)}: ${this.kind} exposes only ${attributes.join(', ') || 'no attributes'}`);
    }
    return new Reference(this, attribute);
  }
}
