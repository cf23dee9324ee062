/**
 * The shapes constructs refer to each other by. Props take these (or a plain name for objects the
 * stack does not manage), never hand-typed ids.
 */
import type { IConstruct } from 'constructs';

/** A sub-user, as a role member or the owner of a key. */
export interface IUser extends IConstruct {
  /** The user's login. */
  readonly login: string;
}

/** A role, as a role-tag value. */
export interface IRole extends IConstruct {
  /** The role's name. */
  readonly roleName: string;
}

/** A policy, as attached to a role. */
export interface IPolicy extends IConstruct {
  /** The policy's name. */
  readonly policyName: string;
}

/** A CloudAPI resource that role tags can be set on (SetRoleTags on its path). */
export interface ITaggable extends IConstruct {
  /** Canonical path of the resource, e.g. `/acme/users/bob`. */
  readonly roleTagPath: string;
}

/** The account owner as a role member: `Role.ACCOUNT_OWNER`. */
export interface IAccountOwner {
  /** Marks the account-owner member. */
  readonly accountOwner: true;
}

/**
 * Another account as a role member, by its login: `Role.account('partner')`. That account then
 * acts on the stack's account under the role (`triton --act-as <account> --role <role>`).
 */
export interface IAccountMember {
  /** The member account's login. */
  readonly accountLogin: string;
}
