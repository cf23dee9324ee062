/**
 * `RoleTag`: the role tags of one CloudAPI resource path (SetRoleTags).
 */
import type { Construct } from 'constructs';
import type { ResourceKind } from '../../common/manifest.js';
import type { RoleTagProperties } from '../../common/resource-properties.js';
import { roleTagPathRule } from '../../common/rules/index.js';
import type { IRole, ITaggable } from '../../constructs/interfaces.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { fail } from '../../constructs/private/problems.js';
import { checkRoleRefs, resolveRoleRefs } from '../../constructs/private/role-refs.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link RoleTag}. */
export interface RoleTagProps extends ResourceOptionProps {
  /**
   * What to tag: a taggable construct (`User`, `Role`, `Policy`, `Key`, `UserKey`, `Account`), or a
   * path such as `/my/machines`, `/acme/images` or `/my/users/bob` (`/my` stands for the stack's
   * account).
   */
  readonly resource: ITaggable | string;
  /**
   * The roles, as `Role` objects or names. Without `exclusive`, these are added to the path and the
   * path's other roles are left alone; with it, they are the path's whole list (an empty list then
   * clears it).
   */
  readonly roles: readonly (IRole | string)[];
  /**
   * Own the path's whole list of roles: roles tagged there by anyone else (another stack, a person
   * with the `triton` CLI) are removed. Without it, the tag manages only the roles it declares (and
   * removes a role it stops declaring), so that several stacks can tag one shared path such as
   * `/my/machines`, and destroying one removes only its roles. The `roleTags` prop of a construct
   * the stack owns is always exclusive.
   * @default false
   */
  readonly exclusive?: boolean;
}

/** The names of {@link RoleTagProps}, checked at synth (an unknown prop is an error). */
const ROLE_TAG_PROPS = propNames<RoleTagProps>({ resource: true, roles: true, exclusive: true });

/**
 * Roles tagged on one resource path: the ones this stack manages there, or (with `exclusive`) the
 * complete list. Any taggable construct also takes a `roleTags` prop, which creates an exclusive
 * one of these as its child.
 *
 * Manta directories and objects carry their role tags themselves (the `role-tag` header), as do
 * images (whose path is known only after apply), so they are not tagged through this construct.
 */
export class RoleTag extends TritonResource {
  readonly kind = 'role-tag' as const;
  /** The canonical path tagged. */
  readonly path: string;
  private readonly target: ITaggable | undefined;
  private readonly roles: readonly (IRole | string)[];
  private readonly exclusive: boolean;

  constructor(scope: Construct, id: string, props: RoleTagProps) {
    super(scope, id, props, ROLE_TAG_PROPS);
    if (typeof props.resource === 'string') {
      this.path = canonicalRoleTagPath(this.node.path, props.resource, this.stack.account);
    } else if (props.resource && typeof props.resource.roleTagPath === 'string') {
      this.path = props.resource.roleTagPath;
      this.target = props.resource;
    } else {
      fail(
        this.node.path,
        'resource',
        String(props.resource),
        'must be a taggable construct or a path such as /my/machines',
      );
    }
    // Required here (an empty list clears the tags), unlike the optional `roleTags` of other constructs.
    if (props.roles === undefined)
      fail(
        this.node.path,
        'roles',
        undefined,
        'is required: an array of roles or role names (an empty one clears the tags)',
      );
    checkRoleRefs(this.node.path, 'roles', props.roles);
    if (props.exclusive !== undefined && typeof props.exclusive !== 'boolean')
      fail(this.node.path, 'exclusive', String(props.exclusive), 'must be true or false');
    this.roles = [...props.roles];
    this.exclusive = props.exclusive === true;
  }

  get naturalKey(): string {
    return this.path;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'resource';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const { names, deps } = resolveRoleRefs(ctx, this.roles);
    const properties: RoleTagProperties = { path: this.path, roles: names, exclusive: this.exclusive };
    const target = TritonResource.isResource(this.target) ? this.target : managedTarget(ctx, this.path);
    return { properties: { ...properties }, dependsOn: [...deps, target] };
  }
}

/**
 * The canonical form of a role-tag path: `/my` replaced by the account, the account checked, and the
 * collection one that takes role tags.
 */
function canonicalRoleTagPath(at: string, raw: string, account: string): string {
  if (typeof raw !== 'string' || !raw.startsWith('/'))
    fail(at, 'resource', raw, 'must be an absolute path such as /my/machines');
  const segments = raw.slice(1).split('/');
  if (segments[0] === 'my') segments[0] = account;
  const path = `/${segments.join('/')}`;
  // The shared rule (also the manifest validator's); the message shows the path as given.
  const rule = roleTagPathRule(path, account);
  if (rule !== undefined) fail(at, 'resource', raw, rule);
  return path;
}

/** The managed resource a string path names, so the tag is set after it exists. */
function managedTarget(ctx: RenderContext, path: string): TritonResource | undefined {
  const [, , collection, item, sub, key] = path.split('/');
  if (item === undefined) return undefined;
  const byCollection: { readonly [c: string]: ResourceKind } = {
    users: 'user',
    roles: 'role',
    policies: 'policy',
    keys: 'key',
  };
  if (collection === 'users' && sub === 'keys')
    return key === undefined
      ? ctx.find('user', item.toLowerCase())
      : ctx.find('user-key', `${item.toLowerCase()}/${key}`);
  const kind = byCollection[collection ?? ''];
  if (kind === undefined) return undefined;
  return ctx.find(kind, kind === 'user' ? item.toLowerCase() : item);
}
