/**
 * The type of each known condition and the operators that make sense for it. One table, so the
 * parser (which validates) and the evaluator (which compares) cannot disagree.
 */
import type { ComparisonOperator, ConditionTypeName } from '../policy-rule.js';

/** How a condition's values are read and compared. */
export type ConditionType = 'time' | 'day' | 'date' | 'ip' | 'boolean' | 'number' | 'string';

/** A condition's type and the operators allowed with it. */
export interface ConditionSpec {
  readonly type: ConditionType;
  readonly operators: readonly ComparisonOperator[];
}

const ORDERED: readonly ComparisonOperator[] = ['=', '!=', '<', '<=', '>', '>=', 'in'];
const EQUALITY: readonly ComparisonOperator[] = ['=', '!=', 'in'];
const TEXT: readonly ComparisonOperator[] = ['=', '!=', 'in', 'like'];

/** Per condition name: its type and its allowed operators. */
export const CONDITION_TYPES: ReadonlyMap<string, ConditionSpec> = new Map([
  ['activeRoles', { type: 'string', operators: TEXT }],
  ['date', { type: 'date', operators: ORDERED }],
  ['day', { type: 'day', operators: ORDERED }],
  ['fromjob', { type: 'boolean', operators: ['=', '!='] }],
  ['method', { type: 'string', operators: TEXT }],
  ['owner', { type: 'string', operators: TEXT }],
  ['sourceip', { type: 'ip', operators: EQUALITY }],
  ['time', { type: 'time', operators: ORDERED }],
  ['user-agent', { type: 'string', operators: TEXT }],
  ['overwrite', { type: 'boolean', operators: ['=', '!='] }],
]);

/**
 * Per explicit type (`name::type`): how values are read and the operators allowed. Strings, like
 * aperture's string type, also order lexically.
 */
export const EXPLICIT_TYPES: ReadonlyMap<ConditionTypeName, ConditionSpec> = new Map<ConditionTypeName, ConditionSpec>([
  ['string', { type: 'string', operators: [...ORDERED, 'like'] }],
  ['ip', { type: 'ip', operators: EQUALITY }],
  ['date', { type: 'date', operators: ORDERED }],
  ['day', { type: 'day', operators: ORDERED }],
  ['time', { type: 'time', operators: ORDERED }],
  ['number', { type: 'number', operators: ORDERED }],
]);
