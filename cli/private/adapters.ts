/**
 * The adapters the CLI offers (reading a CDKTF `cdk.tf.json`, printing the Terraform provider
 * schema), loaded on first use through an interface of the CLI's own: adapters depend on the core,
 * the core never depends on them (DESIGN.md), and the eslint layering rule forbids static imports
 * of adapters/ here. The dynamic imports use literal paths, so the compiler still checks that the
 * adapters fit these interfaces.
 */
import type { Manifest } from '../../common/manifest.js';

/** Reads a CDKTF-synthesized `cdk.tf.json` as a manifest. */
export interface TerraformJsonReader {
  /** True when `json` looks like a `cdk.tf.json` (a top-level `terraform` or `resource` object). */
  isTerraformJson(json: unknown): boolean;
  /** The manifest of the file's own (`tritoniac_*`) blocks. @throws on a block that does not convert. */
  manifestFromTerraformJson(json: unknown, options: { readonly account?: string }): { readonly manifest: Manifest };
}

/** Prints the Terraform provider schema (`triton-iac schema --terraform`). */
export interface TerraformSchemaWriter {
  /** The provider schema document, in the `terraform providers schema -json` format. */
  terraformProviderSchema(): unknown;
}

/** The CDKTF adapter's `cdk.tf.json` reader. */
export async function terraformJsonReader(): Promise<TerraformJsonReader> {
  const reader: TerraformJsonReader = await import('../../adapters/cdktf/from-terraform-json.js');
  return reader;
}

/** The CDKTF adapter's provider schema. */
export async function terraformSchemaWriter(): Promise<TerraformSchemaWriter> {
  const [{ handlerSchemas }, { terraformProviderSchema }] = await Promise.all([
    import('../../adapters/cdktf/handler-schemas.js'),
    import('../../adapters/cdktf/terraform-schema.js'),
  ]);
  return { terraformProviderSchema: () => terraformProviderSchema(handlerSchemas()) };
}
