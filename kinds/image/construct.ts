/**
 * `Image`: a custom image created from a prepared, stopped machine.
 */
import type { Construct } from 'constructs';
import type { IRole } from '../../constructs/interfaces.js';
import { ImageLookup, type ImageLookupProps } from '../image-lookup/construct.js';
import { checkDeclaredImageName, checkDeclaredImageVersion } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import { Reference } from '../../constructs/reference.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { ancestorDirectories, mantaPath } from '../../constructs/private/manta-path.js';
import { fail } from '../../constructs/private/problems.js';
import { checkRoleRefs, resolveRoleRefs } from '../../constructs/private/role-refs.js';
import { sortedUnique } from '../../constructs/private/canonical.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of an {@link Image}. */
export interface ImageProps extends ResourceOptionProps {
  /** Id (UUID) of the prepared, stopped machine to image, or a reference to one. */
  readonly machine: string | Reference;
  /** Image name: letters, digits, `.`, `_`, `-`; at most 512 characters. */
  readonly name: string;
  /** Image version: letters, digits, `.`, `_`, `-`; at most 128 characters. */
  readonly version: string;
  /** @default - none */
  readonly description?: string;
  /** An http(s) URL. @default - none */
  readonly homepage?: string;
  /** URL of the end-user licence. @default - none */
  readonly eula?: string;
  /** Account UUIDs allowed to use the (private) image. @default - only the owner */
  readonly acl?: readonly string[];
  /** Image tags; values may be `Reference`s. @default - none */
  readonly tags?: { readonly [key: string]: string | Reference };
  /**
   * An object-store path prefix to export the image to after it is created (`ExportImage`).
   * @default - not exported
   */
  readonly exportTo?: string;
  /**
   * Roles tagged on the image (set on `/<account>/images/<id>` once the id is known).
   * @default - the image's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link ImageProps}, checked at synth (an unknown prop is an error). */
const IMAGE_PROPS = propNames<ImageProps>({
  machine: true,
  name: true,
  version: true,
  description: true,
  homepage: true,
  eula: true,
  acl: true,
  tags: true,
  exportTo: true,
  roleTags: true,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const URL_RE = /^https?:\/\/[^\s/]+\S*$/;

/** A custom image. Name, version and machine identify it: changing any of them makes a new image. */
export class Image extends TritonResource {
  /**
   * Looks up an existing image (resolved at plan time) whose id other constructs can use:
   * `Image.lookup(stack, 'base', { name: 'base-64-lts', mostRecent: true }).imageId`.
   */
  static lookup(scope: Construct, id: string, props: ImageLookupProps): ImageLookup {
    return new ImageLookup(scope, id, props);
  }

  readonly kind = 'image' as const;
  /** The image name. */
  readonly imageName: string;
  /** The image version. */
  readonly imageVersion: string;
  private readonly props: ImageProps;
  private readonly exportTo: string | undefined;

  constructor(scope: Construct, id: string, props: ImageProps) {
    super(scope, id, props, IMAGE_PROPS);
    const at = this.node.path;
    if (!(props.machine instanceof Reference) && (typeof props.machine !== 'string' || !UUID.test(props.machine))) {
      fail(at, 'machine', props.machine, 'must be a machine id (UUID)');
    }
    for (const [field, problem] of [
      ['name', checkDeclaredImageName(props.name)],
      ['version', checkDeclaredImageVersion(props.version)],
    ] as const)
      if (problem !== undefined) throw new ValidationError(`${at}: ${field}: ${problem}`);
    for (const f of ['homepage', 'eula'] as const) {
      const v = props[f];
      if (v !== undefined && (typeof v !== 'string' || !URL_RE.test(v))) fail(at, f, v, 'must be an http(s) URL');
    }
    if (props.description !== undefined && typeof props.description !== 'string')
      fail(at, 'description', props.description, 'must be a string');
    (props.acl ?? []).forEach((a, i) => {
      if (typeof a !== 'string' || !UUID.test(a)) fail(at, `acl[${i}]`, a, 'must be an account UUID');
    });
    for (const [k, v] of Object.entries(props.tags ?? {})) {
      if (!(v instanceof Reference) && typeof v !== 'string')
        fail(at, `tags.${k}`, v, 'must be a string or a Reference');
    }
    this.exportTo =
      props.exportTo === undefined ? undefined : mantaPath(at, 'exportTo', props.exportTo, this.stack.account, true);
    checkRoleRefs(at, 'roleTags', props.roleTags);
    this.imageName = props.name;
    this.imageVersion = props.version;
    this.props = props;
  }

  /** The image id, known after apply. */
  get imageId(): Reference {
    return this.attributeRef('id');
  }

  get naturalKey(): string {
    return `${this.imageName}@${this.imageVersion}`;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name@version';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const p = this.props;
    const deps: (TritonResource | undefined)[] = [];
    let roleTags: string[] | undefined;
    if (p.roleTags !== undefined) {
      const r = resolveRoleRefs(ctx, p.roleTags);
      roleTags = r.names;
      deps.push(...r.deps);
    }
    if (this.exportTo !== undefined) {
      for (const dir of [...ancestorDirectories(this.exportTo), this.exportTo]) deps.push(ctx.find('directory', dir));
    }
    return {
      properties: {
        machine: p.machine,
        name: p.name,
        version: p.version,
        description: p.description,
        homepage: p.homepage,
        eula: p.eula,
        acl: p.acl === undefined ? undefined : sortedUnique(p.acl),
        tags: p.tags === undefined ? undefined : { ...p.tags },
        exportTo: this.exportTo,
        roleTags,
      },
      dependsOn: deps,
    };
  }
}
