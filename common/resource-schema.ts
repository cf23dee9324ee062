/**
 * A runtime description of every kind's properties: the same shapes as the TypeScript interfaces of
 * `common/resource-properties.ts`, as data. The adapters generate from it (the Terraform provider
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
import type { ResourceKind } from './manifest.js';

/** The type of a property value. */
export type PropertyType = 'string' | 'number' | 'bool' | 'list' | 'map' | 'object';

/** The type of a property, with the element type of lists and maps and the fields of objects. */
export interface TypeSchema {
  readonly type: PropertyType;
  /** For `list` and `map`: the type of the elements (map keys are always strings). */
  readonly element?: TypeSchema;
  /** For `object`: its fields. */
  readonly fields?: readonly FieldSchema[];
  /** For `object`: a `{ $secret: {...} }` placeholder whose inner fields are `fields`. */
  readonly secret?: true;
  /** For `object`: exactly one of the (all optional) fields must be present. */
  readonly exactlyOne?: true;
  /** For `string` and `number`: the only values allowed. */
  readonly oneOf?: readonly (string | number)[];
}

/** One property of a kind (or one field of an object property). */
export interface FieldSchema extends TypeSchema {
  /** The property name as it appears in a manifest. */
  readonly name: string;
  /** Whether a manifest must carry it. */
  readonly required: boolean;
  /** One sentence for generated documentation. */
  readonly description: string;
  /** Computed by the library at synth from other fields; never written by a user. */
  readonly derived?: true;
  /** The value the library fills when the user gives none (the field is then optional to users). */
  readonly default?: DefaultValue;
}

/** A JSON value, for defaults. */
export type DefaultValue = string | number | boolean | readonly DefaultValue[] | { readonly [key: string]: DefaultValue };

/** The properties of one kind. */
export interface KindSchema {
  readonly kind: ResourceKind;
  /** `lookup` kinds are read-only queries (Terraform data sources). */
  readonly mode: 'managed' | 'lookup';
  readonly description: string;
  readonly properties: readonly FieldSchema[];
}

const str = (name: string, required: boolean, description: string, extra: Partial<FieldSchema> = {}): FieldSchema => ({ name, type: 'string', required, description, ...extra });
const strList = (name: string, required: boolean, description: string, extra: Partial<FieldSchema> = {}): FieldSchema => ({
  name,
  type: 'list',
  element: { type: 'string' },
  required,
  description,
  ...extra,
});

const PROFILE: readonly FieldSchema[] = [
  str('companyName', false, 'Company name.'),
  str('firstName', false, 'Given name.'),
  str('lastName', false, 'Family name.'),
  str('address', false, 'Postal address.'),
  str('postalCode', false, 'Postal code.'),
  str('city', false, 'City.'),
  str('state', false, 'State or region.'),
  str('country', false, 'Country.'),
  str('phone', false, 'Phone number.'),
];

const SECRET_FIELDS: readonly FieldSchema[] = [
  str('source', true, 'Where the value comes from at apply time: an environment variable, a file, or generated at create.', { oneOf: ['env', 'file', 'generated'] }),
  str('name', false, 'The environment variable or file name (absent for generated).'),
];

const JOB_PHASE: readonly FieldSchema[] = [
  str('type', true, 'Phase type.', { oneOf: ['map', 'reduce'] }),
  str('exec', true, 'The command the phase runs.'),
  str('init', false, 'A command run once before the phase.'),
  strList('assets', false, 'Canonical Manta paths of asset objects.'),
  { name: 'count', type: 'number', required: false, description: 'Reducer count (reduce phases only, 1 to 1024).' },
  { name: 'memory', type: 'number', required: false, description: 'Memory in MB.', oneOf: [256, 512, 1024, 2048, 4096, 8192] },
  { name: 'disk', type: 'number', required: false, description: 'Disk in GB.', oneOf: [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024] },
];

