/**
 * The affinity rule grammar of CloudAPI's CreateMachine (`affinity`, sdc-cloudapi
 * lib/triton-affinity.js): `<key><op><value>`, where the operator is `==` or `!=` (the first
 * found, in that order), the key a letter or `_` then letters, digits, `-`, `_`, `.`; a value
 * starting with `~` is a soft rule; the value is letters, digits, white space and
 * `-:_.*()/?+[]\^$|` (an exact name, a glob with `*`, or a `/regular expression/`).
 */

const KEY = /^[a-z_][a-z0-9\-_.]+$/i;
const VALUE = /^[-a-z0-9:_\s.*/()?+[\]\\^$|]+$/i;

/** What is wrong with one affinity rule, in the server's words; `undefined` when it is valid. */
export function checkAffinityRule(rule: string): string | undefined {
  const op = ['==', '!='].find((o) => rule.includes(o));
  if (op === undefined)
    return `could not find operator in affinity rule: expected one of "==", "!=": ${JSON.stringify(rule)}`;
  const at = rule.indexOf(op);
  const key = rule.slice(0, at);
  if (!KEY.test(key))
    return `invalid key in affinity rule: ${JSON.stringify(rule)}: ${JSON.stringify(key)} does not match ${String(KEY)}`;
  const raw = rule.slice(at + op.length);
  const value = raw.startsWith('~') ? raw.slice(1) : raw;
  if (!VALUE.test(value))
    return `invalid value in affinity rule: ${JSON.stringify(rule)}: ${JSON.stringify(value)} does not match ${String(VALUE)}`;
  return undefined;
}

/** One affinity rule as DAPI reads it (sdc-cloudapi lib/triton-affinity.js `ruleFromExpr`). */
export interface AffinityRule {
  readonly key: string;
  readonly operator: '==' | '!=';
  /** The value without its `~`. */
  readonly value: string;
  /** `~` after the operator: best effort, never a reason to fail. */
  readonly isSoft: boolean;
  /** `/…/` (at least three characters) is a regular expression, a value with `*` a glob, else exact. */
  readonly valueType: 'exact' | 'glob' | 're';
}

/** The rule parsed, or `undefined` when {@link checkAffinityRule} refuses it. */
export function parseAffinityRule(rule: string): AffinityRule | undefined {
  if (checkAffinityRule(rule) !== undefined) return undefined;
  const operator = rule.includes('==') ? '==' : '!=';
  const at = rule.indexOf(operator);
  const raw = rule.slice(at + 2);
  const isSoft = raw.startsWith('~');
  const value = isSoft ? raw.slice(1) : raw;
  const valueType =
    value.length >= 3 && value.startsWith('/') && value.endsWith('/') ? 're' : value.includes('*') ? 'glob' : 'exact';
  return { key: rule.slice(0, at), operator, value, isSoft, valueType };
}
