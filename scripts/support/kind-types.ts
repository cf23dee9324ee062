/**
 * The TypeScript types generated from the kind descriptors (`common/kinds/`): the property interface
 * of each kind and the by-kind map (`common/kinds/generated/properties.ts`, re-exported by
 * `common/resource-properties.ts`), and the Pulumi argument types and resource classes
 * (`adapters/pulumi/generated/resources.ts`, re-exported by `adapters/pulumi/resources.ts`). Shared
 * by `scripts/kind-types.ts`, which writes the files, and `test/docs/kind-types.test.ts`, which
 * fails when a committed file is stale. The output is run through Prettier, so that it is
 * committed as generated.
 */
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { BUILT_IN_KINDS, type FieldSchema, type KindDescriptor, type TypeSchema } from '../../common/kinds/index.js';
import type { TypeName } from '../../common/kinds/types.js';

/** The command that regenerates the committed files. */
export const KIND_TYPES_COMMAND = 'npx tsx scripts/kind-types.ts';

/** Absolute paths of the generated files. */
export const KIND_TYPES_FILES = {
  properties: fileURLToPath(new URL('../../common/kinds/generated/properties.ts', import.meta.url)),
  pulumi: fileURLToPath(new URL('../../adapters/pulumi/generated/resources.ts', import.meta.url)),
} as const;

/** The file comment of a generated file: what it holds, and that it is generated. */
function header(what: string): string {
  return `/**\n * ${what}\n *\n * Generated from the kind descriptors (\`common/kinds/\`) by \`${KIND_TYPES_COMMAND}\`: do not edit.\n */`;
}

/** Each generated file's content, formatted, from the built-in kinds' descriptors. */
export async function renderKindTypes(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  out.set(KIND_TYPES_FILES.properties, await formatted(KIND_TYPES_FILES.properties, renderProperties(BUILT_IN_KINDS)));
  out.set(KIND_TYPES_FILES.pulumi, await formatted(KIND_TYPES_FILES.pulumi, renderPulumi(BUILT_IN_KINDS)));
  return out;
}

async function formatted(file: string, text: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file });
}

/** The stem of a kind's generated names: its `typeName`, else the kind in PascalCase. */
export function typeStemOf(descriptor: KindDescriptor): string {
  return (
    descriptor.typeName ?? descriptor.kind.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase())
  );
}

function doc(text: string): string {
  return `/** ${text.replace(/\*\//g, '*\\/')} */\n`;
}

/** Named types (and field groups) met while rendering, emitted once each before the interfaces. */
class NamedTypes {
  private readonly texts = new Map<string, string>();

  add(name: TypeName, render: () => string): string {
    if (!this.texts.has(name.name)) {
      this.texts.set(name.name, ''); // reserve the slot (and the order) before rendering nested types
      this.texts.set(name.name, render());
    }
    return name.name;
  }

  textOf(name: string): string | undefined {
    return this.texts.get(name);
  }

  all(): string {
    return [...this.texts.values()].join('\n');
  }
}

function literal(value: string | number): string {
  return typeof value === 'string' ? `'${value.replace(/'/g, "\\'")}'` : String(value);
}

function tsType(t: TypeSchema, named: NamedTypes): string {
  const ref = t.refable ? ' | RefValue' : '';
  switch (t.type) {
    case 'string':
    case 'number':
      return (t.oneOf === undefined || t.plainType ? t.type : t.oneOf.map(literal).join(' | ')) + ref;
    case 'bool':
      return 'boolean' + ref;
    case 'list': {
      const element = tsType(t.element!, named);
      return `readonly ${element.includes('|') ? `(${element})` : element}[]`;
    }
    case 'map':
      return `{ readonly [key: string]: ${tsType(t.element!, named)} }`;
    case 'object':
      if (t.secret) return 'SecretValue';
      if (t.typeName !== undefined) {
        const name = t.typeName;
        return named.add(name, () =>
          t.exactlyOne
            ? `${doc(name.description)}export type ${name.name} =\n${objectUnion(t, named)};\n`
            : `${doc(name.description)}export interface ${name.name} {\n${fieldLines(t.fields ?? [], named)}}\n`,
        );
      }
      return t.exactlyOne ? objectUnion(t, named) : `{\n${fieldLines(t.fields ?? [], named)}}`;
  }
}

/** An `exactlyOne` object: one single-field object per field, each documented. */
function objectUnion(t: TypeSchema, named: NamedTypes): string {
  return (t.fields ?? []).map((f) => `${doc(f.description)}| { readonly ${f.name}: ${tsType(f, named)} }`).join('\n');
}

function fieldLines(fields: readonly FieldSchema[], named: NamedTypes): string {
  return fields
    .map((f) => `${doc(f.description)}readonly ${quoted(f.name)}${f.required ? '' : '?'}: ${tsType(f, named)};\n`)
    .join('');
}

function quoted(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}

