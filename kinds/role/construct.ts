/**
 * `Role`: members and the policies that apply to them.
 */
import type { Construct } from 'constructs';
import type { RoleMember, RoleProperties } from '../../common/resource-properties.js';
import { checkDeclaredPolicyName, checkDeclaredRoleName, checkLogin } from '../../common/rules/index.js';
import { ValidationError } from '../../constructs/errors.js';
import type { IAccountMember, IAccountOwner, IPolicy, IRole, ITaggable, IUser } from '../../constructs/interfaces.js';
import { TritonResource, type RenderContext, type RenderedResource } from '../../constructs/resource.js';
import type { ResourceOptionProps } from '../../constructs/resource-options.js';
import { tagOwnedResource } from '../../constructs/private/role-tagging/owned-role-tags.js';
import { compareStrings, sortedUnique } from '../../constructs/private/canonical.js';
import { fail, showValue } from '../../constructs/private/problems.js';
import { ImportedRole } from '../../constructs/private/imported.js';
import { propNames } from '../../constructs/private/known-props.js';

/**
 * A role member: a `User` of the stack, the login of a sub-user the stack does not manage,
 * `Role.ACCOUNT_OWNER`, or another account, `Role.account(login)`.
 */
export type RoleMemberRef = IUser | string | IAccountOwner | IAccountMember;

/** Props of a {@link Role}. */
export interface RoleProps extends ResourceOptionProps {
  /**
   * The role name, unique in the account; not `true`.
   * @default - the construct id
   */
  readonly name?: string;
  /**
   * Members for whom the role is not active unless they ask for it (`as-role`, the `Role` header).
   * @default - none
   */
  readonly members?: readonly RoleMemberRef[];
  /**
   * Members for whom the role is active by default. They are members too; listing one in both
   * props is allowed.
   * @default - none
   */
  readonly defaultMembers?: readonly RoleMemberRef[];
  /**
   * Policies, as `Policy` objects or names. A role named `administrator` must have none.
   * @default - none
   */
  readonly policies?: readonly (IPolicy | string)[];
  /**
   * Roles to tag this role with (a `RoleTag` child on `/<account>/roles/<name>`).
   * @default - the role's tags are not managed
   */
  readonly roleTags?: readonly (IRole | string)[];
}

/** The names of {@link RoleProps}, checked at synth (an unknown prop is an error). */
const ROLE_PROPS = propNames<RoleProps>({
  name: true,
  members: true,
  defaultMembers: true,
  policies: true,
  roleTags: true,
});

/** A role of the stack's account. Members and policies are managed as complete lists. */
export class Role extends TritonResource implements IRole, ITaggable {
  /**
   * An existing role the stack does not manage, for use in role tags. Creates nothing; the name is
   * checked.
   */
  static fromName(scope: Construct, id: string, name: string): IRole & ITaggable {
    const problem = checkDeclaredRoleName(name);
    if (problem) throw new ValidationError(`${scope.node.path}/${id}: ${problem}`);
    return new ImportedRole(scope, id, name);
  }

  /** The account owner, as a member. */
  static readonly ACCOUNT_OWNER: IAccountOwner = Object.freeze({ accountOwner: true as const });

  /**
   * Another account, by login, as a member: CloudAPI accepts any existing account, whose owner
   * then acts on this account's resources under the role by asking for it (`as-role`). The login
   * is checked here; that the account exists, only at apply.
   */
  static account(login: string): IAccountMember {
    const problem = checkLogin(login);
    if (problem) throw new ValidationError(`Role.account(${JSON.stringify(login)}): ${problem}`);
    return Object.freeze({ accountLogin: login });
  }

  readonly kind = 'role' as const;
  /** The role name. */
  readonly roleName: string;
  private readonly members: readonly RoleMemberRef[];
  private readonly defaultMembers: readonly RoleMemberRef[];
  private readonly policies: readonly (IPolicy | string)[];

  constructor(scope: Construct, id: string, props: RoleProps = {}) {
    super(scope, id, props, ROLE_PROPS);
    const at = this.node.path;
    const name = props.name ?? id;
    const nameProblem = checkDeclaredRoleName(name);
    if (nameProblem) throw new ValidationError(`${at}: ${nameProblem}`);
    this.members = checkMembers(at, 'members', props.members ?? []);
    this.defaultMembers = checkMembers(at, 'defaultMembers', props.defaultMembers ?? []);
    const policies = props.policies ?? [];
    if (!Array.isArray(policies)) fail(at, 'policies', policies, 'must be an array of policies or policy names');
    policies.forEach((p, i) => {
      if (typeof p === 'string') {
        const problem = checkDeclaredPolicyName(p);
        if (problem) throw new ValidationError(`${at}: policies[${i}]: ${problem}`);
      } else if (typeof p !== 'object' || p === null || typeof p.policyName !== 'string') {
        fail(at, `policies[${i}]`, String(p), 'must be a Policy or a policy name');
      }
    });
    if (name === 'administrator' && policies.length > 0) {
      fail(
        at,
        'policies',
        policies.map(policyName),
        'the role named "administrator" cannot have policies (it is the account\'s built-in all-access role)',
      );
    }
    this.roleName = name;
    this.policies = [...policies];
    this.node.addValidation({ validate: () => this.otherAccountUserProblems() });
    tagOwnedResource(this, props.roleTags);
  }

