/**
 * ListVolumes' JSON `predicate` as sdc-cloudapi `lib/validation/predicate.js` checks it (with
 * krill's `createPredicate` and the volume field types) and VOLAPI applies it: `and`/`or` of
 * `eq`/`ne`/`lt`/`le`/`gt`/`ge` on `id`, `name`, `network`, `size`, `state`, `type`; `{}` matches
 * every volume. Errors are the texts CloudAPI joins into its 409 `InvalidArgument`.
 */
import { inspect } from 'node:util';
import type { VolumeRecord } from './volume-store.js';
import {
  volumeIdErrors,
  volumeNameErrors,
  volumeNetworkErrors,
  volumeSizeErrors,
  volumeStateErrors,
  volumeTypeErrors,
} from './volume-validation.js';

/** `VOLUME_PREDICATE_TYPES`. */
const FIELD_TYPES: Readonly<Record<string, 'string' | 'number'>> = {
  id: 'string',
  name: 'string',
  network: 'string',
  size: 'number',
  state: 'string',
  type: 'string',
};

/** `VALIDATION_FUNCS` of predicate.js: each field's value check. */
const VALUE_CHECKS: Readonly<Record<string, (v: unknown) => string[]>> = {
  id: volumeIdErrors,
  name: volumeNameErrors,
  network: volumeNetworkErrors,
  size: volumeSizeErrors,
  state: volumeStateErrors,
  type: volumeTypeErrors,
};

const COMPARISONS = ['eq', 'ne', 'lt', 'le', 'gt', 'ge'] as const;

/** A parsed predicate: `undefined` matches everything. */
export type VolumePredicate =
  | { readonly op: 'and' | 'or'; readonly of: readonly VolumePredicate[] }
  | { readonly op: (typeof COMPARISONS)[number]; readonly field: string; readonly value: string | number | boolean };

/** The outcome of reading a predicate string: the predicate, or the error text CloudAPI answers. */
export type PredicateReading =
  { readonly predicate?: VolumePredicate; readonly fields: string[] } | { readonly error: string };

/**
 * `validatePredicate`: JSON, a predicate of known shape and field types, and values each field's
 * own check accepts.
 */
export function readPredicate(text: string): PredicateReading {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { error: `VError: Could not parse JSON predicate ${text}: ${(e as Error).message}` };
  }
  let predicate: VolumePredicate | undefined;
  try {
    predicate = parse(raw, raw);
  } catch (e) {
    return { error: `Error: ${(e as Error).message}` };
  }
  const fields = new Set<string>();
  const problems: string[] = [];
  walk(predicate, (p) => {
    fields.add(p.field);
    problems.push(...VALUE_CHECKS[p.field]!(p.value));
  });
  if (problems.length > 0) return { error: `Error: Invalid values in predicate: ${problems.join(',')}` };
  return predicate === undefined ? { fields: [...fields] } : { predicate, fields: [...fields] };
}

function parse(p: unknown, whole: unknown): VolumePredicate | undefined {
  const fail = (why: string): never => {
    throw new Error(`predicate ${inspect(whole)}: ${why}`);
  };
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return fail('predicate must be an object');
  const keys = Object.keys(p);
  if (keys.length === 0) return undefined;
  if (keys.length > 1) return fail('only one key allowed');
  const op = keys[0]!;
  const arg = (p as Record<string, unknown>)[op];
  if (op === 'and' || op === 'or') {
    if (!Array.isArray(arg) || arg.length === 0) return fail(`"${op}" must have an array of predicates`);
    const of = arg.map((x) => parse(x, whole)).filter((x): x is VolumePredicate => x !== undefined);
    return { op, of };
  }
  if (!(COMPARISONS as readonly string[]).includes(op)) return fail(`unknown operator "${op}"`);
  if (!Array.isArray(arg) || arg.length !== 2 || typeof arg[0] !== 'string')
    return fail(`"${op}" must be an array of a field name and a value`);
  const [field, value] = arg as [string, unknown];
  if (!['string', 'number', 'boolean'].includes(typeof value))
    return fail(`field "${field}" is not a string, number, or boolean`);
  const type = FIELD_TYPES[field];
  if (type === undefined) return fail(`field "${field}" is not a valid field`);
  if (typeof value !== type) return fail(`field "${field}" is not of type ${type}`);
  return { op: op as (typeof COMPARISONS)[number], field, value: value as string | number | boolean };
}

function walk(p: VolumePredicate | undefined, visit: (c: Extract<VolumePredicate, { field: string }>) => void): void {
  if (p === undefined) return;
  if ('of' in p) p.of.forEach((x) => walk(x, visit));
  else visit(p);
}

/** Whether `volume` satisfies the predicate, as VOLAPI evaluates it (`network` matches any of its networks). */
export function matches(p: VolumePredicate | undefined, volume: VolumeRecord): boolean {
  if (p === undefined) return true;
  if ('of' in p) return p.op === 'and' ? p.of.every((x) => matches(x, volume)) : p.of.some((x) => matches(x, volume));
  const values: readonly unknown[] =
    p.field === 'network' ? volume.networks : [(volume as unknown as Record<string, unknown>)[p.field]];
  return values.some((v) => compare(p.op, v, p.value));
}

function compare(op: (typeof COMPARISONS)[number], a: unknown, b: string | number | boolean): boolean {
  const x = a as string | number;
  const y = b as string | number;
  switch (op) {
    case 'eq':
      return x === y;
    case 'ne':
      return x !== y;
    case 'lt':
      return x < y;
    case 'le':
      return x <= y;
    case 'gt':
      return x > y;
    case 'ge':
      return x >= y;
  }
}

/** A `name` query parameter with `*` at either end, as VOLAPI turns it into a prefix/suffix match. */
export function nameMatches(pattern: string, name: string): boolean {
  const starts = pattern.startsWith('*');
  const ends = pattern.endsWith('*') && pattern.length > 1;
  const core = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined);
  if (starts && ends) return name.includes(core);
  if (starts) return name.endsWith(core);
  if (ends) return name.startsWith(core);
  return name === core;
}
