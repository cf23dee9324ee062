/**
 * CloudAPI's RBAC decision for one request, as pure data in and data out: the one evaluator that
 * the emulator enforces with and `triton-iac can` explains with, so the two cannot disagree.
 *
 * The order of the checks is the server's (sdc-cloudapi lib/auth.js `authorize`, then aperture in
 * mahi): the roles the request asks for (`as-role`, Manta's `Role` header) must each be a role the
 * caller is a member of, else the request fails before any policy is read; otherwise the active
 * roles are the caller's default roles. Then the four conditions of cloudapi.md (Access-control
 * rules 2): the resource carries a role tag, a tagged role is active, that role has a policy, and a
 * rule of the policy grants the action with its conditions met (a matching CAN NOT wins).
 *
 * Manta (`service: 'manta'`) decides as node-mahi lib/client.js `authorize` does for muskie, which
 * differs in three ways: `Role: *` takes up every role a sub-user holds; the `administrator` role
 * grants everything; and a role contributes all its rules when it is tagged on the resource, but
 * an untagged active role still contributes its rules that name resources (`CAN getobject *`,
 * `CAN getobject /acme/stor/site-*`), which then must match the path. The emulator's Manta calls
 * {@link decideMantaActive} with the roles it found active, so it and `can` share this code.
 */
import {
  policyRuleMatches,
  verdictOf,
  tryParsePolicyRule,
  type EvaluationContext,
  type PolicyRule,
} from '../policy-language/index.js';

/** One role the caller is a member of. */
export interface AccessMembership {
  readonly role: string;
  /** True when the role is active without `as-role` (a default member). */
  readonly default: boolean;
}

/** A policy as the decision reads it: its name and its rule texts. */
export interface AccessPolicy {
  readonly name: string;
  readonly rules: readonly string[];
}

/** A role as the decision reads it: its name and its policies (unknown policies left out). */
export interface AccessRole {
  readonly name: string;
  readonly policies: readonly AccessPolicy[];
}

/** Everything the decision needs about one request. */
export interface AccessQuery {
  /** The caller's login (for rules that name principals). */
  readonly principal: string;
  /** The roles the caller is a member of, in the account that owns the resource. */
  readonly memberships: readonly AccessMembership[];
  /** Looks up a role of the owning account by name. */
  readonly role: (name: string) => AccessRole | undefined;
  /** The role names that govern the resource (see `governingTags`). */
  readonly resourceTags: readonly string[];
  /** The roles the request takes up (`as-role`); empty or absent: the default roles. */
  readonly requestedRoles?: readonly string[];
  /** The action, the resource and the request values the rules' conditions read. */
  readonly context: EvaluationContext;
  /** Which server decides: Manta's rules differ (see the module comment). @default 'cloudapi' */
  readonly service?: 'cloudapi' | 'manta';
  /**
   * True when the caller is another account that is a member of the owner's roles (a cross-account
   * role), not a sub-user: Manta's `Role: *` then names no role.
   */
  readonly callerIsAccount?: boolean;
}

/** One role → policy → rule chain that grants (or, for a CAN NOT, denies) the action. */
export interface AccessGrant {
  readonly role: string;
  readonly policy: string;
  readonly rule: string;
}

/** Which of the server's conditions failed first. */
export type AccessFailure =
  /** `as-role` named a role the caller is not a member of. */
  | 'not-member'
  /** The caller has no active role (no default membership and no `as-role`). */
  | 'no-active-role'
  /** The resource (and its collection) carries no role tag. */
  | 'untagged'
  /** No active role is among the resource's role tags. */
  | 'no-tagged-active-role'
  /** The tagged active roles have no policy with a rule. */
  | 'no-policy'
  /** No rule grants the action (or its conditions are not met). */
  | 'no-matching-rule'
  /** A CAN NOT rule matches, and an explicit deny wins. */
  | 'explicit-deny';

/** The outcome, with what a person needs to understand it. */
export interface AccessDecision {
  readonly allowed: boolean;
  /** The roles active for the request. */
  readonly activeRoles: readonly string[];
  /** Active roles that are tagged on the resource. */
  readonly taggedActiveRoles: readonly string[];
  /** When allowed: every chain that grants; when denied by a CAN NOT: the denying chains. */
  readonly grants: readonly AccessGrant[];
  /** When denied: the first condition that failed. */
  readonly failure?: AccessFailure;
  /** With `not-member`: the role asked for. */
  readonly role?: string;
  /**
   * With `no-matching-rule`: rules of tagged active roles that name the action but whose
   * conditions do not hold for this request (why a rule that looks right does not grant).
   */
  readonly conditionFailed: readonly AccessGrant[];
}

const parsed = new Map<string, PolicyRule | null>();

/** Parses a rule once; a rule that does not parse grants nothing (the server refused it anyway). */
export function parsedRule(text: string): PolicyRule | undefined {
  let rule = parsed.get(text);
  if (rule === undefined) {
    const result = tryParsePolicyRule(text);
    rule = result.ok ? result.rule : null;
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(text, rule);
  }
  return rule ?? undefined;
}

/** The role name mahi treats as "may do anything in the owning account" (node-mahi lib/client.js). */
export const MANTA_ADMIN_ROLE = 'administrator';

