/**
 * Turns the attribute values of one `cdk.tf.json` block into manifest property values: Terraform
 * attribute names back to property names, `${…}` expressions into references, secret references into
 * `{ $secret }` placeholders. Pure; every failure names the block, the field and the value.
 */
import type { ManifestValue } from '../../../common/manifest.js';
import { isSecretField, shownValue } from '../../../common/kinds/index.js';
import type { FieldSchema, TypeSchema } from '../../../common/resource-schema.js';
import { AdapterError } from '../../errors.js';
import { fieldOfAttribute } from '../terraform-names.js';

/** A `${type.name.attribute}` or `${data.type.name.attribute}` expression, parsed. */
export interface TerraformReference {
  readonly dataSource: boolean;
  readonly type: string;
  readonly name: string;
  /** The attribute path after the block name (`id`, `members.0.login`). */
  readonly attribute: string;
}

/** Resolves one reference to a manifest value (a literal or a `{ $ref }`), recording the dependency. */
export type ReferenceResolver = (ref: TerraformReference, where: string) => ManifestValue;

const WHOLE_EXPRESSION = /^\$\{([^{}]*)\}$/;
const REFERENCE = /^(data\.)?([A-Za-z_][\w-]*)\.([A-Za-z_][\w-]*)\.([\w.-]+)$/;

/**
 * Parses a string that is exactly one `${…}` reference, or returns `undefined` for a plain string.
 * @param masked the string is a secret's (a password written in clear): the message never shows it
 */
export function parseReference(value: string, where: string, masked = false): TerraformReference | undefined {
  if (!value.includes('${')) return undefined;
  const whole = WHOLE_EXPRESSION.exec(value);
  const expr = whole?.[1]?.trim();
  const m = expr !== undefined ? REFERENCE.exec(expr) : null;
  if (!whole || !m) {
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      `${where}: ${shownValue(value, undefined, masked, 200)} is a Terraform expression this converter cannot evaluate; only a whole-value reference to another tritoniac block (\${tritoniac_x.name.attribute}) is supported, not interpolation, variables or functions`,
    );
  }
  return { dataSource: m[1] !== undefined, type: m[2]!, name: m[3]!, attribute: m[4]! };
}

/** Converts the attributes of a block into properties described by `fields`. */
export function convertFields(
  where: string,
  fields: readonly FieldSchema[],
  attrs: { readonly [key: string]: unknown },
  resolve: ReferenceResolver,
  masked = false,
): Record<string, ManifestValue> {
  const out: Record<string, ManifestValue> = {};
  for (const [attribute, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    const field = fieldOfAttribute(fields, attribute);
    if (!field) {
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${where}.${attribute}: unknown attribute (known: ${fields
          .filter((f) => !f.derived)
          .map((f) => f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
          .join(', ')})`,
      );
    }
    if (field.derived)
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${where}.${attribute}: is computed from the other attributes and cannot be set`,
      );
    out[field.name] = convertValue(`${where}.${attribute}`, field, value, resolve, masked);
  }
  return out;
}

function convertValue(
  where: string,
  type: TypeSchema,
  value: unknown,
  resolve: ReferenceResolver,
  inSecret = false,
): ManifestValue {
  // Inside a secret (a password given in clear, say) no message shows a value (common/kinds/shown-value.ts).
  const masked = inSecret || isSecretField(type);
  const invalid = (v: unknown, rule: string): AdapterError =>
    new AdapterError('TERRAFORM_JSON_INVALID', `${where}: ${shownValue(v, undefined, masked)} ${rule}`);
  if (typeof value === 'string') {
    const ref = parseReference(value, where, masked);
    if (ref) return resolve(ref, where);
  }
  switch (type.type) {
    case 'string':
      if (typeof value !== 'string') throw invalid(value, 'must be a string');
      return value;
    case 'number':
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
      throw invalid(value, 'must be a number');
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw invalid(value, 'must be true or false');
    case 'list':
      if (!Array.isArray(value)) throw invalid(value, 'must be a list');
      return value.map((item, i) =>
        convertValue(`${where}[${i}]`, type.element ?? { type: 'string' }, item, resolve, masked),
      );
    case 'map': {
      if (!isRecord(value)) throw invalid(value, 'must be a map');
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [
          k,
          convertValue(`${where}.${k}`, type.element ?? { type: 'string' }, v, resolve, masked),
        ]),
      );
    }
    case 'object': {
      if (!isRecord(value))
        throw invalid(
          value,
          type.secret
            ? 'must be {source = "env" | "file" | "generated", name}: a reference to the secret, never its value'
            : 'must be an object',
        );
      const inner = convertFields(where, type.fields ?? [], value, resolve, masked);
      if (type.secret) {
        if (inner.source === 'generated') return { $secret: { source: 'generated' } };
        if (
          (inner.source !== 'env' && inner.source !== 'file') ||
          typeof inner.name !== 'string' ||
          inner.name === ''
        ) {
          throw new AdapterError(
            'TERRAFORM_JSON_INVALID',
            `${where}: source must be "env" or "file" with a name, or "generated" (got ${gotSource(inner.source)})`,
          );
        }
        return { $secret: { source: inner.source, name: inner.name } };
      }
      return inner;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a secret's `source` was, for a message: a known word is shown, anything else may be the secret itself. */
function gotSource(source: unknown): string {
  if (source === undefined) return 'no source';
  return typeof source === 'string' && ['env', 'file'].includes(source)
    ? `source ${JSON.stringify(source)} without a name`
    : `source ${shownValue(source, undefined, true)}`;
}
