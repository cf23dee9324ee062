/**
 * `AccessKey`: an S3-style access key of the account, or of a sub-user (`user`). The server
 * returns its secret once, at create; the apply writes it to the one destination the stack names
 * (`secretTo`) and records only where it went.
 */
import type { Construct } from 'constructs';
import type { AccessKeyProperties, UserAccessKeyProperties } from '../../common/resource-properties.js';
import { checkLogin } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IRole, IUser } from '../../constructs/interfaces.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { ancestorDirectories, mantaPath } from '../../constructs/private/manta-path.js';
import { fail } from '../../constructs/private/problems.js';
import { checkRoleRefs, resolveRoleRefs } from '../../constructs/private/role-refs.js';
import { propNames } from '../../constructs/private/known-props.js';
import { stringDefault } from '../../common/kinds/defaults.js';
import { accessKey as accessKeyKind } from './descriptor.js';

/** The longest description the server keeps. */
const MAX_DESCRIPTION = 150;

/**
 * Where the secret goes, once, at create: a local `file` (made with mode 0600; relative to the
 * directory of the synth, without `..`), or a Manta `object` readable by the `roleTags` roles.
 */
export type AccessKeySecretDestination =
  | {
      /** Local file path; the directory must exist. */
      readonly file: string;
      /**
       * Replace an existing file (atomically, by a rename) instead of refusing it.
       * @default false
       */
      readonly overwrite?: boolean;
    }
  | {
      /** Manta object path, below `/<login>/stor` (`~~/` stands for `/<login>/`); `/<login>/public` is refused: anyone may read it. */
      readonly object: string;
      /**
       * Roles tagged on the object: who besides the account may read the secret.
       * @default - none
       */
      readonly roleTags?: readonly (IRole | string)[];
      /**
       * Replace an existing object instead of refusing it.
       * @default false
       */
      readonly overwrite?: boolean;
    };

/** Props of an {@link AccessKey}. */
export interface AccessKeyProps extends ResourceOptionProps {
  /**
   * The owner: a `User` of the stack, or the login of a sub-user the stack does not manage.
   * @default - the account itself
   */
  readonly user?: IUser | string;
  /**
   * What the key is for (1 to 150 characters). It names the key: two keys of one owner need two
   * descriptions (rotation is a second key with a new description, then removing the first).
   */
  readonly description: string;
  /**
   * `Active` (it signs requests) or `Inactive` (disabled, kept).
   * @default 'Active'
   */
  readonly status?: 'Active' | 'Inactive';
  /** Where the secret is handed over, once, at create. A change makes a new key (handed over there). */
  readonly secretTo: AccessKeySecretDestination;
}

/** The names of {@link AccessKeyProps}, checked at synth (an unknown prop is an error). */
const ACCESS_KEY_PROPS = propNames<AccessKeyProps>({ user: true, description: true, status: true, secretTo: true });

/** The checked destination. */
interface RenderedDestination {
  readonly file?: string;
  readonly object?: string;
  readonly roleTags?: readonly (IRole | string)[];
  readonly overwrite: boolean;
}

/**
 * An access key of the account or of a sub-user (the S3-style keys of recent CloudAPI). Status and
 * description change in place; any other change makes a new key.
 */
export class AccessKey extends TritonResource {
  readonly kind: 'access-key' | 'user-access-key';
  /** The owner's login, for a sub-user's key. */
  readonly userLogin: string | undefined;
  /** The description, which names the key. */
  readonly description: string;
  private readonly owner: IUser | undefined;
  private readonly status: 'Active' | 'Inactive';
  private readonly destination: RenderedDestination;

  constructor(scope: Construct, id: string, props: AccessKeyProps) {
    super(scope, id, props, ACCESS_KEY_PROPS);
    const at = this.node.path;
    if (props.user === undefined) {
      this.kind = 'access-key';
      this.userLogin = undefined;
    } else if (typeof props.user === 'string') {
      const problem = checkLogin(props.user);
      if (problem) throw new ValidationError(`${at}: user: ${problem}`);
      this.kind = 'user-access-key';
      this.userLogin = props.user;
    } else if (typeof props.user === 'object' && props.user !== null && typeof props.user.login === 'string') {
      this.kind = 'user-access-key';
      this.userLogin = props.user.login;
      this.owner = props.user;
    } else {
      fail(at, 'user', String(props.user), 'must be a User, a login, or absent for the account itself');
    }
    if (typeof props.description !== 'string' || props.description.length === 0)
      fail(at, 'description', props.description, 'must be a non-empty string: it names the key');
    if (props.description.length > MAX_DESCRIPTION)
      fail(
        at,
        'description',
        props.description,
        `must be at most ${MAX_DESCRIPTION} characters (it has ${props.description.length})`,
      );
    this.description = props.description;
    const status = props.status ?? (stringDefault(accessKeyKind, 'status') as 'Active');
    if (status !== 'Active' && status !== 'Inactive') fail(at, 'status', status, 'must be "Active" or "Inactive"');
    this.status = status;
    this.destination = this.checkDestination(at, props.secretTo);
  }

