/** The error of the kind registry: a kind registered twice, or a kind nothing registered. */
import { TritonIacError, type ErrorHints } from '../errors.js';

/** The stable codes of {@link KindError}. */
export type KindErrorCode =
  /** `registerKind` was given a descriptor whose kind name another descriptor already has. */
  | 'KIND_ALREADY_REGISTERED'
  /** A kind name no built-in or registered descriptor has. */
  | 'KIND_NOT_FOUND'
  /** Code asked a descriptor for a field's default (`defaultOf`) that it does not declare. */
  | 'KIND_FIELD_WITHOUT_DEFAULT';

/** A kind descriptor that cannot be registered, or a kind name that names no descriptor. */
export class KindError extends TritonIacError {
  static override readonly hints: ErrorHints<KindErrorCode> = {
    KIND_ALREADY_REGISTERED:
      'Give the plug-in kind a name no built-in or registered kind has; registering the same descriptor object twice is allowed, another object under the same name is not.',
    KIND_NOT_FOUND:
      'Register the kind with `registerKind` before it is used, or fix the kind name (docs/construct-reference.md lists the built-in kinds; docs/adding-a-kind.md shows a plug-in).',
    KIND_FIELD_WITHOUT_DEFAULT:
      "Declare the field's `default` in the kind's descriptor (kinds/<kind>/descriptor.ts), or ask for the field that has it: a kind's defaults are written only there.",
  };
  override readonly name = 'KindError';
  /** Which problem this is. */
  readonly code: KindErrorCode;
  /** The kind name at fault. */
  readonly kind: string;

  constructor(code: KindErrorCode, kind: string, message: string) {
    super(message);
    this.code = code;
    this.kind = kind;
  }
}
