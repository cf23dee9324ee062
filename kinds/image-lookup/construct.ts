/**
 * `ImageLookup`: a read-only image query resolved at plan time (`Image.lookup`).
 */
import type { Construct } from 'constructs';
import type { ImageLookupProperties } from '../../common/resource-properties.js';
import { naturalKeyOf } from '../../common/resource-properties.js';
import type { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import { fail } from '../../constructs/private/problems.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Filters of an image look-up (ListImages query parameters). At least one is required. */
export interface ImageLookupProps {
  /** @default - any name */
  readonly name?: string;
  /** @default - any OS */
  readonly os?: string;
  /** @default - any version */
  readonly version?: string;
  /** Owner account UUID. @default - any owner */
  readonly owner?: string;
  /** @default - public and private images */
  readonly public?: boolean;
  /** e.g. `zone-dataset`, `lx-dataset`, `zvol`. @default - any type */
  readonly type?: string;
  /** `all` to include images that are not active. @default 'active' (the server's default) */
  readonly state?: string;
  /**
   * When several images match: true picks the most recently published one; false makes several
   * matches a plan error, so an unexpected new image never slips into a deployment.
   * @default false
   */
  readonly mostRecent?: boolean;
}

/** The names of {@link ImageLookupProps}, checked at synth (an unknown prop is an error). */
const IMAGE_LOOKUP_PROPS = propNames<ImageLookupProps>({
  name: true,
  os: true,
  version: true,
  owner: true,
  public: true,
  type: true,
  state: true,
  mostRecent: true,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A look-up of an existing image; creates nothing. Its attributes are known at plan time. */
export class ImageLookup extends TritonResource {
  readonly kind = 'image-lookup' as const;
  private readonly properties: ImageLookupProperties;

  constructor(scope: Construct, id: string, props: ImageLookupProps) {
    super(scope, id, props, IMAGE_LOOKUP_PROPS);
    const at = this.node.path;
    const filters = ['name', 'os', 'version', 'owner', 'type', 'state'] as const;
    for (const f of filters) {
      const v = props[f];
      if (v !== undefined && (typeof v !== 'string' || v.length === 0)) fail(at, f, v, 'must be a non-empty string');
    }
    if (props.owner !== undefined && !UUID.test(props.owner)) fail(at, 'owner', props.owner, 'must be an account UUID');
    if (props.public !== undefined && typeof props.public !== 'boolean')
      fail(at, 'public', props.public, 'must be true or false');
    if (filters.every((f) => props[f] === undefined) && props.public === undefined) {
      fail(at, 'filters', {}, 'give at least one of name, os, version, owner, public, type, state');
    }
    this.properties = {
      ...(props.name !== undefined ? { name: props.name } : {}),
      ...(props.os !== undefined ? { os: props.os } : {}),
      ...(props.version !== undefined ? { version: props.version } : {}),
      ...(props.owner !== undefined ? { owner: props.owner } : {}),
      ...(props.public !== undefined ? { public: props.public } : {}),
      ...(props.type !== undefined ? { type: props.type } : {}),
      ...(props.state !== undefined ? { state: props.state } : {}),
      mostRecent: props.mostRecent ?? false,
    };
  }

  /** The image id found. */
  get imageId(): Reference {
    return this.attributeRef('id');
  }

  /** The image's name. */
  get imageName(): Reference {
    return this.attributeRef('name');
  }

  /** The image's version. */
  get imageVersion(): Reference {
    return this.attributeRef('version');
  }

  get naturalKey(): string {
    return naturalKeyOf('image-lookup', this.properties, this.stack.account);
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