/** Decides `query` the way CloudAPI and Manta do for a sub-user (see the module comment). */
export function decideAccess(query: AccessQuery): AccessDecision {
  const requested = (query.requestedRoles ?? []).filter((r) => r !== '');
  let active: string[];
  if (query.service === 'manta' && requested.length === 1 && requested[0] === '*' && query.callerIsAccount !== true) {
    // muskie mantav1 lib/auth.js getActiveRoles: `*` is every role the sub-user holds.
    active = [...new Set(query.memberships.map((m) => m.role))];
  } else if (requested.length > 0) {
    active = [];
    for (const name of requested) {
      if (!query.memberships.some((m) => m.role === name)) {
        return {
          allowed: false,
          activeRoles: [],
          taggedActiveRoles: [],
          grants: [],
          failure: 'not-member',
          role: name,
          conditionFailed: [],
        };
      }
      if (!active.includes(name)) active.push(name);
    }
  } else {
    active = query.memberships.filter((m) => m.default).map((m) => m.role);
  }
  if (query.service === 'manta') return decideMantaActive({ ...query, activeRoles: active });
  const tagged = active.filter((r) => query.resourceTags.includes(r));
  const base = { activeRoles: active, taggedActiveRoles: tagged, conditionFailed: [] as AccessGrant[] };
  if (query.resourceTags.length === 0) return { ...base, allowed: false, grants: [], failure: 'untagged' };
  if (active.length === 0) return { ...base, allowed: false, grants: [], failure: 'no-active-role' };
  if (tagged.length === 0) return { ...base, allowed: false, grants: [], failure: 'no-tagged-active-role' };

  const ctx: EvaluationContext = { ...query.context, activeRoles: active, principal: query.principal };
  const chains: { grant: AccessGrant; rule: PolicyRule }[] = [];
  for (const roleName of tagged) {
    for (const policy of query.role(roleName)?.policies ?? []) {
      for (const text of policy.rules) {
        const rule = parsedRule(text);
        if (rule !== undefined) chains.push({ grant: { role: roleName, policy: policy.name, rule: text }, rule });
      }
    }
  }
  if (chains.length === 0) return { ...base, allowed: false, grants: [], failure: 'no-policy' };
  return judge(chains, ctx, base);
}

/** Everything {@link decideMantaActive} needs: the roles already found active, of the owning account. */
export interface MantaActiveQuery {
  readonly principal: string;
  /** The caller's active roles in the account that owns the path (cross-account ones included). */
  readonly activeRoles: readonly string[];
  readonly role: (name: string) => AccessRole | undefined;
  /** The role names tagged on the entry (the parent directory's for a new entry). */
  readonly resourceTags: readonly string[];
  readonly context: EvaluationContext;
}

/**
 * Manta's decision once the active roles are known (node-mahi lib/client.js `authorize`): the
 * `administrator` role grants everything; a tagged role contributes all its rules, an untagged one
 * its rules that name resources. No active role: `no-active-role` (muskie: `AuthorizationFailed`);
 * no contributing role: `untagged` or `no-tagged-active-role` (muskie: `NoMatchingRoleTag`).
 */
export function decideMantaActive(query: MantaActiveQuery): AccessDecision {
  const active = [...query.activeRoles];
  const tagged = active.filter((r) => query.resourceTags.includes(r));
  const base = { activeRoles: active, taggedActiveRoles: tagged, conditionFailed: [] as AccessGrant[] };
  if (active.length === 0) return { ...base, allowed: false, grants: [], failure: 'no-active-role' };
  if (active.includes(MANTA_ADMIN_ROLE))
    return {
      ...base,
      allowed: true,
      grants: [{ role: MANTA_ADMIN_ROLE, policy: '(the administrator role)', rule: 'CAN *' }],
    };
  const ctx: EvaluationContext = { ...query.context, activeRoles: active, principal: query.principal };
  const chains: { grant: AccessGrant; rule: PolicyRule }[] = [];
  let contributing = 0;
  for (const roleName of active) {
    const isTagged = tagged.includes(roleName);
    let contributes = isTagged;
    for (const policy of query.role(roleName)?.policies ?? []) {
      for (const text of policy.rules) {
        const rule = parsedRule(text);
        if (rule === undefined || (!isTagged && rule.resources.length === 0)) continue;
        contributes = true;
        chains.push({ grant: { role: roleName, policy: policy.name, rule: text }, rule });
      }
    }
    if (contributes) contributing += 1;
  }
  if (contributing === 0) {
    const failure = query.resourceTags.length === 0 ? 'untagged' : 'no-tagged-active-role';
    return { ...base, allowed: false, grants: [], failure };
  }
  if (chains.length === 0) return { ...base, allowed: false, grants: [], failure: 'no-policy' };
  return judge(chains, ctx, base);
}

function judge(
  chains: readonly { grant: AccessGrant; rule: PolicyRule }[],
  ctx: EvaluationContext,
  base: { activeRoles: string[]; taggedActiveRoles: string[]; conditionFailed: AccessGrant[] },
): AccessDecision {
  // Each rule is matched once: the verdict and the granting chains come from the same matches.
  const matching = chains.filter((c) => policyRuleMatches(c.rule, ctx));
  const verdict = verdictOf(matching.map((c) => c.rule));
  if (verdict === 'allow')
    return { ...base, allowed: true, grants: matching.filter((c) => c.rule.effect === 'allow').map((c) => c.grant) };
  if (verdict === 'deny')
    return {
      ...base,
      allowed: false,
      grants: matching.filter((c) => c.rule.effect === 'deny').map((c) => c.grant),
      failure: 'explicit-deny',
    };
  // Rules that would match but for their condition: the reviewer's usual surprise.
  const conditionFailed = chains
    .filter(
      (c) =>
        c.rule.effect === 'allow' && c.rule.condition !== undefined && policyRuleMatches(unconditional(c.rule), ctx),
    )
    .map((c) => c.grant);
  return { ...base, allowed: false, grants: [], failure: 'no-matching-rule', conditionFailed };
}

function unconditional(rule: PolicyRule): PolicyRule {
  const { condition: _condition, ...rest } = rule;
  return rest;
}
