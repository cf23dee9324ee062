/**
 * `Directory`: a directory in the object store.
 */
import type { Construct } from 'constructs';
import type { DirectoryProperties } from '../../common/resource-properties.js';
import type { IRole } from '../../constructs/interfaces.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { ancestorDirectories, mantaPath } from '../../constructs/private/manta-path.js';
import { checkRoleRefs, resolveRoleRefs } from '../../constructs/private/role-refs.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link Directory}. */
export interface DirectoryProps extends ResourceOptionProps {
  /**
   * The path, under `/<login>/stor` or `/<login>/public`; `~~/stor/site` stands for
   * `/<login>/stor/site`.
   */
  readonly path: string;
  /**
   * Roles tagged on the directory (the `role-tag` header).
   * @default - the directory's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link DirectoryProps}, checked at synth (an unknown prop is an error). */
const DIRECTORY_PROPS = propNames<DirectoryProps>({ path: true, roleTags: true });

/**
 * A directory. Directories of the stack above it are created first; parents the stack does not
 * declare are created at apply when they are missing (plain, with no role tags; they are not managed,
 * so a later destroy leaves them). `/<login>/stor` and `/<login>/public` always exist.
 */
export class Directory extends TritonResource {
  readonly kind = 'directory' as const;
  /** The canonical path. */
  readonly path: string;
  private readonly roleTags: readonly (IRole | string)[] | undefined;

  constructor(scope: Construct, id: string, props: DirectoryProps) {
    super(scope, id, props, DIRECTORY_PROPS);
    this.path = mantaPath(this.node.path, 'path', props.path, this.stack.account);
    checkRoleRefs(this.node.path, 'roleTags', props.roleTags);
    this.roleTags = props.roleTags === undefined ? undefined : [...props.roleTags];
  }

  get naturalKey(): string {
    return this.path;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'path';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const deps: (TritonResource | undefined)[] = ancestorDirectories(this.path).map((p) => ctx.find('directory', p));
    let roleTags: string[] | undefined;
    if (this.roleTags !== undefined) {
      const resolved = resolveRoleRefs(ctx, this.roleTags);
      roleTags = resolved.names;
      deps.push(...resolved.deps);
    }
    const properties: DirectoryProperties = { path: this.path, ...(roleTags !== undefined ? { roleTags } : {}) };
    return { properties: { ...properties }, dependsOn: deps };
  }
}
