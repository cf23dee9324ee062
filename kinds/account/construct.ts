/**
 * `Account`: the stack account's own updatable fields.
 */
import type { Construct } from 'constructs';
import type { AccountProperties, ProfileFields } from '../../common/resource-properties.js';
import { checkEmail } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IAccountMember, IRole, ITaggable } from '../../constructs/interfaces.js';
import { TritonResource, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { tagOwnedResource } from '../../constructs/private/role-tagging/owned-role-tags.js';
import { fail } from '../../constructs/private/problems.js';
import { PROFILE_PROP_NAMES, profileFields } from '../../constructs/private/profile.js';
import { propNames } from '../../constructs/private/known-props.js';

/** Props of an {@link Account}. Every field is optional: unset fields are left as they are. */
export interface AccountProps extends ProfileFields, ResourceOptionProps {
  /**
   * The account's email address.
   * @default - not managed
   */
  readonly email?: string;
  /**
   * Whether the name service (CNS) is enabled for the account (`svc_cns_enabled` on the wire).
   * @default - not managed
   */
  readonly nameServiceEnabled?: boolean;
  /**
   * Roles to tag the account itself with (a `RoleTag` child on `/<account>`).
   * @default - the account's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link AccountProps}, checked at synth (an unknown prop is an error). */
const ACCOUNT_PROPS = propNames<AccountProps>({
  ...PROFILE_PROP_NAMES,
  email: true,
  nameServiceEnabled: true,
  roleTags: true,
});

/**
 * The stack's account (at most one per stack). The login cannot be changed. As a role member of
 * another stack's account (`members: [account]`), it stands for this account's owner: CloudAPI takes
 * other accounts as members, and the role's stack is then applied after this one.
 */
export class Account extends TritonResource implements ITaggable, IAccountMember {
  readonly kind = 'account' as const;
  private readonly properties: AccountProperties;

  constructor(scope: Construct, id: string, props: AccountProps = {}) {
    super(scope, id, props, ACCOUNT_PROPS);
    const at = this.node.path;
    if (props.email !== undefined) {
      const problem = checkEmail(props.email);
      if (problem) throw new ValidationError(`${at}: ${problem}`);
    }
    if (props.nameServiceEnabled !== undefined && typeof props.nameServiceEnabled !== 'boolean') {
      fail(at, 'nameServiceEnabled', props.nameServiceEnabled, 'must be true or false');
    }
    this.properties = {
      ...profileFields(at, props),
      ...(props.email !== undefined ? { email: props.email } : {}),
      ...(props.nameServiceEnabled !== undefined ? { svc_cns_enabled: props.nameServiceEnabled } : {}),
    };
    tagOwnedResource(this, props.roleTags);
  }

  get naturalKey(): string {
    return this.stack.account;
  }

  /** The account's login, as a role member. */
  get accountLogin(): string {
    return this.stack.account;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'account';
  }

  /** `/<account>`. */
  get roleTagPath(): string {
    return `/${this.stack.account}`;
  }

  /** @internal */
  renderResource(): RenderedResource {
    return { properties: { ...this.properties } };
  }
}
