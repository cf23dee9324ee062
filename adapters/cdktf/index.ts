/**
 * triton-iac/cdktf: typed CDKTF bindings for the `tritoniac` provider (generated from the runtime
 * resource schema) and the converter that turns a synthesized `cdk.tf.json` into a manifest.
 * Needs the optional peer dependency `cdktf` 0.21.x (the bindings import it).
 */
export * from './generated/index.js';
export { manifestFromTerraformJson, manifestFromTerraformJsonFile, isTerraformJson } from './from-terraform-json.js';
export type { TerraformJsonConversion, TerraformJsonOptions } from './from-terraform-json.js';
export { terraformProviderSchema, TERRAFORM_PROVIDER_FIELDS } from './terraform-schema.js';
export type {
  TerraformProviderSchemaDocument,
  TerraformBlockSchema,
  TerraformAttribute,
  TerraformType,
} from './terraform-schema.js';
export {
  TERRAFORM_PROVIDER_NAME,
  TERRAFORM_PROVIDER_SOURCE,
  terraformTypeOf,
  kindOfTerraformType,
  terraformAttributeOf,
} from './terraform-names.js';
export { handlerSchemas } from './handler-schemas.js';
export { AdapterError, type AdapterErrorCode } from '../errors.js';
