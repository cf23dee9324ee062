/**
 * `User`: a sub-user of the account.
 */
import type { Construct } from 'constructs';
import { VALUE_NOT_SHOWN } from '../../common/kinds/index.js';
import type { ProfileFields, UserProperties } from '../../common/resource-properties.js';
import { checkEmail, checkLogin } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IRole, ITaggable, IUser } from '../../constructs/interfaces.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { tagOwnedResource } from '../../constructs/private/role-tagging/owned-role-tags.js';
import { Secret } from '../../constructs/secret.js';
import { UserKey } from '../user-key/construct.js';
import { fail } from '../../constructs/private/problems.js';
import { PROFILE_PROP_NAMES, profileFields } from '../../constructs/private/profile.js';
import { loadPublicKey } from '../../constructs/private/ssh-key.js';
import { ImportedUser } from '../../constructs/private/imported.js';
import { propNames } from '../../constructs/private/known-props.js';

/** A key given to `User.keys`: the OpenSSH text, or an object naming the text or a file. */
export type UserKeySpec =
  | string
  | {
      /** The OpenSSH public key text. */
      readonly key?: string;
      /** Path to a `.pub` file. */
      readonly keyFile?: string;
      /** The key's name. */
      readonly name?: string;
    };

/** Props of a {@link User}. */
export interface UserProps extends ProfileFields, ResourceOptionProps {
  /** Login: 3–32 characters, a letter first, then letters, digits, `_`, `.`, `@`; not `local`. */
  readonly login: string;
  /** Email address (unique across the whole cloud). */
  readonly email: string;
  /**
   * Where the password comes from at apply time: `Secret.fromEnv('ALICE_PASSWORD')` or
   * `Secret.fromFile('secrets/alice')`. The password is set when the user is created and again
   * only when this setting changes (the live password cannot be read back to compare).
   * @default - `Secret.generated()`: a random password made at create time and kept nowhere, for
   * users who authenticate with keys only
   */
  readonly password?: Secret;
  /**
   * The user's SSH keys; each becomes a `UserKey` child with id `Key-<fingerprint hex>`, so the
   * address stays the same when the list is reordered.
   * @default - no keys managed through this prop
   */
  readonly keys?: readonly UserKeySpec[];
  /**
   * Roles to tag the user with (a `RoleTag` child on `/<account>/users/<login>`).
   * @default - the user's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link UserProps}, checked at synth (an unknown prop is an error). */
const USER_PROPS = propNames<UserProps>({
  ...PROFILE_PROP_NAMES,
  login: true,
  email: true,
  password: true,
  keys: true,
  roleTags: true,
});

/** A sub-user of the stack's account. */
export class User extends TritonResource implements IUser, ITaggable {
  /**
   * An existing sub-user the stack does not manage, for use as a role member, key owner or role-tag
   * target. Creates nothing; the login is checked.
   */
  static fromLogin(scope: Construct, id: string, login: string): IUser & ITaggable {
    const problem = checkLogin(login);
    if (problem) throw new ValidationError(`${scope.node.path}/${id}: ${problem}`);
    return new ImportedUser(scope, id, login);
  }

  readonly kind = 'user' as const;
  /** The login as declared. */
  readonly login: string;
  /** The keys created from `props.keys`. */
  readonly keys: readonly UserKey[];
  private readonly properties: UserProperties;

  constructor(scope: Construct, id: string, props: UserProps) {
    super(scope, id, props, USER_PROPS);
    const at = this.node.path;
    const loginProblem = checkLogin(props.login);
    if (loginProblem) throw new ValidationError(`${at}: ${loginProblem}`);
    const emailProblem = checkEmail(props.email);
    if (emailProblem) throw new ValidationError(`${at}: ${emailProblem}`);
    const password = props.password ?? Secret.generated();
    if (!(password instanceof Secret)) {
      // Never echo it: this is exactly the literal password the rule exists to keep out of files.
      fail(
        at,
        'password',
        undefined,
        `must be a Secret (Secret.fromEnv, Secret.fromFile or Secret.generated); a literal would be stored in the manifest ${VALUE_NOT_SHOWN}`,
        { withhold: true },
      );
    }
    this.login = props.login;
    this.properties = {
      login: props.login,
      email: props.email,
      password: password.toJSON(),
      ...profileFields(at, props),
    };
    const keys: UserKey[] = [];
    if (props.keys !== undefined && !Array.isArray(props.keys))
      fail(at, 'keys', props.keys, 'must be an array of public key strings or { key | keyFile, name? }');
    (props.keys ?? []).forEach((spec, i) => {
      const s = typeof spec === 'string' ? { key: spec } : spec;
      if (typeof s !== 'object' || s === null)
        fail(at, `keys[${i}]`, spec, 'must be a public key string or { key | keyFile, name? }');
      const { fingerprint } = loadPublicKey(`${at} keys[${i}]`, s.key, s.keyFile);
      keys.push(new UserKey(this, `Key-${fingerprint.replace(/:/g, '')}`, { user: this, ...s }));
    });
    this.keys = keys;
    tagOwnedResource(this, props.roleTags);
  }

  get naturalKey(): string {
    return this.login.toLowerCase();
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'login';
  }

  /** `/<account>/users/<login>`. */
  get roleTagPath(): string {
    return `/${this.stack.account}/users/${this.login}`;
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
