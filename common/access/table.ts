/**
 * The effective-permission table of an account (who may do what, where, through which role, policy
 * and rule) and the difference between two tables: the access a change grants and revokes.
 */
import { ruleNamesResource, type PolicyRule } from '../policy-language/index.js';
import type { AccessModel, AccessModelRole } from './model.js';
import { actionAppliesTo } from './applicability.js';
import { parsedRule } from './decide.js';

/** One row: `user` may perform `action` on `resource`, through `role` → `policy` → `rule`. */
export interface Permission {
  readonly user: string;
  /** The action as the rule names it, lower case (`*` or a glob such as `get*` are kept as written). */
  readonly action: string;
  /** The tagged path. */
  readonly resource: string;
  /** True when the tag is on a CloudAPI collection, so it covers the collection's items too. */
  readonly items: boolean;
  readonly role: string;
  readonly policy: string;
  readonly rule: string;
  /**
   * `default`: the role is active without asking; `as-role`: only when the request takes the role
   * up (`as-role`, Manta's `Role` header).
   */
  readonly activation: 'default' | 'as-role';
  /** The rule's condition as written (after WHEN), when it has one: the permission holds only then. */
  readonly condition?: string;
}

const COLLECTION_DEPTH = 3;

/**
 * Every permission the model grants: for each tagged path, each sub-user member of a tagged role,
 * each CAN rule of the role's policies that names no resources; on a Manta entry (tagged or not)
 * also each CAN rule of any role whose resources match the entry's path (Manta honours those
 * without a tag), each action of the rule that a request on that path (or,
 * for a collection, on its items) can carry (see `actionAppliesTo`). Actions a CAN NOT rule of the same
 * tagged roles denies without condition are left out (an explicit deny wins); conditional denials
 * are not subtracted, since they depend on the request.
 */
export function permissionTable(model: AccessModel): Permission[] {
  const policies = new Map(model.policies.map((p) => [p.name, p]));
  const rows: Permission[] = [];
  const tagged = [
    ...model.roleTags.map((t) => ({ ...t, items: t.path.split('/').length === COLLECTION_DEPTH, manta: false })),
    ...model.mantaEntries.map((t) => ({ ...t, items: false, manta: true })),
  ];
  for (const tag of tagged) {
    // Which rules of a role count on this path: a tagged role's rules without resources, and on
    // Manta any role's rules whose resources match the path (node-mahi: an untagged role brings its
    // rules that name resources; see decideMantaActive).
    const counts = (role: AccessModelRole, rule: PolicyRule): boolean =>
      rule.resources.length === 0 ? tag.roles.includes(role.name) : tag.manta && ruleNamesResource(rule, tag.path);
    const rulesOf = (role: AccessModelRole) =>
      role.policies.flatMap((name) =>
        (policies.get(name)?.rules ?? []).flatMap((text) => {
          const rule = parsedRule(text);
          return rule !== undefined && counts(role, rule) ? [{ name, text, rule }] : [];
        }),
      );
    const roles = model.roles.filter((r) => tag.roles.includes(r.name) || (tag.manta && rulesOf(r).length > 0));
    const denied = new Set<string>();
    for (const role of roles) {
      for (const { rule } of rulesOf(role)) {
        if (rule.effect === 'deny' && rule.condition === undefined && rule.principals.length === 0)
          for (const a of rule.actions) denied.add(a.toLowerCase());
      }
    }
    for (const role of roles) {
      for (const member of role.members) {
        if (member.type !== 'subuser') continue;
        for (const { name, text, rule } of rulesOf(role)) {
          if (rule.effect !== 'allow') continue;
          const condition = conditionText(text);
          for (const action of rule.actions) {
            const a = action.toLowerCase();
            if (denied.has(a) || denied.has('*') || !actionAppliesTo(a, tag.path, tag.items)) continue;
            rows.push({
              user: member.login,
              action: a,
              resource: tag.path,
              items: tag.items,
              role: role.name,
              policy: name,
              rule: text,
              activation: member.default ? 'default' : 'as-role',
              ...(condition !== undefined ? { condition } : {}),
            });
          }
        }
      }
    }
  }
  return rows.sort(comparePermissions);
}

/** Orders rows by user, resource, action, role, policy, rule. */
export function comparePermissions(a: Permission, b: Permission): number {
  for (const k of ['user', 'resource', 'action', 'role', 'policy', 'rule'] as const) {
    if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  }
  return 0;
}

/** The text after WHEN, IF or WHERE, if the rule has a condition. */
function conditionText(rule: string): string | undefined {
  const m = /\s(?:WHEN|IF|WHERE)\s+(.*)$/i.exec(rule);
  return m?.[1]?.trim();
}

/** A (user, action, resource) permission a change grants or revokes, and how it is (or was) held. */
export interface AccessChange {
  readonly user: string;
  readonly action: string;
  readonly resource: string;
  readonly change: 'grant' | 'revoke';
  /**
   * How the permission is held after a grant, or was held before a revoke: each chain as
   * `role R → policy P → rule "…"`, with `(as-role)` or `(when …)` when it needs that.
   */
  readonly via: readonly string[];
  /**
   * What causes the change, when the caller knows (a plan: the addresses of the changed role, policy
   * and role tag or Manta entry in the chains, each with its action, e.g. `prod/ops (update)`).
   */
  readonly causes?: readonly string[];
  /**
   * What names the resource to a person, when its path names it by id (an instance's name beside
   * `/acme/machines/<uuid>`).
   */
  readonly label?: string;
}

/** One chain of a row, as shown in `via`. */
export function viaText(p: Permission): string {
  const notes = [
    p.activation === 'as-role' ? 'as-role' : '',
    p.condition !== undefined ? `when ${p.condition}` : '',
  ].filter((n) => n !== '');
  return `role ${p.role} → policy ${p.policy} → rule ${JSON.stringify(p.rule)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

/**
 * The permissions `after` has and `before` lacks (grants) and the reverse (revokes), keyed by
 * (user, action, resource): a permission that is still held through another chain is not a change.
 */
export function accessChanges(
  before: readonly Permission[],
  after: readonly Permission[],
  causesOf?: (rows: readonly Permission[]) => string[],
): AccessChange[] {
  const group = (rows: readonly Permission[]): Map<string, Permission[]> => {
    const m = new Map<string, Permission[]>();
    for (const r of rows) {
      const key = JSON.stringify([r.user.toLowerCase(), r.action, r.resource]);
      m.set(key, [...(m.get(key) ?? []), r]);
    }
    return m;
  };
  const was = group(before);
  const now = group(after);
  const out: AccessChange[] = [];
  const withCauses = (c: AccessChange, rows: readonly Permission[]): AccessChange =>
    causesOf === undefined ? c : { ...c, causes: causesOf(rows) };
  for (const [key, rows] of now) if (!was.has(key)) out.push(withCauses(changeOf(rows, 'grant'), rows));
  for (const [key, rows] of was) if (!now.has(key)) out.push(withCauses(changeOf(rows, 'revoke'), rows));
  return out.sort((a, b) =>
    a.user !== b.user
      ? a.user < b.user
        ? -1
        : 1
      : a.resource !== b.resource
        ? a.resource < b.resource
          ? -1
          : 1
        : a.action < b.action
          ? -1
          : a.action > b.action
            ? 1
            : a.change < b.change
              ? -1
              : 1,
  );
}

function changeOf(rows: readonly Permission[], change: 'grant' | 'revoke'): AccessChange {
  const first = rows[0]!;
  return {
    user: first.user,
    action: first.action,
    resource: first.resource,
    change,
    via: [...new Set(rows.map(viaText))],
  };
}