  private checkDestination(at: string, to: AccessKeySecretDestination | undefined): RenderedDestination {
    if (typeof to !== 'object' || to === null)
      fail(at, 'secretTo', to, 'must say where the secret goes, { file } or { object }: the server returns it once');
    const given = ['file', 'object'].filter((k) => (to as unknown as Record<string, unknown>)[k] !== undefined);
    if (given.length !== 1) fail(at, 'secretTo', Object.keys(to), 'must have exactly one of "file" and "object"');
    const known = new Set(['file', 'object', 'overwrite', 'roleTags']);
    for (const k of Object.keys(to)) if (!known.has(k)) fail(at, `secretTo.${k}`, k, 'is not a field of secretTo');
    if (to.overwrite !== undefined && typeof to.overwrite !== 'boolean')
      fail(at, 'secretTo.overwrite', to.overwrite, 'must be true or false');
    const overwrite = to.overwrite === true;
    if ('file' in to && to.file !== undefined) {
      const file = to.file;
      if (typeof file !== 'string' || file.trim() === '') fail(at, 'secretTo.file', file, 'must be a non-empty path');
      if (file.includes('\0')) fail(at, 'secretTo.file', file, 'must not contain a NUL character');
      if (file.endsWith('/') || file.endsWith('\\'))
        fail(at, 'secretTo.file', file, 'must name a file, not a directory');
      if (!file.startsWith('/') && file.split(/[\\/]/).includes('..'))
        fail(
          at,
          'secretTo.file',
          file,
          'must not climb out of the project directory with ".."; give an absolute path for a file elsewhere',
        );
      if ('roleTags' in to && to.roleTags !== undefined)
        fail(at, 'secretTo.roleTags', to.roleTags, 'applies to an object destination only');
      return { file, overwrite };
    }
    const o = to as { object: string; roleTags?: readonly (IRole | string)[] };
    const path = mantaPath(at, 'secretTo.object', o.object, this.stack.account, true);
    // Anyone on the internet may read below /<login>/public: a secret there is a published secret.
    if (path.startsWith(`/${this.stack.account}/public/`))
      fail(
        at,
        'secretTo.object',
        o.object,
        `must be below /${this.stack.account}/stor: objects below /${this.stack.account}/public are readable by anyone, and the secret must not be`,
      );
    checkRoleRefs(at, 'secretTo.roleTags', o.roleTags);
    return { object: path, roleTags: [...(o.roleTags ?? [])], overwrite };
  }

  get naturalKey(): string {
    return this.userLogin === undefined ? this.description : `${this.userLogin.toLowerCase()}/${this.description}`;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'description';
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const deps: (TritonResource | undefined)[] = [];
    const d = this.destination;
    let secretTo: AccessKeyProperties['secretTo'];
    if (d.object !== undefined) {
      deps.push(...ancestorDirectories(d.object).map((p) => ctx.find('directory', p)));
      const roles = resolveRoleRefs(ctx, d.roleTags ?? []);
      deps.push(...roles.deps);
      secretTo = { object: d.object, ...(roles.names.length > 0 ? { roleTags: roles.names } : {}) };
    } else {
      secretTo = { file: d.file! };
    }
    const common: AccessKeyProperties = {
      description: this.description,
      status: this.status,
      secretTo,
      overwriteSecret: d.overwrite,
    };
    if (this.userLogin === undefined) return { properties: { ...common }, dependsOn: deps };
    const owner = TritonResource.isResource(this.owner) ? this.owner : ctx.find('user', this.userLogin.toLowerCase());
    const properties: UserAccessKeyProperties = { user: this.userLogin, ...common };
    return { properties: { ...properties }, dependsOn: [owner, ...deps] };
  }
}
