/**
 * triton-iac/provider: the signed CloudAPI and Manta clients, configuration resolution, key
 * loading and pre-signed URLs.
 */
export { TritonError, TritonApiError, TritonConfigError, TritonInputError } from './errors.js';
export { TritonIacError, type ErrorHints, type TritonIacErrorOptions } from '../common/errors.js';
export type { TritonApiErrorDetails, TritonConfigErrorCode } from './errors.js';

export type { Signer, SignatureAlgorithm, SignerSource } from './auth/signer.js';
export { loadPrivateKeyFile, loadKeyMaterial, signerFromPrivateKey, PASSPHRASE_HINT } from './auth/key-signer.js';
export type { LoadKeyOptions } from './auth/key-signer.js';
export { createAgentSigner, agentSignerFor, listAgentIdentities } from './auth/agent-signer.js';
export type { AgentIdentity } from './auth/agent-signer.js';
export { parseFingerprint, md5Fingerprint } from './auth/fingerprint.js';
export type { KeyFingerprint } from './auth/fingerprint.js';
export { buildKeyId } from './auth/key-id.js';
export type { KeyIdStyle } from './auth/key-id.js';
export { presignCloudApiUrl, presignMantaUrl } from './auth/presign.js';
export type { PresignOptions } from './auth/presign.js';

export { resolveConfig } from './config/resolve-config.js';
export type { ResolveConfigOptions, ResolvedConfig, ServiceConfig, MantaOptions } from './config/resolve-config.js';
export { findSigner } from './config/find-signer.js';
export type { FindSignerOptions } from './config/find-signer.js';

export { compose, isIdempotent } from './http/types.js';
export type {
  Dispatch,
  Interceptor,
  TritonRequest,
  TritonResponse,
  HttpMethod,
  RequestBody,
  ReopenableBody,
} from './http/types.js';
export { createCoreDispatch } from './http/core.js';
export { requestsSent } from './http/request-sent.js';
export type { CoreOptions, CoreDispatch } from './http/core.js';
export { retryInterceptor, parseRetryAfter } from './http/interceptors/retry.js';
export type { RetryOptions, RetryEvent } from './http/interceptors/retry.js';
export type { AdaptiveRateOptions, RateHold } from './http/interceptors/adaptive-rate.js';
export { signInterceptor, signatureHeader } from './http/interceptors/sign.js';
export type { SignOptions } from './http/interceptors/sign.js';
export { logInterceptor, redactHeaders } from './http/interceptors/log.js';
export type { RequestLogEntry, RequestLogger } from './http/interceptors/log.js';
export type { CallOptions } from './http/api-caller.js';
export type { TransportOptions } from './http/service.js';

export { createCloudApiClient } from './cloudapi/client.js';
export type { CloudApiClient, CloudApiClientConfig } from './cloudapi/client.js';
export type { AccountApi } from './cloudapi/account-api.js';
export type { KeysApi, UsersApi, ImagesApi } from './cloudapi/generated/api-sections.js';
export type { RbacApi } from './cloudapi/rbac-api.js';
export type * from './cloudapi/types.js';

export { createMantaClient } from './manta/client.js';
export type { MantaClient, MantaClientConfig } from './manta/client.js';
export type * from './manta/types.js';
