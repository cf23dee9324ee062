/**
 * `UserKey`: an SSH public key of a sub-user.
 */
import type { Construct } from 'constructs';
import type { UserKeyProperties } from '../../common/resource-properties.js';
import { checkKeyName, checkLogin } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IRole, ITaggable, IUser } from '../../constructs/interfaces.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { tagOwnedResource } from '../../constructs/private/owned-role-tags.js';
import { fail } from '../../constructs/private/problems.js';
import { loadPublicKey } from '../../constructs/private/ssh-key.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of a {@link UserKey}. */
export interface UserKeyProps extends ResourceOptionProps {
  /** The owner: a `User` of the stack, or the login of a sub-user the stack does not manage. */
  readonly user: IUser | string;
  /**
   * The OpenSSH public key (`ssh-ed25519 AAAA… comment`). Give this or `keyFile`.
   * @default - read from `keyFile`
   */
  readonly key?: string;
  /**
   * Path to a `.pub` file, read at synth. Give this or `key`.
   * @default - `key` is used
   */
  readonly keyFile?: string;
  /**
   * The key's name.
   * @default - the server uses the key's comment, then its fingerprint
   */
  readonly name?: string;
  /**
   * Roles to tag the key with (a `RoleTag` child).
   * @default - the key's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link UserKeyProps}, checked at synth (an unknown prop is an error). */
const USER_KEY_PROPS = propNames<UserKeyProps>({ user: true, key: true, keyFile: true, name: true, roleTags: true });

/** An SSH key of a sub-user. Keys cannot be edited: a changed key is a new key. */
export class UserKey extends TritonResource implements ITaggable {
  readonly kind = 'user-key' as const;
  /** The owner's login. */
  readonly userLogin: string;
  /** Colon-hex MD5 fingerprint. */
  readonly fingerprint: string;
  private readonly owner: IUser | undefined;
  private readonly keyLine: string;
  private readonly keyName: string | undefined;

  constructor(scope: Construct, id: string, props: UserKeyProps) {
    super(scope, id, props, USER_KEY_PROPS);
    const at = this.node.path;
    if (typeof props.user === 'string') {
      const problem = checkLogin(props.user);
      if (problem) throw new ValidationError(`${at}: user: ${problem}`);
      this.userLogin = props.user;
    } else if (props.user && typeof props.user.login === 'string') {
      this.userLogin = props.user.login;
      this.owner = props.user;
    } else {
      fail(at, 'user', String(props.user), 'must be a User or a login');
    }
    if (props.name !== undefined && (typeof props.name !== 'string' || props.name.length === 0))
      fail(at, 'name', props.name, 'must be a non-empty string');
    const nameProblem = props.name === undefined ? undefined : checkKeyName(props.name);
    if (nameProblem !== undefined) throw new ValidationError(`${at}: name: ${nameProblem}`);
    const parsed = loadPublicKey(at, props.key, props.keyFile);
    this.keyLine = parsed.line;
    this.fingerprint = parsed.fingerprint;
    this.keyName = props.name;
    tagOwnedResource(this, props.roleTags);
  }

  /** The OpenSSH public key line (what an Instance's `rootAuthorizedKeys` writes). */
  get publicKey(): string {
    return this.keyLine;
  }

  get naturalKey(): string {
    return `${this.userLogin.toLowerCase()}/${this.fingerprint}`;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'key';
  }

  /** `/<account>/users/<login>/keys/<fingerprint>`. */
  get roleTagPath(): string {
    return `/${this.stack.account}/users/${this.userLogin}/keys/${this.fingerprint}`;
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const owner = TritonResource.isResource(this.owner) ? this.owner : ctx.find('user', this.userLogin.toLowerCase());
    const properties: UserKeyProperties = {
      user: this.userLogin,
      key: this.keyLine,
      fingerprint: this.fingerprint,
      ...(this.keyName !== undefined ? { name: this.keyName } : {}),
    };
    return { properties: { ...properties }, dependsOn: [owner] };
  }
}
