/**
 * The rules of a resource's lifecycle options (`ResourceOptions` in `manifest.ts`), shared by the
 * construct library (at synth) and the manifest check (for a manifest read from a file), so the two
 * cannot disagree on which field names `ignoreChanges` accepts.
 */
import { didYouMean } from './did-you-mean.js';
import type { ResourceKind } from './manifest.js';
import { RESOURCE_SCHEMAS } from './resource-schema.js';

/** The option names, in the order they are documented. */
export const RESOURCE_OPTION_KEYS = ['protect', 'retainOnDelete', 'ignoreChanges'] as const;

/** One broken rule: the option (or `ignoreChanges[i]`), the offending value and the rule. */
export interface OptionProblem {
  readonly field: string;
  readonly value: unknown;
  readonly rule: string;
}

/** The fields `ignoreChanges` may name for `kind`: its manifest properties. */
export function ignorableFields(kind: ResourceKind): string[] {
  return RESOURCE_SCHEMAS[kind].properties.map((p) => p.name);
}

/**
 * Checks lifecycle options given to a resource of `kind` (absent options are fine).
 * @returns one problem per broken rule, empty when the options are valid
 */
export function resourceOptionProblems(
  kind: ResourceKind,
  options: Readonly<Record<string, unknown>>,
): OptionProblem[] {
  const given = RESOURCE_OPTION_KEYS.filter((n) => options[n] !== undefined);
  if (given.length === 0) return [];
  if (RESOURCE_SCHEMAS[kind].mode === 'lookup') {
    return [
      {
        field: given[0]!,
        value: options[given[0]!],
        rule: `${kind} is a look-up: it is read, never created or deleted, so lifecycle options do not apply`,
      },
    ];
  }
  const out: OptionProblem[] = [];
  for (const flag of ['protect', 'retainOnDelete'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean')
      out.push({ field: flag, value: options[flag], rule: 'must be true or false' });
  }
  const fields = ignorableFields(kind);
  const ignore = options['ignoreChanges'];
  if (ignore === undefined) return out;
  if (!Array.isArray(ignore) || !ignore.every((f) => typeof f === 'string')) {
    out.push({
      field: 'ignoreChanges',
      value: ignore,
      rule: `must be an array of field names of ${kind}: ${fields.join(', ')}`,
    });
    return out;
  }
  ignore.forEach((f: string, i) => {
    if (!fields.includes(f))
      out.push({
        field: `ignoreChanges[${i}]`,
        value: f,
        rule: `${kind} has no such field${didYouMean(f, fields)}; its fields are ${fields.join(', ')}`,
      });
  });
  return out;
}
