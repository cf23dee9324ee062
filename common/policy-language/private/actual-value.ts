/**
 * The request's side of a comparison: the value a condition name stands for, read the way the
 * condition's type (written `name::type`, or implied by a known name) asks.
 */
import type { EvaluationContext } from '../evaluation-context.js';
import type { ComparisonCondition } from '../policy-rule.js';
import { CONDITION_TYPES, EXPLICIT_TYPES, type ConditionType } from './condition-types.js';

/** A request value ready to compare. */
export type ActualValue =
  | { readonly kind: 'instant'; readonly at: Date }
  | { readonly kind: 'ip'; readonly address: string }
  /** One string, or several (`activeRoles`): `=` holds when any of them is equal. */
  | { readonly kind: 'text'; readonly values: readonly string[]; readonly caseInsensitive: boolean }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'number'; readonly value: number };

/**
 * Thrown when a condition needs a value the request does not carry; the evaluator then treats the
 * whole rule as not matching (aperture's "missing condition in context").
 */
export class MissingRequestValue extends Error {
  constructor(name: string) {
    super(`the request has no value for condition "${name}"`);
    this.name = 'MissingRequestValue';
  }
}

type Raw = Date | string | number | boolean | readonly string[] | undefined;

/** The request value for `c`, typed as `c` compares it. @throws MissingRequestValue */
export function actualValue(c: ComparisonCondition, ctx: EvaluationContext): ActualValue {
  const type: ConditionType | undefined =
    c.type !== undefined ? EXPLICIT_TYPES.get(c.type)?.type : CONDITION_TYPES.get(c.name)?.type;
  const raw = builtIn(c.name, ctx) ?? (c.type !== undefined ? ctx.conditions?.[c.name] : undefined);
  const value = raw === undefined || type === undefined ? undefined : convert(type, raw, c.name === 'method');
  if (value === undefined) throw new MissingRequestValue(c.name);
  return value;
}

/** The values CloudAPI supplies under the known condition names. */
function builtIn(name: string, ctx: EvaluationContext): Raw {
  switch (name) {
    case 'date':
    case 'day':
    case 'time':
      return ctx.now;
    case 'sourceip':
      return ctx.sourceIp;
    case 'method':
      return ctx.method;
    case 'owner':
      return ctx.owner;
    case 'user-agent':
      return ctx.userAgent;
    case 'activeRoles':
      return ctx.activeRoles ?? [];
    case 'fromjob':
      return ctx.fromjob ?? false;
    case 'overwrite':
      return ctx.overwrite ?? false;
    default:
      return undefined;
  }
}

function convert(type: ConditionType, raw: Exclude<Raw, undefined>, caseInsensitive: boolean): ActualValue | undefined {
  switch (type) {
    case 'time':
    case 'day':
    case 'date': {
      if (raw instanceof Date) return { kind: 'instant', at: raw };
      if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
      const at = new Date(raw);
      return Number.isNaN(at.getTime()) ? undefined : { kind: 'instant', at };
    }
    case 'ip':
      return typeof raw === 'string' ? { kind: 'ip', address: raw } : undefined;
    case 'boolean':
      return typeof raw === 'boolean' ? { kind: 'boolean', value: raw } : undefined;
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      return Number.isFinite(n) ? { kind: 'number', value: n } : undefined;
    }
    case 'string': {
      const values = Array.isArray(raw)
        ? (raw as readonly string[])
        : [raw instanceof Date ? raw.toISOString() : String(raw)];
      return { kind: 'text', values, caseInsensitive };
    }
  }
}
