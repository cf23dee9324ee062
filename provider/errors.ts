/**
 * The provider layer's errors: one base class (itself a {@link TritonIacError}) with a stable `code`,
 * one class for API failures and one for configuration and key problems.
 *
 * None of them ever carries an Authorization header, key material or a password: they are built
 * from explicit fields, never from a request object, so a secret cannot slip in by accident.
 */

import { TritonIacError, type ErrorHints, type TritonIacErrorOptions } from '../common/errors.js';
import { apiErrorHint } from './api-error-hint.js';
import { isNameTaken, missingObjectsOf, type MissingObject } from './refusals.js';

/** The base of every error the provider layer throws on purpose. */
export abstract class TritonError extends TritonIacError {
  /** A stable, machine-readable code; messages may change, codes do not. */
  abstract override readonly code: string;
}

/** What a {@link TritonApiError} is built from. */
export interface TritonApiErrorDetails {
  /** HTTP status; 0 when no response arrived (connection error, timeout). */
  readonly status: number;
  /** The API's own error code (`ResourceNotFound`, `InvalidArgument`, …), or a transport code
   * (`ConnectionError`, `RequestTimeout`) when no response arrived. */
  readonly apiCode: string;
  /** The server's message, or a description of the transport failure. */
  readonly message: string;
  /** The server's request id (`Request-Id` / `x-request-id`), when it sent one. */
  readonly requestId?: string;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request, without the query string (pre-signed queries carry signatures). */
  readonly path: string;
  /** The operation name, e.g. `ListUsers`. */
  readonly operation: string;
  /** How many attempts were made, retries included. @default 1 */
  readonly attempts?: number;
  /** How long the server asked the client to wait before trying again (`Retry-After`), in ms. */
  readonly retryAfterMs?: number;
  /** The underlying transport error, if any (never a request object). */
  readonly cause?: unknown;
}

/**
 * A CloudAPI or Manta call failed: the server answered with an error status, or no answer came.
 *
 * `code` is always `TRITON_API_ERROR`; branch on `status` and `apiCode`.
 */
export class TritonApiError extends TritonError {
  /** The hint in general; an instance's {@link TritonApiError.hint} is worded by what the server said. */
  static override readonly hints: ErrorHints<'TRITON_API_ERROR'> = {
    TRITON_API_ERROR: 'The cloud refused or did not answer; the message gives its status and request id.',
  };
  /** Always `TRITON_API_ERROR`. */
  readonly code = 'TRITON_API_ERROR' as const;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The API's error code, or `ConnectionError` / `RequestTimeout` when no response arrived. */
  readonly apiCode: string;
  /** The server's request id, when known. */
  readonly requestId: string | undefined;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request (no query string). */
  readonly path: string;
  /** Operation name, e.g. `GetUser`. */
  readonly operation: string;
  /** Attempts made, retries included. */
  readonly attempts: number;
  /** The server's own message, without the operation prefix. */
  readonly serverMessage: string;
  /** The server's `Retry-After`, in ms, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(details: TritonApiErrorDetails) {
    const where = `${details.operation} (${details.method} ${details.path})`;
    const status = details.status === 0 ? 'no response' : `${details.status} ${details.apiCode}`;
    const id = details.requestId ? ` [request-id ${details.requestId}]` : '';
    super(
      `${where} failed: ${status}: ${details.message}${id}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.name = 'TritonApiError';
    this.status = details.status;
    this.apiCode = details.apiCode;
    this.requestId = details.requestId;
    this.method = details.method;
    this.path = details.path;
    this.operation = details.operation;
    this.attempts = details.attempts ?? 1;
    this.serverMessage = details.message;
    this.retryAfterMs = details.retryAfterMs;
  }

  /**
   * The objects the server's refusal names as missing (`Invalid subuser: bob`): empty unless it names
   * some. The engine retries such a refusal within the consistency window after its own write of them.
   */
  get missing(): readonly MissingObject[] {
    return missingObjectsOf(this.status === 0 ? undefined : this.status, this.serverMessage);
  }

