/**
 * Evaluating parsed rules against one request.
 *
 * Times and weekdays are read in UTC from `now`, as CloudAPI's servers run in UTC. A comparison
 * whose request value is missing (no `sourceIp`, no `userAgent`, …) is false, so a rule that
 * depends on it does not match; `fromjob` and `overwrite` default to false.
 */
import type { ComparisonCondition, Condition, Operand, PolicyRule } from './policy-rule.js';
import { globMatches } from './private/glob.js';
import { parseIpv4, prefixMask } from './private/operands.js';

/** What is known about the request being authorised. */
export interface EvaluationContext {
  /** The operation name, e.g. `getmachine` (compared case-insensitively). */
  action: string;
  /** The resource path; rules that name resources match only when this is given. */
  resource?: string;
  /** The request time; `time`, `day` and `date` read it in UTC. */
  now: Date;
  /** The client address (IPv4, or IPv4-mapped IPv6 such as `::ffff:10.0.0.1`). */
  sourceIp?: string;
  /** The HTTP method (compared case-insensitively). */
  method?: string;
  userAgent?: string;
  /** The roles active for this request. */
  activeRoles?: readonly string[];
  /** The login of the resource's owner. */
  owner?: string;
  /** True when the request comes from a compute job. @default false */
  fromjob?: boolean;
  /** True when the request would overwrite an existing object. @default false */
  overwrite?: boolean;
  /**
   * The requesting user's login; only consulted by rules that name principals (not the CloudAPI
   * form). A rule naming principals other than `*` never matches when this is absent.
   */
  principal?: string;
}

/**
 * Decides a request: `deny` when any matching rule is CAN NOT (an explicit deny wins), else `allow`
 * when any matching rule is CAN, else `none` (the caller's default, which for CloudAPI is deny).
 */
export function evaluatePolicyRules(rules: readonly PolicyRule[], ctx: EvaluationContext): 'allow' | 'deny' | 'none' {
  let allowed = false;
  for (const rule of rules) {
    if (!policyRuleMatches(rule, ctx)) continue;
    if (rule.effect === 'deny') return 'deny';
    allowed = true;
  }
  return allowed ? 'allow' : 'none';
}

/**
 * Whether one rule applies to the request: its principals (if any), actions, resources (if any) and
 * condition all match. The effect is not considered.
 */
export function policyRuleMatches(rule: PolicyRule, ctx: EvaluationContext): boolean {
  if (rule.principals.length > 0 && !rule.principals.includes('*')) {
    const principal = ctx.principal;
    if (principal === undefined || !rule.principals.some((p) => globMatches(p, principal))) return false;
  }
  const action = ctx.action.toLowerCase();
  if (!rule.actions.some((a) => globMatches(a, action))) return false;
  if (rule.resources.length > 0) {
    const resource = ctx.resource;
    if (resource === undefined || !rule.resources.some((r) => globMatches(r, resource))) return false;
  }
  return rule.condition === undefined || evaluateCondition(rule.condition, ctx);
}

/** Evaluates a condition tree against the request. */
export function evaluateCondition(condition: Condition, ctx: EvaluationContext): boolean {
  switch (condition.kind) {
    case 'and':
      return evaluateCondition(condition.left, ctx) && evaluateCondition(condition.right, ctx);
    case 'or':
      return evaluateCondition(condition.left, ctx) || evaluateCondition(condition.right, ctx);
    case 'not':
      return !evaluateCondition(condition.operand, ctx);
    case 'comparison':
      return compare(condition, ctx);
  }
}

const DAY_MS = 86_400_000;

function compare(c: ComparisonCondition, ctx: EvaluationContext): boolean {
  if (c.operator === 'in') return c.values.some((v) => equals(c.name, v, ctx) === true);
  const value = c.values[0];
  if (value === undefined) return false;
  if (c.operator === 'like') return likeMatches(c.name, value, ctx);
  if (c.operator === '=') return equals(c.name, value, ctx) === true;
  if (c.operator === '!=') return equals(c.name, value, ctx) === false;
  const order = ordering(value, ctx);
  if (order === undefined) return false;
  switch (c.operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

/** The request's value compared with the operand: negative, zero or positive. */
function ordering(value: Operand, ctx: EvaluationContext): number | undefined {
  const now = ctx.now.getTime();
  if (Number.isNaN(now)) return undefined;
  switch (value.type) {
    case 'time': {
      const ofDay = ((now % DAY_MS) + DAY_MS) % DAY_MS;
      return truncate(ofDay, value.precisionMillis) - value.millis;
    }
    case 'date':
      return truncate(now, value.precisionMillis) - value.epochMillis;
    case 'day':
      return isoDay(ctx.now) - value.from;
    default:
      return undefined;
  }
}

/** true/false when the request value is known, undefined when it is missing. */
function equals(name: string, value: Operand, ctx: EvaluationContext): boolean | undefined {
  switch (value.type) {
    case 'time':
    case 'date': {
      const order = ordering(value, ctx);
      return order === undefined ? undefined : order === 0;
    }
    case 'day': {
      const day = isoDay(ctx.now);
      if (Number.isNaN(day)) return undefined;
      // A range may wrap past Sunday: Fri-Mon is Friday, Saturday, Sunday, Monday.
      return value.from <= value.to ? day >= value.from && day <= value.to : day >= value.from || day <= value.to;
    }
    case 'ip': {
      const address = ctx.sourceIp === undefined ? undefined : parseIpv4(ctx.sourceIp);
      if (address === undefined) return undefined;
      return ((address & prefixMask(value.prefix)) >>> 0) === value.network;
    }
    case 'boolean':
      return booleanOf(name, ctx) === value.value;
    case 'string': {
      if (name === 'activeRoles') return (ctx.activeRoles ?? []).includes(value.value);
      const actual = stringOf(name, ctx);
      if (actual === undefined) return undefined;
      return name === 'method' ? actual.toUpperCase() === value.value.toUpperCase() : actual === value.value;
    }
    case 'pattern':
      return likeMatches(name, value, ctx);
  }
}

function likeMatches(name: string, value: Operand, ctx: EvaluationContext): boolean {
  if (value.type !== 'pattern') return false;
  const re = new RegExp(value.source, value.flags);
  if (name === 'activeRoles') return (ctx.activeRoles ?? []).some((role) => re.test(role));
  const actual = stringOf(name, ctx);
  return actual !== undefined && re.test(actual);
}

function stringOf(name: string, ctx: EvaluationContext): string | undefined {
  switch (name) {
    case 'method':
      return ctx.method;
    case 'owner':
      return ctx.owner;
    case 'user-agent':
      return ctx.userAgent;
    default:
      return undefined;
  }
}

function booleanOf(name: string, ctx: EvaluationContext): boolean {
  return (name === 'fromjob' ? ctx.fromjob : ctx.overwrite) ?? false;
}

function truncate(millis: number, precision: number): number {
  return Math.floor(millis / precision) * precision;
}

/** ISO weekday of a date in UTC: 1 = Monday … 7 = Sunday. */
function isoDay(date: Date): number {
  const day = date.getUTCDay();
  return day === 0 ? 7 : day;
}
