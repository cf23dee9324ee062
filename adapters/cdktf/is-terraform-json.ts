/** Recognising a CDKTF `cdk.tf.json`, without the converter's module graph (the CLI checks every JSON app). */

/** True when `json` looks like a Terraform JSON configuration rather than a manifest. */
export function isTerraformJson(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const doc = json as Record<string, unknown>;
  return !('stacks' in doc) && (typeof doc.terraform === 'object' || typeof doc.resource === 'object');
}