  /** True when a create was refused because its natural key is taken (see `isNameTaken`). */
  get nameTaken(): boolean {
    return isNameTaken(this.status === 0 ? undefined : this.status, this.apiCode, this.serverMessage);
  }

  /**
   * What to do, by what the server said: a refused permission names the action to grant, a busy or
   * silent server is worth another run, a refused value must be fixed first.
   */
  override get hint(): string {
    return apiErrorHint({
      status: this.status,
      apiCode: this.apiCode,
      operation: this.operation,
      message: this.serverMessage,
    });
  }

  /** True for 404 (ResourceNotFound and its Manta variants). */
  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** True for `InvalidVersion`, which servers send as 400 (code) or 449 (docs). */
  get isInvalidVersion(): boolean {
    return this.apiCode === 'InvalidVersion' && (this.status === 400 || this.status === 449);
  }
}

/** The stable codes of {@link TritonConfigError}. */
export type TritonConfigErrorCode =
  | 'CONFIG_MISSING'
  | 'CONFIG_INVALID'
  | 'PROFILE_NOT_FOUND'
  | 'KEY_NOT_FOUND'
  | 'KEY_ENCRYPTED'
  | 'KEY_INVALID'
  | 'KEY_UNSUPPORTED'
  | 'AGENT_ERROR'
  | 'DATACENTER_UNKNOWN';

/**
 * A configuration or key problem found before any request is sent: a missing URL, an unreadable
 * profile, a key that cannot be found or decrypted. The message names the setting, the value and
 * the rule (never the key material itself).
 */
export class TritonConfigError extends TritonError {
  static override readonly hints: ErrorHints<TritonConfigErrorCode> = {
    CONFIG_MISSING:
      'Set TRITON_URL, TRITON_ACCOUNT and TRITON_KEY_ID (or MANTA_*), choose a profile with --profile, or try the embedded emulator with --emulator.',
    CONFIG_INVALID: 'Fix the setting named above in the environment or the ~/.triton profile.',
    PROFILE_NOT_FOUND: 'List the profiles with `triton profile list`, or create one with `triton profile create`.',
    KEY_NOT_FOUND: 'Load the key into ssh-agent (`ssh-add`), put it in ~/.ssh, or check TRITON_KEY_ID.',
    KEY_ENCRYPTED: 'Load the key into ssh-agent (`ssh-add`) or set TRITON_KEY_PASSPHRASE.',
    KEY_INVALID: 'Check that the key file is an SSH private key in OpenSSH or PEM format.',
    KEY_UNSUPPORTED: 'Use an RSA, ECDSA or Ed25519 key.',
    AGENT_ERROR: 'Check that SSH_AUTH_SOCK points at a running ssh-agent.',
    DATACENTER_UNKNOWN:
      "Name one of the datacenters listed above in the stack's `datacenter` (`triton datacenters` lists them), or check that the profile or URL reaches the right cloud.",
  };
  /** Which kind of problem this is. */
  readonly code: TritonConfigErrorCode;

  constructor(code: TritonConfigErrorCode, message: string, options?: TritonIacErrorOptions) {
    super(message, options);
    this.name = 'TritonConfigError';
    this.code = code;
  }
}

/**
 * A caller passed a bad argument; nothing was sent. The message names the field, the value and
 * the rule (a password value is never shown).
 */
export class TritonInputError extends TritonError {
  static override readonly hints: ErrorHints<'INVALID_INPUT'> = {
    INVALID_INPUT: 'Fix the field named above in the app.',
  };
  /** Always `INVALID_INPUT`. */
  readonly code = 'INVALID_INPUT' as const;
  /** The argument or field at fault, e.g. `phases[0].memory`. */
  readonly field: string;

  constructor(field: string, detail: string) {
    super(`${field}: ${detail}`);
    this.name = 'TritonInputError';
    this.field = field;
  }
}
