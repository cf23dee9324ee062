/**
 * The parts of a `cdk.tf.json` beside the blocks' attributes: `output` blocks (CDKTF's
 * `TerraformOutput`) become stack outputs, and a resource's `lifecycle` block
 * (`prevent_destroy`, `ignore_changes`) becomes its lifecycle options. Pure.
 */
import type { ManifestValue, OutputManifest, ResourceKind, ResourceOptions } from '../../../common/manifest.js';
import { resourceOptionProblems } from '../../../common/resource-options.js';
import { RESOURCE_SCHEMAS } from '../../../common/resource-schema.js';
import { isOutputName } from '../../../common/rules/index.js';
import { AdapterError } from '../../errors.js';
import { fieldOfAttribute, terraformAttributeOf } from '../terraform-names.js';
import { parseReference, type ReferenceResolver } from './tf-values.js';

/** The `output` blocks of a Terraform JSON document as stack outputs, sorted by name. */
export function outputsOf(doc: Readonly<Record<string, unknown>>, resolve: ReferenceResolver): OutputManifest[] {
  const section = doc['output'];
  if (section === undefined) return [];
  if (!isRecord(section))
    throw new AdapterError('TERRAFORM_JSON_INVALID', 'output: must be an object of output blocks by name');
  const out: OutputManifest[] = [];
  for (const [name, body] of Object.entries(section)) {
    const where = `output.${name}`;
    if (!isOutputName(name))
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${where}: an output name is 1 to 64 letters, digits, _ or -, starting with a letter`,
      );
    if (!isRecord(body) || !('value' in body))
      throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}: must be an object with a value`);
    for (const key of Object.keys(body)) {
      if (!['value', 'description', 'sensitive', '//', 'depends_on'].includes(key))
        throw new AdapterError(
          'TERRAFORM_JSON_INVALID',
          `${where}.${key}: not supported (an output takes value, description and sensitive)`,
        );
    }
    if (body['description'] !== undefined && typeof body['description'] !== 'string')
      throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}.description: must be a string`);
    if (body['sensitive'] !== undefined && typeof body['sensitive'] !== 'boolean')
      throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}.sensitive: must be true or false`);
    out.push({
      name,
      value: anyValue(`${where}.value`, body['value'], resolve),
      ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
      ...(body['sensitive'] === true ? { sensitive: true } : {}),
    });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * A resource block's `lifecycle` as options: `prevent_destroy` is `protect`, `ignore_changes` names
 * Terraform attributes (`first_name`), which become property names (`firstName`).
 * @returns `undefined` when the block sets none
 */
export function lifecycleOptionsOf(where: string, kind: ResourceKind, lifecycle: unknown): ResourceOptions | undefined {
  if (lifecycle === undefined) return undefined;
  if (!isRecord(lifecycle)) throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}.lifecycle: must be an object`);
  const fields = RESOURCE_SCHEMAS[kind].properties;
  const options: { protect?: boolean; ignoreChanges?: string[] } = {};
  for (const [key, value] of Object.entries(lifecycle)) {
    if (key === 'prevent_destroy') {
      if (typeof value !== 'boolean')
        throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}.lifecycle.prevent_destroy: must be true or false`);
      if (value) options.protect = true;
    } else if (key === 'ignore_changes') {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
        throw new AdapterError(
          'TERRAFORM_JSON_INVALID',
          `${where}.lifecycle.ignore_changes: must be a list of attribute names (known: ${fields.map((f) => terraformAttributeOf(f.name)).join(', ')})`,
        );
      }
      options.ignoreChanges = value.map((attribute: string) => fieldOfAttribute(fields, attribute)?.name ?? attribute);
    } else {
      throw new AdapterError(
        'TERRAFORM_JSON_INVALID',
        `${where}.lifecycle.${key}: not supported (a lifecycle block takes prevent_destroy and ignore_changes)`,
      );
    }
  }
  const problems = resourceOptionProblems(kind, options);
  if (problems.length > 0)
    throw new AdapterError(
      'TERRAFORM_JSON_INVALID',
      `${where}.lifecycle: ${problems.map((p) => `${p.field} ${JSON.stringify(p.value)}: ${p.rule}`).join('; ')}`,
    );
  if (options.ignoreChanges !== undefined) options.ignoreChanges = [...new Set(options.ignoreChanges)].sort();
  if (options.ignoreChanges?.length === 0) delete options.ignoreChanges;
  return Object.keys(options).length > 0 ? options : undefined;
}

/** Any JSON value, each whole-string `${…}` reference resolved. */
function anyValue(where: string, value: unknown, resolve: ReferenceResolver): ManifestValue {
  if (typeof value === 'string') {
    const ref = parseReference(value, where);
    return ref ? resolve(ref, where) : value;
  }
  if (Array.isArray(value)) return value.map((v, i) => anyValue(`${where}[${i}]`, v, resolve));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, anyValue(`${where}.${k}`, v, resolve)]));
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new AdapterError('TERRAFORM_JSON_INVALID', `${where}: ${String(value)} is not a JSON value`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
