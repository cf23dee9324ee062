/**
 * Evaluating parsed rules against one request.
 *
 * Times and weekdays are read in UTC from `now`, as CloudAPI's servers run in UTC. When a condition
 * needs a request value the request does not have (no `sourceIp`, no `userAgent`, a typed condition
 * whose name the request does not supply), the rule does not match, whatever NOT or OR surround it:
 * aperture's evaluator throws "missing condition in context" there and the server then denies.
 * `fromjob` and `overwrite` default to false.
 */
import type { ComparisonCondition, Condition, Operand, PolicyRule } from './policy-rule.js';
import { actualValue, MissingRequestValue, type ActualValue } from './private/actual-value.js';
import { globMatches } from './private/glob.js';
import { parseIpv4, prefixMask } from './private/operands.js';
import type { EvaluationContext } from './evaluation-context.js';

export type { EvaluationContext } from './evaluation-context.js';

/**
 * Decides a request: `deny` when any matching rule is CAN NOT (an explicit deny wins), else `allow`
 * when any matching rule is CAN, else `none` (the caller's default, which for CloudAPI is deny).
 */
export function evaluatePolicyRules(rules: readonly PolicyRule[], ctx: EvaluationContext): 'allow' | 'deny' | 'none' {
  return verdictOf(rules.filter((rule) => policyRuleMatches(rule, ctx)));
}

/**
 * The verdict of the rules that match a request (see {@link evaluatePolicyRules}), for a caller
 * that also needs the matching rules themselves and so has matched them already.
 */
export function verdictOf(matching: readonly PolicyRule[]): 'allow' | 'deny' | 'none' {
  if (matching.some((rule) => rule.effect === 'deny')) return 'deny';
  return matching.length > 0 ? 'allow' : 'none';
}

/** Whether one of the resources `rule` names (as globs) matches `resource`; false when it names none. */
export function ruleNamesResource(rule: PolicyRule, resource: string): boolean {
  return rule.resources.some((r) => globMatches(r, resource));
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
    if (resource === undefined || !ruleNamesResource(rule, resource)) return false;
  }
  return rule.condition === undefined || evaluateCondition(rule.condition, ctx);
}

/**
 * Evaluates a condition tree against the request; false when it needs a value the request does
 * not have.
 */
export function evaluateCondition(condition: Condition, ctx: EvaluationContext): boolean {
  try {
    return evaluateTree(condition, ctx);
  } catch (err) {
    if (err instanceof MissingRequestValue) return false;
    throw err;
  }
}

function evaluateTree(condition: Condition, ctx: EvaluationContext): boolean {
  switch (condition.kind) {
    case 'and':
      return evaluateTree(condition.left, ctx) && evaluateTree(condition.right, ctx);
    case 'or':
      return evaluateTree(condition.left, ctx) || evaluateTree(condition.right, ctx);
    case 'not':
      return !evaluateTree(condition.operand, ctx);
    case 'comparison':
      return compare(condition, actualValue(condition, ctx));
  }
}

const DAY_MS = 86_400_000;

function compare(c: ComparisonCondition, actual: ActualValue): boolean {
  if (c.operator === 'in') return c.values.some((v) => equals(v, actual));
  const value = c.values[0];
  if (value === undefined) return false;
  if (c.operator === 'like') return likeMatches(value, actual);
  if (c.operator === '=') return equals(value, actual);
  if (c.operator === '!=') return !equals(value, actual);
  const order = ordering(value, actual);
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
function ordering(value: Operand, actual: ActualValue): number | undefined {
  switch (value.type) {
    case 'time': {
      const at = instantOf(actual);
      if (at === undefined) return undefined;
      const ofDay = ((at % DAY_MS) + DAY_MS) % DAY_MS;
      return truncate(ofDay, value.precisionMillis) - value.millis;
    }
    case 'date': {
      const at = instantOf(actual);
      return at === undefined ? undefined : truncate(at, value.precisionMillis) - value.epochMillis;
    }
    case 'day': {
      const at = instantOf(actual);
      return at === undefined ? undefined : isoDay(at) - value.from;
    }
    case 'number':
      return actual.kind === 'number' ? actual.value - value.value : undefined;
    case 'string': {
      const text = actual.kind === 'text' ? actual.values[0] : undefined;
      return text === undefined ? undefined : text < value.value ? -1 : text > value.value ? 1 : 0;
    }
    default:
      return undefined;
  }
}

function equals(value: Operand, actual: ActualValue): boolean {
  switch (value.type) {
    case 'time':
    case 'date':
      return ordering(value, actual) === 0;
    case 'day': {
      const at = instantOf(actual);
      if (at === undefined) return false;
      const day = isoDay(at);
      // A range may wrap past Sunday: Fri-Mon is Friday, Saturday, Sunday, Monday.
      return value.from <= value.to ? day >= value.from && day <= value.to : day >= value.from || day <= value.to;
    }
    case 'ip': {
      const address =
        actual.kind === 'ip' || actual.kind === 'text'
          ? parseIpv4(actual.kind === 'ip' ? actual.address : (actual.values[0] ?? ''))
          : undefined;
      if (address === undefined) return false;
      return (address & prefixMask(value.prefix)) >>> 0 === value.network;
    }
    case 'boolean':
      return actual.kind === 'boolean' && actual.value === value.value;
    case 'number':
      return actual.kind === 'number' && actual.value === value.value;
    case 'string':
      if (actual.kind !== 'text') return false;
      return actual.caseInsensitive
        ? actual.values.some((v) => v.toUpperCase() === value.value.toUpperCase())
        : actual.values.includes(value.value);
    case 'pattern':
      return likeMatches(value, actual);
  }
}

function likeMatches(value: Operand, actual: ActualValue): boolean {
  if (value.type !== 'pattern' || actual.kind !== 'text') return false;
  const re = new RegExp(value.source, value.flags);
  return actual.values.some((v) => re.test(v));
}

function instantOf(actual: ActualValue): number | undefined {
  if (actual.kind !== 'instant') return undefined;
  const at = actual.at.getTime();
  return Number.isNaN(at) ? undefined : at;
}

function truncate(millis: number, precision: number): number {
  return Math.floor(millis / precision) * precision;
}

/** ISO weekday of an instant in UTC: 1 = Monday … 7 = Sunday. */
function isoDay(millis: number): number {
  const day = new Date(millis).getUTCDay();
  return day === 0 ? 7 : day;
}
