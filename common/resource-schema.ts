/**
 * A runtime description of every kind's properties: the same shapes as the TypeScript interfaces of
 * `common/resource-properties.ts`, as data, taken from the kind descriptors (`common/kinds/`). The adapters generate from it (the Terraform provider
 * schema behind the CDKTF bindings, the `triton-iac schema` command) and check manifests against it;
 * a test checks the quickstart example's manifest against it so the two descriptions cannot drift.
 *
 * Conventions:
 * - A field typed `string | RefValue` is described as `string`: any value may be a `{ $ref }`.
 * - A `SecretValue` field is an `object` with `secret: true`; its `fields` describe what is inside
 *   `$secret` (`source`, and `name` for `env`/`file`).
 * - A union of one-key objects (`ObjectContent`) is an `object` whose fields are all optional, with
 *   `exactlyOne: true`.
 * - `derived` fields are required in a manifest but computed by the library at synth from other
 *   fields (a key's fingerprint, an object's MD5 and size); a user never writes them.
 * - `default` is what the construct library fills when the user gives nothing; the field is then
 *   required in the manifest but optional to the user.
 */
import {
  BUILT_IN_KINDS,
  isSecretField,
  kindDescriptor,
  shownValue,
  type FieldSchema,
  type TypeSchema,
} from './kinds/index.js';
import type { ResourceKind } from './manifest.js';

export type { DefaultValue, FieldSchema, PropertyType, TypeSchema } from './kinds/index.js';

/** The properties of one kind. */
export interface KindSchema {
  readonly kind: ResourceKind;
  /** `lookup` kinds are read-only queries (Terraform data sources). */
  readonly mode: 'managed' | 'lookup';
  readonly description: string;
  readonly properties: readonly FieldSchema[];
}

/** Every built-in kind's properties, in the order of `RESOURCE_KINDS`, from the descriptors in `common/kinds/`. */
export const RESOURCE_SCHEMAS = Object.fromEntries(
  BUILT_IN_KINDS.map((d) => [
    d.kind,
    { kind: d.kind, mode: d.mode, description: d.description, properties: d.properties },
  ]),
) as unknown as { readonly [K in ResourceKind]: KindSchema };

/**
 * Checks manifest properties against the kind's description: every property known, every required
 * one present, every value of the described type. A `{ $ref }` is accepted wherever a value is.
 * Pure; does not check the value rules of `common/rules` (logins, paths), only shapes.
 * @param where the prefix of every message's field path (a manifest's JSON path, say). @default kind
 * @returns one message per problem, naming the field, the value and the rule; empty when it conforms.
 */
export function checkProperties(
  kind: string,
  properties: { readonly [key: string]: unknown },
  where: string = kind,
): string[] {
  const schema = kindDescriptor(kind);
  if (schema === undefined) return [`kind ${JSON.stringify(kind)} is not a known resource kind`];
  return checkFields(where, schema.properties, properties);
}

function checkFields(
  where: string,
  fields: readonly FieldSchema[],
  value: { readonly [key: string]: unknown },
  masked = false,
): string[] {
  const problems: string[] = [];
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(value)) {
    if (!known.has(key)) problems.push(`${where}.${key}: unknown property (known: ${[...known].join(', ')})`);
  }
  for (const field of fields) {
    const v = value[field.name];
    if (v === undefined) {
      if (field.required) problems.push(`${where}.${field.name}: required, but absent`);
      continue;
    }
    problems.push(...checkType(`${where}.${field.name}`, field, v, masked));
  }
  return problems;
}

function checkType(where: string, type: TypeSchema, value: unknown, inSecret = false): string[] {
  // A reference, or another app's output read before planning: its value is checked where it is known.
  if (typeof value === 'object' && value !== null && ('$ref' in value || '$output' in value)) return [];
  // A password written in clear where its reference belongs is the value most likely to be wrong here.
  const masked = inSecret || isSecretField(type);
  const shown = shownValue(value, type, masked, 60);
  const isRecord = typeof value === 'object' && value !== null && !Array.isArray(value);
  switch (type.type) {
    case 'string':
    case 'number':
      if (typeof value !== type.type) return [`${where}: ${shown} is not a ${type.type}`];
      if (type.oneOf && !type.oneOf.includes(value as string | number))
        return [`${where}: ${shown} is not one of ${type.oneOf.join(', ')}`];
      return [];
    case 'bool':
      return typeof value === 'boolean' ? [] : [`${where}: ${shown} is not a boolean`];
    case 'list':
      if (!Array.isArray(value)) return [`${where}: ${shown} is not a list`];
      return value.flatMap((item, i) => checkType(`${where}[${i}]`, type.element ?? { type: 'string' }, item, masked));
    case 'map':
      if (!isRecord) return [`${where}: ${shown} is not a map`];
      return Object.entries(value).flatMap(([k, item]) =>
        checkType(`${where}.${k}`, type.element ?? { type: 'string' }, item, masked),
      );
    case 'object': {
      if (!isRecord)
        return [
          type.secret
            ? `${where}: ${shown} is not a { $secret: { source, name } } placeholder`
            : `${where}: ${shown} is not an object`,
        ];
      const record = value as { readonly [key: string]: unknown };
      if (type.secret) {
        const inner = record.$secret;
        if (Object.keys(record).length !== 1 || typeof inner !== 'object' || inner === null)
          return [`${where}: ${shown} is not a { $secret: { source, name } } placeholder`];
        return checkFields(`${where}.$secret`, type.fields ?? [], inner as { readonly [key: string]: unknown }, masked);
      }
      const problems = checkFields(where, type.fields ?? [], record, masked);
      if (type.exactlyOne && Object.keys(record).length !== 1)
        problems.push(
          `${where}: ${shown} must have exactly one of ${(type.fields ?? []).map((f) => f.name).join(', ')}`,
        );
      return problems;
    }
  }
}
