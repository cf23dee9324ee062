/**
 * CloudAPI's access-control language: parse rules at synth time and in the emulator with one
 * grammar, and evaluate them against a request.
 */
export { CONDITION_TYPE_NAMES, KNOWN_CONDITIONS } from './policy-rule.js';
export type {
  AndCondition,
  BooleanOperand,
  ComparisonCondition,
  ComparisonOperator,
  Condition,
  ConditionTypeName,
  DateOperand,
  DayOperand,
  IpOperand,
  NumberOperand,
  NotCondition,
  Operand,
  OrCondition,
  PatternOperand,
  PolicyRule,
  StringOperand,
  TimeOperand,
} from './policy-rule.js';
export { PolicySyntaxError } from './errors.js';
export { MAX_CONDITION_DEPTH, MAX_CONDITIONS, parsePolicyRule, tryParsePolicyRule } from './parse.js';
export { evaluateCondition, evaluatePolicyRules, policyRuleMatches, ruleNamesResource, verdictOf } from './evaluate.js';
export type { EvaluationContext } from './evaluate.js';
