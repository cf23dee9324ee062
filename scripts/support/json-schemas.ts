/**
 * The kind-dependent parts of the published JSON schemas (`docs/manifest.schema.json`,
 * `docs/plan.schema.json`, `docs/state.schema.json`), generated from the kind descriptors
 * (`common/kinds/`): the kind lists, and the manifest's per-kind property shapes. The rest of each
 * file is hand-written and kept as it is. Shared by `scripts/json-schemas.ts`, which writes the
 * files, and `test/docs/json-schemas.test.ts`, which fails when a committed file is stale.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILT_IN_KINDS, type FieldSchema, type KindDescriptor, type TypeSchema } from '../../common/kinds/index.js';

/** The command that regenerates the committed files. */
export const JSON_SCHEMAS_COMMAND = 'npx tsx scripts/json-schemas.ts';

/** Absolute paths of the three schema files. */
export const JSON_SCHEMA_FILES = {
  manifest: fileURLToPath(new URL('../../docs/manifest.schema.json', import.meta.url)),
  plan: fileURLToPath(new URL('../../docs/plan.schema.json', import.meta.url)),
  state: fileURLToPath(new URL('../../docs/state.schema.json', import.meta.url)),
} as const;

type Json = { [key: string]: unknown };

/** Each schema file's content as it should be, from the files as they are and the descriptors. */
export function renderJsonSchemas(): Map<string, string> {
  const kinds = BUILT_IN_KINDS.map((d) => d.kind);
  const out = new Map<string, string>();
  out.set(
    JSON_SCHEMA_FILES.manifest,
    renderManifestSchema(readFileSync(JSON_SCHEMA_FILES.manifest, 'utf8'), BUILT_IN_KINDS),
  );
  for (const file of [JSON_SCHEMA_FILES.plan, JSON_SCHEMA_FILES.state])
    out.set(file, withKindEnum(readFileSync(file, 'utf8'), kinds));
  return out;
}

/** `text` with the one-line `"kind": { "enum": [...] }` list replaced by `kinds`. */
function withKindEnum(text: string, kinds: readonly string[]): string {
  const pattern = /("kind": \{\s*"enum": )\[[^\]]*\]/;
  if (!pattern.test(text)) throw new Error('no "kind": { "enum": [...] } in a schema file');
  return text.replace(pattern, (_m, head: string) => `${head}[${kinds.map((k) => JSON.stringify(k)).join(', ')}]`);
}

function renderManifestSchema(text: string, descriptors: readonly KindDescriptor[]): string {
  const doc = JSON.parse(text) as Json & { $defs: Json & { resource: Json & { properties: Json & { kind: Json } } } };
  const old = new Set((doc.$defs.resource.properties.kind.enum as string[] | undefined) ?? []);
  const defs: Json = {};
  for (const [name, def] of Object.entries(doc.$defs)) if (!old.has(name)) defs[name] = def;
  const resource = defs.resource as typeof doc.$defs.resource;
  resource.properties.kind = { ...resource.properties.kind, enum: descriptors.map((d) => d.kind) };
  resource.allOf = descriptors.map((d) => ({
    if: { properties: { kind: { const: d.kind } } },
    then: { properties: { properties: { $ref: `#/$defs/${d.kind}` } } },
  }));
  for (const d of descriptors)
    defs[d.kind] = {
      ...objectOf(d.properties),
      description: `${d.mode === 'lookup' ? 'Read-only. ' : ''}${d.description} Natural key: ${d.naturalKeyText}.`,
    };
  return `${JSON.stringify({ ...doc, $defs: defs }, null, 2)}\n`;
}

function objectOf(fields: readonly FieldSchema[]): Json {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map((f) => [f.name, { ...schemaOf(f), description: f.description }])),
    required: fields.filter((f) => f.required).map((f) => f.name),
  };
}

function schemaOf(t: TypeSchema): Json {
  const base = baseOf(t);
  return t.refable ? { oneOf: [base, { $ref: '#/$defs/ref' }] } : base;
}

function baseOf(t: TypeSchema): Json {
  switch (t.type) {
    case 'string':
      if (t.oneOf) return { enum: t.oneOf };
      return {
        type: 'string',
        ...(t.pattern !== undefined ? { pattern: t.pattern } : {}),
        ...(t.minLength !== undefined ? { minLength: t.minLength } : {}),
      };
    case 'number':
      if (t.oneOf) return { enum: t.oneOf };
      return {
        type: t.integer ? 'integer' : 'number',
        ...(t.minimum !== undefined ? { minimum: t.minimum } : {}),
        ...(t.maximum !== undefined ? { maximum: t.maximum } : {}),
      };
    case 'bool':
      return { type: 'boolean' };
    case 'list':
      return {
        type: 'array',
        items: schemaOf(t.element ?? { type: 'string' }),
        ...(t.minItems !== undefined ? { minItems: t.minItems } : {}),
      };
    case 'map':
      return { type: 'object', additionalProperties: schemaOf(t.element ?? { type: 'string' }) };
    case 'object':
      if (t.secret) return { $ref: '#/$defs/secret' };
      if (t.exactlyOne) return { oneOf: (t.fields ?? []).map((f) => objectOf([{ ...f, required: true }])) };
      return objectOf(t.fields ?? []);
  }
}
