import { decideMantaActive } from '../../../common/access/index.js';
import type { AuthResult } from '../../core/auth/verify.js';
import { accessRole } from '../../core/rbac.js';
import type { IdentityStore } from '../../core/store/identity-store.js';
import type { AccountState } from '../../core/store/account-state.js';
import type { RoleRecord } from '../../core/store/records.js';
import { MantaError } from '../errors.js';

/** A role together with the account that owns it (a caller may hold roles of several accounts). */
export interface HeldRole {
  readonly owner: AccountState;
  readonly role: RoleRecord;
  readonly default: boolean;
}

/**
 * Every role the caller is a member of. A sub-user belongs to roles of its own account only; an
 * account may be a member of other accounts' roles (cross-account roles), which mahi hands muskie
 * in `caller.roles` next to the account's own.
 */
export function heldRoles(store: IdentityStore, auth: AuthResult): HeldRole[] {
  const memberId = auth.user?.id ?? auth.account.account.id;
  const accounts = auth.user !== undefined ? [auth.account] : store.allAccounts();
  const held: HeldRole[] = [];
  for (const owner of accounts) {
    for (const role of owner.roles.currentAll()) {
      const member = role.members.find((m) => m.id === memberId);
      if (member !== undefined) held.push({ owner, role, default: member.default });
    }
  }
  return held;
}

/**
 * The roles active for a request (muskie mantav1 lib/auth.js `getActiveRoles`). `requested` is the
 * role list the request asks for: a signed URL's `role` parameter when the URL is pre-signed (the
 * `Role` header is then ignored), else the `Role` header. `*` takes up every role a sub-user holds
 * in its account; any other name must be one the caller holds, in any account.
 * @throws MantaError 409 `InvalidRole` naming the first requested role the caller does not hold
 */
export function activeRoles(held: readonly HeldRole[], auth: AuthResult, requested: string | undefined): HeldRole[] {
  if (requested === undefined || requested === '') {
    // Sub-users get no default cross-account roles; they have none anyway (see heldRoles).
    return held.filter((h) => h.default);
  }
  if (requested === '*' && auth.user !== undefined) return held.filter((h) => h.owner === auth.account);
  const active: HeldRole[] = [];
  for (const name of requested.split(/\s*,\s*/)) {
    const matches = held.filter((h) => h.role.name === name);
    if (matches.length === 0) throw new MantaError(409, 'InvalidRole', `Role "${name}" is invalid.`);
    for (const m of matches) if (!active.includes(m)) active.push(m);
  }
  return active;
}

/** Everything {@link decideManta} needs about one request. */
export interface MantaAccessQuery {
  readonly auth: AuthResult;
  /** The account whose namespace the path names. */
  readonly owner: AccountState;
  readonly active: readonly HeldRole[];
  /** The lower-case action (`getobject`, `putobject`, `managejob`...). */
  readonly action: string;
  /** The path of the entry whose tags decide (the parent directory's for a new entry). */
  readonly resource: string;
  readonly resourceTags: readonly string[];
  readonly now: number;
  readonly sourceIp?: string;
  readonly method: string;
  readonly userAgent?: string;
  /** True when the write replaces an existing entry (muskie's `overwrite` condition). */
  readonly overwrite?: boolean;
  /** True for a read a compute job makes on its creator's behalf (the `fromjob` condition). */
  readonly fromjob?: boolean;
}

/** The outcome: allowed, or the Manta error to send. */
export type MantaAccessDecision = { readonly allowed: true } | { readonly allowed: false; readonly code: string };

/**
 * Manta's authorization of a request that is not the account owner's on its own namespace, as
 * node-mahi lib/client.js `authorize` decides it and muskie mantav1 lib/auth.js `authorize` maps its
 * errors. The decision is common/access `decideMantaActive`, the one `triton-iac can` explains with:
 * only active roles of the owning account count (the `administrator` role grants everything); a
 * role tagged on the resource contributes all its rules, an untagged one only its rules that name
 * resources, which then must match the path. No active role of the owner: `AuthorizationFailed`;
 * no contributing role: `NoMatchingRoleTag`; rules that do not grant: `AuthorizationFailed`.
 */
export function decideManta(query: MantaAccessQuery): MantaAccessDecision {
  const { auth, owner } = query;
  if (auth.user === undefined && auth.account === owner) return { allowed: true };
  const ownerRoles = query.active.filter((h) => h.owner === owner).map((h) => h.role);
  const decision = decideMantaActive({
    principal: auth.user?.login ?? auth.account.account.login,
    activeRoles: [...new Set(ownerRoles.map((r) => r.name))],
    role: (name) =>
      accessRole(
        owner,
        ownerRoles.find((r) => r.name === name),
      ),
    resourceTags: query.resourceTags,
    context: {
      action: query.action,
      resource: query.resource,
      now: new Date(query.now),
      method: query.method,
      owner: owner.account.login,
      overwrite: query.overwrite === true,
      fromjob: query.fromjob === true,
      ...(query.sourceIp !== undefined ? { sourceIp: query.sourceIp } : {}),
      ...(query.userAgent !== undefined ? { userAgent: query.userAgent } : {}),
    },
  });
  if (decision.allowed) return { allowed: true };
  const noMatchingRole = decision.failure === 'untagged' || decision.failure === 'no-tagged-active-role';
  return { allowed: false, code: noMatchingRole ? 'NoMatchingRoleTag' : 'AuthorizationFailed' };
}
