/**
 * Shape validation for a plan read back from a file: a saved plan is input like any other, and a
 * malformed one must give a sentence naming the field, never a crash deep in the executor.
 */
import { allKinds, kindDescriptor } from '../../common/kinds/index.js';
import { PLAN_ACTIONS, PLAN_FORMAT_VERSION, summarize, type Plan } from './types.js';

const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'];

/**
 * Checks that `value` is a {@link Plan}.
 * @returns a sentence describing the first problem (naming the field and the value), or `undefined`.
 */
export function planShapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the plan is not a JSON object';
  if (value.formatVersion !== PLAN_FORMAT_VERSION) {
    return `plan.formatVersion is ${JSON.stringify(value.formatVersion)}; this version of triton-iac reads only ${PLAN_FORMAT_VERSION}`;
  }
  for (const f of ['stack', 'account', 'createdAt', 'manifestDigest'] as const) {
    if (typeof value[f] !== 'string' || value[f] === '')
      return `plan.${f} is ${JSON.stringify(value[f])}; it must be a non-empty string`;
  }
  if (!Number.isSafeInteger(value.stateSerial) || (value.stateSerial as number) < 0)
    return `plan.stateSerial is ${JSON.stringify(value.stateSerial)}; it must be a non-negative integer`;
  if (value.stateLineage !== null && typeof value.stateLineage !== 'string')
    return 'plan.stateLineage must be a string or null';
  if (!Array.isArray(value.changes)) return 'plan.changes must be an array';
  for (const [i, c] of value.changes.entries()) {
    const problem = changeProblem(c, `plan.changes[${i}]`);
    if (problem) return problem;
  }
  if (value.warnings !== undefined) {
    const bad = Array.isArray(value.warnings)
      ? value.warnings.findIndex(
          (w) =>
            !isObject(w) ||
            typeof w.kind !== 'string' ||
            typeof w.message !== 'string' ||
            !Array.isArray(w.addresses) ||
            w.addresses.some((a) => typeof a !== 'string'),
        )
      : 0;
    if (bad >= 0) return `plan.warnings[${bad}] must be { kind, message, addresses } with strings`;
  }
  const expected = summarize(value.changes as Plan['changes']);
  // `forget` is absent from plans saved before retainOnDelete existed: none of theirs forgets anything.
  if (
    !isObject(value.summary) ||
    Object.entries(expected).some(
      ([k, n]) => ((value.summary as Record<string, unknown>)[k] ?? (k === 'forget' ? 0 : undefined)) !== n,
    )
  ) {
    return `plan.summary ${JSON.stringify(value.summary)} does not match its changes (expected ${JSON.stringify(expected)})`;
  }
  return undefined;
}

function changeProblem(c: unknown, at: string): string | undefined {
  if (!isObject(c)) return `${at} must be an object`;
  for (const f of ['address', 'naturalKey'] as const) {
    if (typeof c[f] !== 'string' || c[f] === '')
      return `${at}.${f} is ${JSON.stringify(c[f])}; it must be a non-empty string`;
  }
  if (typeof c.kind !== 'string' || kindDescriptor(c.kind) === undefined)
    return `${at}.kind is ${JSON.stringify(c.kind)}; it must be one of ${allKinds()
      .map((d) => d.kind)
      .join(', ')}`;
  if (!(PLAN_ACTIONS as readonly unknown[]).includes(c.action))
    return `${at}.action is ${JSON.stringify(c.action)}; it must be one of ${PLAN_ACTIONS.join(', ')}`;
  if (
    c.action === 'replace' &&
    c.replaceStrategy !== 'delete-then-create' &&
    c.replaceStrategy !== 'create-then-delete'
  ) {
    return `${at}.replaceStrategy is ${JSON.stringify(c.replaceStrategy)}; a replace needs delete-then-create or create-then-delete`;
  }
  for (const f of ['before', 'after'] as const) {
    if (c[f] !== null && !isObject(c[f])) return `${at}.${f} must be an object or null`;
  }
  if (!Array.isArray(c.patch)) return `${at}.patch must be an array`;
  for (const [j, op] of c.patch.entries()) {
    if (!isObject(op) || !OPS.includes(op.op as string) || typeof op.path !== 'string') {
      return `${at}.patch[${j}] is not a JSON Patch operation (it needs op, one of ${OPS.join(', ')}, and a string path)`;
    }
  }
  for (const f of ['sensitive', 'unknown', 'dependsOn'] as const) {
    if (!Array.isArray(c[f]) || !c[f].every((s) => typeof s === 'string'))
      return `${at}.${f} must be an array of strings`;
  }
  for (const f of ['reason', 'serverId', 'liveDigest', 'movedFrom', 'previousNaturalKey'] as const) {
    if (c[f] !== undefined && typeof c[f] !== 'string') return `${at}.${f} must be a string when present`;
  }
  if (c.retainPrevious !== undefined && (c.retainPrevious !== true || c.previousNaturalKey === undefined))
    return `${at}.retainPrevious must be true when present, and only beside previousNaturalKey`;
  if (c.tainted !== undefined && (c.tainted !== true || c.action !== 'replace'))
    return `${at}.tainted must be true when present, and only on a replace`;
  if (
    c.conflict !== undefined &&
    (!isObject(c.conflict) ||
      !Array.isArray(c.conflict.fields) ||
      !c.conflict.fields.every((f) => typeof f === 'string'))
  ) {
    return `${at}.conflict must be an object with a fields array of strings when present`;
  }
  if (c.preexisting !== undefined && c.preexisting !== true) return `${at}.preexisting must be true when present`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