/** Every kind's properties, in the order of `RESOURCE_KINDS`. */
export const RESOURCE_SCHEMAS: { readonly [K in ResourceKind]: KindSchema } = {
  account: {
    kind: 'account',
    mode: 'managed',
    description: "The updatable fields of the stack's account (one per stack).",
    properties: [...PROFILE, str('email', false, 'Contact email.'), { name: 'svc_cns_enabled', type: 'bool', required: false, description: 'Whether the container name service is enabled.' }],
  },
  'account-config': {
    kind: 'account-config',
    mode: 'managed',
    description: 'The account configuration (one per stack).',
    properties: [str('default_network', true, 'Network id used for third-party-tool containers.')],
  },
  key: {
    kind: 'key',
    mode: 'managed',
    description: 'An SSH key of the account; any change is a replacement.',
    properties: [
      str('name', false, "Key name; the server uses the key's comment, then the fingerprint, when absent."),
      str('key', true, 'The public key, one OpenSSH line.'),
      str('fingerprint', true, 'Colon-separated hexadecimal MD5 fingerprint of the key.', { derived: true }),
      strList('attestation', false, 'Hardware attestation certificate chain (PEM strings, leaf first).'),
    ],
  },
  user: {
    kind: 'user',
    mode: 'managed',
    description: 'A sub-user of the account.',
    properties: [
      str('login', true, 'Login, case preserved.'),
      str('email', true, 'Email address.'),
      ...PROFILE,
      {
        name: 'password',
        type: 'object',
        secret: true,
        fields: SECRET_FIELDS,
        required: true,
        description: 'Where the password comes from at apply time; never stored.',
        default: { $secret: { source: 'generated' } },
      },
    ],
  },
  'user-key': {
    kind: 'user-key',
    mode: 'managed',
    description: 'An SSH key of a sub-user; any change is a replacement.',
    properties: [
      str('user', true, 'Login of the owning sub-user.'),
      str('name', false, 'Key name.'),
      str('key', true, 'The public key, one OpenSSH line.'),
      str('fingerprint', true, 'Colon-separated hexadecimal MD5 fingerprint of the key.', { derived: true }),
    ],
  },
  policy: {
    kind: 'policy',
    mode: 'managed',
    description: 'An access-control policy.',
    properties: [str('name', true, 'Policy name.'), strList('rules', true, 'Rules in the access-control language, in order.'), str('description', false, 'Description.')],
  },
  role: {
    kind: 'role',
    mode: 'managed',
    description: 'A role: members and the policies they get.',
    properties: [
      str('name', true, 'Role name.'),
      {
        name: 'members',
        type: 'list',
        element: {
          type: 'object',
          fields: [
            str('type', true, '`subuser` for a sub-user, `account` for the account owner.', { oneOf: ['subuser', 'account'] }),
            str('login', true, "The member's login."),
            { name: 'default', type: 'bool', required: true, description: 'Whether the role is active for this member by default.' },
          ],
        },
        required: true,
        description: 'Every member of the role, sorted by type then login.',
        default: [],
      },
      strList('policies', true, 'Names of the policies of the role, sorted.', { default: [] }),
    ],
  },
  'role-tag': {
    kind: 'role-tag',
    mode: 'managed',
    description: 'The role tags of one CloudAPI resource path.',
    properties: [
      str('path', true, 'Canonical path `/<account>/<collection>[/<name>]`.'),
      strList('roles', true, 'Role names, sorted.'),
      { name: 'exclusive', type: 'bool', required: false, description: "True: the path's whole list (other roles there are removed); otherwise only these roles are managed there." },
    ],
  },
  image: {
    kind: 'image',
    mode: 'managed',
    description: 'A custom image created from a stopped, prepared machine.',
    properties: [
      str('machine', true, 'Source machine id.'),
      str('name', true, 'Image name.'),
      str('version', true, 'Image version.'),
      str('description', false, 'Description.'),
      str('homepage', false, 'Homepage URL.'),
      str('eula', false, 'EULA URL.'),
      strList('acl', false, 'Account UUIDs allowed to use the image, sorted.'),
      { name: 'tags', type: 'map', element: { type: 'string' }, required: false, description: 'Image tags.' },
      str('exportTo', false, 'Manta path prefix the image is exported to after create.'),
      strList('roleTags', false, 'Role names set as role tags on the image after create.'),
    ],
  },
  'image-lookup': {
    kind: 'image-lookup',
    mode: 'lookup',
    description: 'A read-only image query resolved at plan time.',
    properties: [
      str('name', false, 'Image name.'),
      str('os', false, 'Operating system.'),
      str('version', false, 'Image version.'),
      str('owner', false, 'Owner account UUID.'),
      { name: 'public', type: 'bool', required: false, description: 'Public images only (true) or private only (false).' },
      str('type', false, 'Image type.'),
      str('state', false, 'Image state; `active` unless given, `all` for every state.'),
      { name: 'mostRecent', type: 'bool', required: true, description: 'Pick the newest of several matches instead of failing.', default: false },
    ],
  },
  'datacenter-lookup': {
    kind: 'datacenter-lookup',
    mode: 'lookup',
    description: 'A read-only data center look-up.',
    properties: [str('name', true, 'Data center name.')],
  },
  directory: {
    kind: 'directory',
    mode: 'managed',
    description: 'A Manta directory.',
    properties: [str('path', true, 'Canonical Manta path.'), strList('roleTags', false, 'Role names sent as the role-tag header, sorted.')],
  },
  object: {
    kind: 'object',
    mode: 'managed',
    description: 'A Manta object.',
    properties: [
      str('path', true, 'Canonical Manta path.'),
      {
        name: 'content',
        type: 'object',
        exactlyOne: true,
        fields: [str('text', false, 'Inline UTF-8 text.'), str('base64', false, 'Inline bytes, base64.'), str('file', false, 'A local file, relative to the working directory.')],
        required: true,
        description: "Where the object's bytes come from: exactly one of text, base64 or file.",
      },
      str('md5', true, 'Base64 MD5 of the content.', { derived: true }),
      { name: 'size', type: 'number', required: true, description: 'Content length in bytes.', derived: true },
      str('contentType', true, 'Content-Type.', { default: 'application/octet-stream' }),
      { name: 'headers', type: 'map', element: { type: 'string' }, required: true, description: 'Custom headers (m-* and CORS), names lower-cased.', default: {} },
      { name: 'durability', type: 'number', required: true, description: 'Number of copies (durability-level).', default: 2 },
      strList('roleTags', true, 'Role names sent as the role-tag header, sorted.', { default: [] }),
    ],
  },
  snaplink: {
    kind: 'snaplink',
    mode: 'managed',
    description: 'A Manta snaplink; any change is a replacement.',
    properties: [str('path', true, "The link's canonical path."), str('source', true, 'The canonical path of the object linked to.')],
  },
  job: {
    kind: 'job',
    mode: 'managed',
    description: 'A Manta compute job; a changed definition is a new job.',
    properties: [
      str('name', true, 'Job name.'),
      { name: 'phases', type: 'list', element: { type: 'object', fields: JOB_PHASE }, required: true, description: 'The phases, in order.' },
      strList('inputs', true, 'Canonical Manta paths of the input objects, in order.'),
      { name: 'wait', type: 'bool', required: true, description: 'Whether the apply waits for the job to finish.', default: true },
    ],
  },
};

