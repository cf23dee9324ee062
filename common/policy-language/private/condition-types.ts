/**
 * The type of each known condition and the operators that make sense for it. One table, so the
 * parser (which validates) and the evaluator (which compares) cannot disagree.
 */
import type { ComparisonOperator } from '../policy-rule.js';

/** How a condition's values are read and compared. */
export type ConditionType = 'time' | 'day' | 'date' | 'ip' | 'boolean' | 'string';

const ORDERED: readonly ComparisonOperator[] = ['=', '!=', '<', '<=', '>', '>=', 'in'];
const EQUALITY: readonly ComparisonOperator[] = ['=', '!=', 'in'];
const TEXT: readonly ComparisonOperator[] = ['=', '!=', 'in', 'like'];

/** Per condition name: its type and its allowed operators. */
export const CONDITION_TYPES: ReadonlyMap<string, { readonly type: ConditionType; readonly operators: readonly ComparisonOperator[] }> =
  new Map([
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
