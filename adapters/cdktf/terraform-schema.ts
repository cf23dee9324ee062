/**
 * The Terraform provider schema of this project (the `terraform providers schema -json` format),
 * generated from the runtime property descriptions (`common/resource-schema.ts`) and the handlers'
 * schemas: immutable fields say so in their description (Terraform's "forces replacement"),
 * write-only fields are `sensitive`, server-set fields and referable attributes are `computed`.
 * It is what the CDKTF bindings are generated from; no Terraform provider binary implements it:
 * the reconciler reads the synthesized `cdk.tf.json` itself.
 */
import { RESOURCE_KINDS, type ResourceKind } from '../../common/manifest.js';
import { RESOURCE_ATTRIBUTES } from '../../common/resource-properties.js';
import { RESOURCE_SCHEMAS, type FieldSchema, type TypeSchema } from '../../common/resource-schema.js';
import type { ResourceSchema } from '../../common/contract/handler.js';
import { TERRAFORM_PROVIDER_SOURCE, terraformAttributeOf, terraformTypeOf } from './terraform-names.js';

/** A Terraform type expression: `"string"`, `["list","string"]`, `["object",{…}]`. */
export type TerraformType = string | readonly [string, TerraformType | { readonly [name: string]: TerraformType }];

/** One attribute of a Terraform schema block. */
export interface TerraformAttribute {
  readonly type?: TerraformType;
  readonly nested_type?: {
    readonly attributes: { readonly [name: string]: TerraformAttribute };
    readonly nesting_mode: 'single' | 'list';
  };
  readonly description: string;
  readonly description_kind: 'plain';
  readonly required?: true;
  readonly optional?: true;
  readonly computed?: true;
  readonly sensitive?: true;
}

/** A resource, data source or provider schema. */
export interface TerraformBlockSchema {
  readonly version: number;
  readonly block: {
    readonly attributes: { readonly [name: string]: TerraformAttribute };
    readonly description: string;
    readonly description_kind: 'plain';
  };
}

/** The whole document `terraform providers schema -json` prints. */
export interface TerraformProviderSchemaDocument {
  readonly format_version: '1.0';
  readonly provider_schemas: {
    readonly [source: string]: {
      readonly provider: TerraformBlockSchema;
      readonly resource_schemas: { readonly [type: string]: TerraformBlockSchema };
      readonly data_source_schemas: { readonly [type: string]: TerraformBlockSchema };
    };
  };
}

/** The provider block's settings: the stack's account and connection (`StackManifest`). */
const PROVIDER_FIELDS: readonly FieldSchema[] = [
  {
    name: 'account',
    type: 'string',
    required: false,
    description: 'Account login the stack manages (default: the converter option or TRITON_ACCOUNT).',
  },
  { name: 'user', type: 'string', required: false, description: 'Sub-user to act as.' },
  {
    name: 'cloudapiUrl',
    type: 'string',
    required: false,
    description: 'CloudAPI URL (default: TRITON_URL or the profile).',
  },
  { name: 'mantaUrl', type: 'string', required: false, description: 'Manta URL (default: MANTA_URL).' },
  { name: 'profile', type: 'string', required: false, description: 'Name of a ~/.triton profile.' },
  { name: 'keyId', type: 'string', required: false, description: 'Fingerprint of the signing key.' },
  { name: 'roles', type: 'list', element: { type: 'string' }, required: false, description: 'Roles to assume.' },
];

/** The settings the provider block takes, as property descriptions (for the converter). */
export const TERRAFORM_PROVIDER_FIELDS: readonly FieldSchema[] = PROVIDER_FIELDS;

/**
 * Builds the provider schema document.
 * @param handlerSchemas each kind's handler schema (from `cloudApiHandlers` and `mantaHandlers`)
 */
