/** The adapters' error: a stable `code` and a message naming the field, the value and the rule. */

/** What went wrong, stably. */
export type AdapterErrorCode =
  /** A `cdk.tf.json` this converter cannot turn into a manifest. */
  | 'TERRAFORM_JSON_INVALID'
  /** Inputs of a Pulumi resource that do not describe a valid object. */
  | 'PULUMI_INPUT_INVALID'
  /** The Pulumi provider could not build its API clients. */
  | 'PULUMI_CONNECTION_MISSING';

/** Every error the adapters raise themselves (API errors pass through unchanged). */
export class AdapterError extends Error {
  override readonly name = 'AdapterError';
  constructor(
    readonly code: AdapterErrorCode,
    message: string,
  ) {
    super(message);
  }
}
