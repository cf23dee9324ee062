/**
 * Stand-ins for objects the stack does not manage (`User.fromLogin`, `Role.fromName`,
 * `Policy.fromName`): they can be passed wherever a construct is accepted, render as the name, and
 * create nothing.
 */
import { Construct } from 'constructs';
import type { IPolicy, IRole, ITaggable, IUser } from '../interfaces.js';
import { stackOf } from './stack-marker.js';

/** An existing sub-user, by login. */
export class ImportedUser extends Construct implements IUser, ITaggable {
  readonly login: string;
  readonly roleTagPath: string;

  constructor(scope: Construct, id: string, login: string) {
    super(scope, id);
    this.login = login;
    this.roleTagPath = `/${stackOf(this, 'User.fromLogin').account}/users/${login}`;
  }
}

/** An existing role, by name. */
export class ImportedRole extends Construct implements IRole, ITaggable {
  readonly roleName: string;
  readonly roleTagPath: string;

  constructor(scope: Construct, id: string, name: string) {
    super(scope, id);
    this.roleName = name;
    this.roleTagPath = `/${stackOf(this, 'Role.fromName').account}/roles/${name}`;
  }
}

/** An existing policy, by name. */
export class ImportedPolicy extends Construct implements IPolicy, ITaggable {
  readonly policyName: string;
  readonly roleTagPath: string;

  constructor(scope: Construct, id: string, name: string) {
    super(scope, id);
    this.policyName = name;
    this.roleTagPath = `/${stackOf(this, 'Policy.fromName').account}/policies/${name}`;
  }
}