export function terraformProviderSchema(
  handlerSchemas: ReadonlyMap<ResourceKind, ResourceSchema>,
): TerraformProviderSchemaDocument {
  const resources: Record<string, TerraformBlockSchema> = {};
  const dataSources: Record<string, TerraformBlockSchema> = {};
  for (const kind of RESOURCE_KINDS) {
    const described = RESOURCE_SCHEMAS[kind];
    const handler = handlerSchemas.get(kind) ?? {
      immutable: [],
      writeOnly: [],
      computed: [],
      replaceStrategy: 'delete-then-create',
    };
    const attributes: Record<string, TerraformAttribute> = {};
    for (const field of described.properties)
      attributes[terraformAttributeOf(field.name)] = attributeOf(field, handler);
    for (const name of new Set(['id', ...RESOURCE_ATTRIBUTES[kind], ...handler.computed])) {
      const existing = attributes[terraformAttributeOf(name)];
      if (existing) {
        if (!existing.required && !existing.computed)
          attributes[terraformAttributeOf(name)] = { ...existing, computed: true };
        continue;
      }
      attributes[terraformAttributeOf(name)] = {
        type: name === 'outputs' ? ['list', 'string'] : name === 'errors' ? 'number' : 'string',
        description: computedDescription(name),
        description_kind: 'plain',
        computed: true,
      };
    }
    const schema: TerraformBlockSchema = {
      version: 0,
      block: { attributes: sortKeys(attributes), description: described.description, description_kind: 'plain' },
    };
    (described.mode === 'lookup' ? dataSources : resources)[terraformTypeOf(kind)] = schema;
  }
  const providerAttributes = Object.fromEntries(
    PROVIDER_FIELDS.map((f) => [terraformAttributeOf(f.name), attributeOf(f, undefined)]),
  );
  return {
    format_version: '1.0',
    provider_schemas: {
      [TERRAFORM_PROVIDER_SOURCE]: {
        provider: {
          version: 0,
          block: {
            attributes: providerAttributes,
            description:
              'triton-iac: Triton CloudAPI and Manta objects, planned and applied by the triton-iac reconciler.',
            description_kind: 'plain',
          },
        },
        resource_schemas: sortKeys(resources),
        data_source_schemas: sortKeys(dataSources),
      },
    },
  };
}

function attributeOf(field: FieldSchema, handler: ResourceSchema | undefined): TerraformAttribute {
  const notes = [field.description];
  if (handler?.immutable.includes(field.name)) notes.push('Changing this forces a replacement.');
  if (field.default !== undefined) notes.push(`Default: ${JSON.stringify(field.default)}.`);
  if (field.secret) notes.push('A reference to the secret ({source = "env"|"file", name}), never its value.');
  const presence: Pick<TerraformAttribute, 'required' | 'optional' | 'computed'> = field.derived
    ? { computed: true }
    : field.required && field.default === undefined
      ? { required: true }
      : { optional: true };
  const sensitive = handler?.writeOnly.includes(field.name) ? { sensitive: true as const } : {};
  return { ...typeOf(field), description: notes.join(' '), description_kind: 'plain', ...presence, ...sensitive };
}

function typeOf(type: TypeSchema): Pick<TerraformAttribute, 'type' | 'nested_type'> {
  switch (type.type) {
    case 'string':
    case 'number':
    case 'bool':
      return { type: type.type };
    case 'map':
      return { type: ['map', scalarType(type.element)] };
    case 'object':
      return { nested_type: { attributes: nestedAttributes(type.fields ?? []), nesting_mode: 'single' } };
    case 'list':
      if (type.element?.type === 'object')
        return { nested_type: { attributes: nestedAttributes(type.element.fields ?? []), nesting_mode: 'list' } };
      return { type: ['list', scalarType(type.element)] };
  }
}

function scalarType(type: TypeSchema | undefined): TerraformType {
  if (type === undefined) return 'string';
  const t = typeOf(type);
  return t.type ?? 'string';
}

function nestedAttributes(fields: readonly FieldSchema[]): Record<string, TerraformAttribute> {
  return Object.fromEntries(fields.map((f) => [terraformAttributeOf(f.name), attributeOf(f, undefined)]));
}

function computedDescription(name: string): string {
  const known: Record<string, string> = {
    id: 'Server id (the natural key for kinds without one).',
    etag: 'The object ETag.',
    state: 'Server-reported state.',
    outputs: 'Paths of the output objects.',
    errors: 'Number of errors.',
    url: 'The data center URL.',
  };
  return known[name] ?? `Set by the server: ${name}.`;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