  get naturalKey(): string {
    return this.roleName;
  }

  /**
   * A sub-user of another account cannot be a member: CloudAPI takes another account only as a
   * whole (its owner, `type: account`), and looks a sub-user member up in the role's own account.
   */
  private otherAccountUserProblems(): string[] {
    const problems: string[] = [];
    for (const [field, list] of [
      ['members', this.members],
      ['defaultMembers', this.defaultMembers],
    ] as const) {
      list.forEach((m, i) => {
        if (!TritonResource.isResource(m) || m.kind !== 'user' || m.stack.account === this.stack.account) return;
        problems.push(
          `${this.node.path}: ${field}[${i}]: ${m.address} is a sub-user of account ${m.stack.account}, not of ${this.stack.account}: a role takes sub-users of its own account only, and another account as a whole (its Account object or Role.account(${JSON.stringify(m.stack.account)}))`,
        );
      });
    }
    return problems;
  }

  /** @internal */
  get naturalKeyField(): string {
    return 'name';
  }

  /** `/<account>/roles/<name>`. */
  get roleTagPath(): string {
    return `/${this.stack.account}/roles/${this.roleName}`;
  }

  /** @internal */
  renderResource(ctx: RenderContext): RenderedResource {
    const deps: (TritonResource | undefined)[] = [];
    const byKey = new Map<string, RoleMember>();
    const add = (ref: RoleMemberRef, isDefault: boolean): void => {
      let member: RoleMember;
      if (isAccountOwner(ref)) {
        member = { type: 'account', login: ctx.account, default: isDefault };
      } else if (isAccountMember(ref)) {
        // Another stack's Account object: the role's stack goes after it.
        if (TritonResource.isResource(ref)) deps.push(ref);
        member = { type: 'account', login: ref.accountLogin, default: isDefault };
      } else if (typeof ref === 'string') {
        const managed = ctx.find('user', ref.toLowerCase()) as (TritonResource & IUser) | undefined;
        deps.push(managed);
        member = { type: 'subuser', login: managed?.login ?? ref, default: isDefault };
      } else {
        deps.push(TritonResource.isResource(ref) ? ref : ctx.find('user', ref.login.toLowerCase()));
        member = { type: 'subuser', login: ref.login, default: isDefault };
      }
      const key = `${member.type}/${member.login.toLowerCase()}`;
      const seen = byKey.get(key);
      byKey.set(key, seen === undefined ? member : { ...seen, default: seen.default || isDefault });
    };
    for (const m of this.members) add(m, false);
    for (const m of this.defaultMembers) add(m, true);
    const members = [...byKey.values()].sort(
      (a, b) => compareStrings(a.type, b.type) || compareStrings(a.login, b.login),
    );
    const policies = this.policies.map((p) => {
      const name = policyName(p);
      deps.push(TritonResource.isResource(p) ? p : ctx.find('policy', name));
      return name;
    });
    const properties: RoleProperties = { name: this.roleName, members, policies: sortedUnique(policies) };
    return { properties: { ...properties }, dependsOn: deps };
  }
}

function isAccountOwner(ref: RoleMemberRef): ref is IAccountOwner {
  return typeof ref === 'object' && ref !== null && (ref as IAccountOwner).accountOwner === true;
}

function isAccountMember(ref: RoleMemberRef): ref is IAccountMember {
  return typeof ref === 'object' && ref !== null && typeof (ref as IAccountMember).accountLogin === 'string';
}

function policyName(p: IPolicy | string): string {
  return typeof p === 'string' ? p : p.policyName;
}

function checkMembers(at: string, field: string, members: readonly RoleMemberRef[]): readonly RoleMemberRef[] {
  if (!Array.isArray(members))
    fail(at, field, members, 'must be an array of users, logins, Role.ACCOUNT_OWNER or Role.account(login)');
  members.forEach((m, i) => {
    if (typeof m === 'string') {
      const problem = checkLogin(m);
      if (problem) throw new ValidationError(`${at}: ${field}[${i}]: ${problem}`);
    } else if (isAccountMember(m)) {
      const problem = checkLogin(m.accountLogin);
      if (problem) throw new ValidationError(`${at}: ${field}[${i}]: account ${problem}`);
    } else if (!isAccountOwner(m) && (typeof m !== 'object' || m === null || typeof (m as IUser).login !== 'string')) {
      fail(at, `${field}[${i}]`, showValue(m), 'must be a User, a login, Role.ACCOUNT_OWNER or Role.account(login)');
    }
  });
  return [...members];
}
