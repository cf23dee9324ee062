/** The adapters' error: a stable `code`, a message naming the field, the value and the rule, and a hint. */
import { TritonIacError, type ErrorHints, type TritonIacErrorOptions } from '../common/errors.js';

/** What went wrong, stably. */
export type AdapterErrorCode =
  /** A `cdk.tf.json` this converter cannot turn into a manifest. */
  | 'TERRAFORM_JSON_INVALID'
  /** Inputs of a Pulumi resource that do not describe a valid object. */
  | 'PULUMI_INPUT_INVALID'
  /** The Pulumi provider could not build its API clients. */
  | 'PULUMI_CONNECTION_MISSING';

/** Every error the adapters raise themselves (API errors pass through unchanged). */
export class AdapterError extends TritonIacError {
  static override readonly hints: ErrorHints<AdapterErrorCode> = {
    TERRAFORM_JSON_INVALID:
      'Fix the construct named above in the CDKTF app and run `cdktf synth` again (docs/adapters-cdktf.md lists what converts).',
    PULUMI_INPUT_INVALID: 'Fix the input named above in the Pulumi program.',
    PULUMI_CONNECTION_MISSING:
      'Give the resource a `connection` with the setting named above, or set the TRITON_* variable it names (docs/adapters-pulumi.md).',
  };
  override readonly name = 'AdapterError';
  constructor(
    readonly code: AdapterErrorCode,
    message: string,
    options?: TritonIacErrorOptions,
  ) {
    super(message, options);
  }
}
