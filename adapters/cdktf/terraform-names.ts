/**
 * How this project's kinds and property names appear in Terraform: resource types `tritoniac_<kind>`
 * with `-` as `_`, look-ups as data sources named after what they find (`tritoniac_image`,
 * `tritoniac_datacenter`), attribute names in snake_case. Shared by the schema generator and the
 * `cdk.tf.json` converter so the two cannot disagree.
 */
import { RESOURCE_KINDS, type ResourceKind } from '../../common/manifest.js';
import { RESOURCE_SCHEMAS, type FieldSchema } from '../../common/resource-schema.js';

/** The provider's local name in Terraform configurations. */
export const TERRAFORM_PROVIDER_NAME = 'tritoniac';

/** The provider's source address (the key of `provider_schemas`). */
export const TERRAFORM_PROVIDER_SOURCE = 'registry.terraform.io/triton-iac/tritoniac';

/** The Terraform type name of a kind: a resource type for managed kinds, a data source type for look-ups. */
export function terraformTypeOf(kind: ResourceKind): string {
  const base = kind.endsWith('-lookup') ? kind.slice(0, -'-lookup'.length) : kind;
  return `${TERRAFORM_PROVIDER_NAME}_${base.replace(/-/g, '_')}`;
}

/**
 * The kind a Terraform type stands for, or `undefined` when the type is not this provider's.
 * @param dataSource true for a `data` block
 */
export function kindOfTerraformType(type: string, dataSource: boolean): ResourceKind | undefined {
  return RESOURCE_KINDS.find(
    (kind) => RESOURCE_SCHEMAS[kind].mode === (dataSource ? 'lookup' : 'managed') && terraformTypeOf(kind) === type,
  );
}

/** The Terraform attribute name of a property: camelCase becomes snake_case (`roleTags` → `role_tags`). */
export function terraformAttributeOf(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The property a Terraform attribute stands for among `fields`, or `undefined`. */
export function fieldOfAttribute(fields: readonly FieldSchema[], attribute: string): FieldSchema | undefined {
  return fields.find((f) => terraformAttributeOf(f.name) === attribute);
}