/**
 * Checks manifest properties against the kind's description: every property known, every required
 * one present, every value of the described type. A `{ $ref }` is accepted wherever a value is.
 * Pure; does not check the value rules of `common/rules` (logins, paths), only shapes.
 * @param where the prefix of every message's field path (a manifest's JSON path, say). @default kind
 * @returns one message per problem, naming the field, the value and the rule; empty when it conforms.
 */
export function checkProperties(kind: ResourceKind, properties: { readonly [key: string]: unknown }, where: string = kind): string[] {
  const schema = RESOURCE_SCHEMAS[kind];
  if (schema === undefined) return [`kind ${JSON.stringify(kind)} is not a known resource kind`];
  return checkFields(where, schema.properties, properties);
}

function checkFields(where: string, fields: readonly FieldSchema[], value: { readonly [key: string]: unknown }): string[] {
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
    problems.push(...checkType(`${where}.${field.name}`, field, v));
  }
  return problems;
}

function checkType(where: string, type: TypeSchema, value: unknown): string[] {
  if (typeof value === 'object' && value !== null && '$ref' in value) return [];
  const shown = JSON.stringify(value)?.slice(0, 60);
  const isRecord = typeof value === 'object' && value !== null && !Array.isArray(value);
  switch (type.type) {
    case 'string':
    case 'number':
      if (typeof value !== type.type) return [`${where}: ${shown} is not a ${type.type}`];
      if (type.oneOf && !type.oneOf.includes(value as string | number)) return [`${where}: ${shown} is not one of ${type.oneOf.join(', ')}`];
      return [];
    case 'bool':
      return typeof value === 'boolean' ? [] : [`${where}: ${shown} is not a boolean`];
    case 'list':
      if (!Array.isArray(value)) return [`${where}: ${shown} is not a list`];
      return value.flatMap((item, i) => checkType(`${where}[${i}]`, type.element ?? { type: 'string' }, item));
    case 'map':
      if (!isRecord) return [`${where}: ${shown} is not a map`];
      return Object.entries(value).flatMap(([k, item]) => checkType(`${where}.${k}`, type.element ?? { type: 'string' }, item));
    case 'object': {
      if (!isRecord) return [type.secret ? `${where}: ${shown} is not a { $secret: { source, name } } placeholder` : `${where}: ${shown} is not an object`];
      const record = value as { readonly [key: string]: unknown };
      if (type.secret) {
        const inner = record.$secret;
        if (Object.keys(record).length !== 1 || typeof inner !== 'object' || inner === null) return [`${where}: ${shown} is not a { $secret: { source, name } } placeholder`];
        return checkFields(`${where}.$secret`, type.fields ?? [], inner as { readonly [key: string]: unknown });
      }
      const problems = checkFields(where, type.fields ?? [], record);
      if (type.exactlyOne && Object.keys(record).length !== 1) problems.push(`${where}: ${shown} must have exactly one of ${(type.fields ?? []).map((f) => f.name).join(', ')}`);
      return problems;
    }
  }
}
