import { decideAccess, type AccessMembership, type AccessPolicy, type AccessRole } from '../../common/access/index.js';
import type { AuthResult } from './auth/verify.js';
import type { AccountState } from './store/account-state.js';
import type { RoleRecord } from './store/records.js';

/** The request being authorised. */
export interface AuthorizeInput {
  /** Who signed the request. */
  readonly auth: AuthResult;
  /**
   * The account whose resource is requested, when it is not the signer's: another account that
   * made the signer's account a member of one of its roles. @default the signer's account
   */
  readonly owner?: AccountState;
  /** The role names tagged on the resource (and, for an item, on its collection). */
  readonly resourceTags: readonly string[];
  /** The lower-case action, e.g. `getuser`, `listusers`, `getobject`. */
  readonly action: string;
  /** Roles the request asks to take up (`as-role` or Manta's `Role` header); replaces the defaults. */
  readonly requestedRoles?: readonly string[];
  /** The resource path, for rules that name resources. */
  readonly resource: string;
  /** The request time (ms), for `time`, `day` and `date` conditions. */
  readonly now: number;
  readonly sourceIp?: string;
  readonly method?: string;
  readonly userAgent?: string;
  /** True for a read a compute job makes on the caller's behalf (the `fromjob` condition). @default false */
  readonly fromjob?: boolean;
  /** Further request values for conditions that name their type (`datacenter::string = …`). */
  readonly conditions?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** The decision; a denial says why so the service can pick its error. */
export type AuthorizeResult =
  | { readonly allowed: true; readonly activeRoles: readonly string[] }
  /** The request named a role the user is not a member of. */
  | { readonly allowed: false; readonly reason: 'notMember'; readonly role: string }
  /** No active, tagged role has a rule granting the action (or a rule denies it). */
  | { readonly allowed: false; readonly reason: 'denied' };

/**
 * CloudAPI's RBAC decision (cloudapi.md, Access-control rules 2): the account owner may do
 * anything with its own resources; a sub-user, or another account that is a member of one of the
 * owner's roles (sdc-cloudapi lib/auth.js, `rolesOnAccount`), only when the resource carries a role
 * tag, that role is active for the caller, and a rule of one of its policies grants the action with
 * its conditions met. The decision itself is common/access `decideAccess`, the one `triton-iac can`
 * explains with; this maps the store's records (members and policies by id) onto it.
 */
export function authorize(input: AuthorizeInput): AuthorizeResult {
  const { auth } = input;
  const owner = input.owner ?? auth.account;
  if (auth.user === undefined && owner === auth.account) return { allowed: true, activeRoles: [] };
  const userId = auth.user?.id ?? auth.account.account.id;
  const roles = owner.roles.currentAll();
  const memberships: AccessMembership[] = [];
  for (const role of roles) {
    const member = role.members.find((m) => m.id === userId);
    if (member !== undefined) memberships.push({ role: role.name, default: member.default });
  }
  const decision = decideAccess({
    principal: auth.user?.login ?? auth.account.account.login,
    memberships,
    role: (name) =>
      accessRole(
        owner,
        roles.find((r) => r.name === name),
      ),
    resourceTags: input.resourceTags,
    ...(input.requestedRoles !== undefined ? { requestedRoles: input.requestedRoles } : {}),
    context: {
      action: input.action,
      now: new Date(input.now),
      owner: owner.account.login,
      ...(input.sourceIp !== undefined ? { sourceIp: input.sourceIp } : {}),
      ...(input.method !== undefined ? { method: input.method } : {}),
      ...(input.userAgent !== undefined ? { userAgent: input.userAgent } : {}),
      ...(input.fromjob !== undefined ? { fromjob: input.fromjob } : {}),
      ...(input.conditions !== undefined ? { conditions: input.conditions } : {}),
    },
  });
  if (decision.allowed) return { allowed: true, activeRoles: decision.activeRoles };
  if (decision.failure === 'not-member') return { allowed: false, reason: 'notMember', role: decision.role! };
  return { allowed: false, reason: 'denied' };
}

/** A stored role of `owner` as the shared evaluator takes it: its name and its policies' rules (policies gone are skipped). */
export function accessRole(owner: AccountState, role: RoleRecord | undefined): AccessRole | undefined {
  if (role === undefined) return undefined;
  const policies: AccessPolicy[] = [];
  for (const id of role.policies) {
    const policy = owner.policies.current(id);
    if (policy !== undefined) policies.push({ name: policy.name, rules: policy.rules });
  }
  return { name: role.name, policies };
}