/** One kind's property interface, extending the interfaces of its field groups. */
function propertiesInterface(d: KindDescriptor, named: NamedTypes): string {
  const groups = new Map<string, { group: TypeName; fields: FieldSchema[] }>();
  for (const f of d.properties)
    if (f.group !== undefined) {
      const entry = groups.get(f.group.name) ?? { group: f.group, fields: [] };
      entry.fields.push(f);
      groups.set(f.group.name, entry);
    }
  for (const { group, fields } of groups.values()) {
    const body = `${doc(group.description)}export interface ${group.name} {\n${fieldLines(fields, named)}}\n`;
    named.add(group, () => body);
    if (named.textOf(group.name) !== body)
      throw new Error(`kind ${d.kind}: the fields of group ${group.name} differ from another kind's`);
  }
  const extendsClause = groups.size === 0 ? '' : ` extends ${[...groups.keys()].join(', ')}`;
  const own = d.properties.filter((f) => f.group === undefined);
  const summary = `\`${d.kind}\`: ${d.description} Natural key: ${d.naturalKeyText}.`;
  // A kind with no properties of its own (the account look-up) gets a type, not an empty interface,
  // which lint refuses because it would accept any object.
  if (own.length === 0 && groups.size === 0)
    return `${doc(summary)}export type ${typeStemOf(d)}Properties = Record<string, never>;\n`;
  return `${doc(summary)}export interface ${typeStemOf(d)}Properties${extendsClause} {\n${fieldLines(own, named)}}\n`;
}

/** `common/kinds/generated/properties.ts`: the property interfaces and `ResourcePropertiesByKind`. */
export function renderProperties(kinds: readonly KindDescriptor[]): string {
  const named = new NamedTypes();
  const interfaces = kinds.map((d) => propertiesInterface(d, named));
  const byKind = kinds.map((d) => `${quoted(d.kind)}: ${typeStemOf(d)}Properties;\n`).join('');
  return [
    header('The manifest property types of each kind (see `common/resource-properties.ts`).'),
    "import type { RefValue, SecretValue } from '../../manifest.js';\n",
    named.all(),
    interfaces.join('\n'),
    `${doc('The properties type of each kind.')}export interface ResourcePropertiesByKind {\n${byKind}}\n`,
  ].join('\n');
}

function union(names: readonly string[]): string {
  return names.map(literal).join(' | ');
}

/** One managed kind's Pulumi arguments type and resource class. */
function pulumiResource(d: KindDescriptor): string {
  const rule = d.pulumi!;
  const className = rule.className ?? typeStemOf(d);
  const derived = d.properties.filter((f) => f.derived);
  const secrets = d.properties.filter((f) => f.secret);
  const withDefaults = d.properties.filter((f) => !f.derived && !f.secret && f.required && f.default !== undefined);
  let base = `${typeStemOf(d)}Properties`;
  const omitted = [...derived, ...secrets].map((f) => f.name);
  if (omitted.length > 0) base = `Omit<${base}, ${union(omitted)}>`;
  if (withDefaults.length > 0) base = `WithDefaults<${base}, ${union(withDefaults.map((f) => f.name))}>`;
  const secretInputs = secrets.map(
    (f) => ` & { readonly ${f.name}${f.required && f.default === undefined ? '' : '?'}: pulumi.Input<string> }`,
  );
  const notes = [
    ...derived.map((f) => `\`${f.name}\` is computed from \`${f.derivedFrom?.field ?? '?'}\``),
    ...secrets.map((f) => `\`${f.name}\` is the clear value (a Pulumi secret)`),
    ...(rule.argsNote === undefined ? [] : [rule.argsNote]),
  ];
  const argsDoc = `Arguments of {@link ${className}}${notes.length === 0 ? '' : `: ${notes.join('; ')}`}.`;
  const outputs = rule.outputs ?? [];
  const declared = outputs.map((name) => {
    const field = d.properties.find((f) => f.name === name);
    const server = d.serverFields?.some((f) => f.name === name) ?? false;
    if (field === undefined ? !server : field.type !== 'string')
      throw new Error(`kind ${d.kind}: Pulumi output ${name} is neither a string property nor a server field`);
    return `declare readonly ${name}: pulumi.Output<string>;\n`;
  });
  const shape = `{ outputs: [${outputs.map(literal).join(', ')}], secrets: [${secrets.map((f) => literal(f.name)).join(', ')}] }`;
  return [
    `${doc(argsDoc)}export type ${className}Args = Inputs<${base}> & Common${secretInputs.join('')};\n`,
    `${doc(rule.summary)}export class ${className} extends TritonDynamicResource {\n${declared.join('')}` +
      `constructor(name: string, args: ${className}Args, opts?: pulumi.CustomResourceOptions) {\n` +
      `super(${literal(d.kind)}, ${literal(className)}, name, args, ${shape}, opts);\n}\n}\n`,
  ].join('\n');
}

/** `adapters/pulumi/generated/resources.ts`: the arguments type and class of each kind with a Pulumi rule. */
export function renderPulumi(kinds: readonly KindDescriptor[]): string {
  const withClass = kinds.filter((d) => d.pulumi !== undefined);
  const propertyTypes = withClass.map((d) => `${typeStemOf(d)}Properties`).sort();
  return [
    header('The Pulumi argument types and resource classes of each kind (see `adapters/pulumi/resources.ts`).'),
    "import * as pulumi from '@pulumi/pulumi';",
    `import type { ${propertyTypes.join(', ')} } from '../../../common/resource-properties.js';`,
    "import { TritonDynamicResource, type Common, type Inputs, type WithDefaults } from '../private/dynamic-resource.js';\n",
    withClass.map(pulumiResource).join('\n'),
  ].join('\n');
}
