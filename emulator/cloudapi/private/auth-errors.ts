import { EmulatorError } from '../../core/errors.js';
import type { AuthFailure } from '../../core/auth/auth-failure.js';
import type { KeyIdParts } from '../../core/auth/verify.js';

/** Maps an authentication failure to CloudAPI's status, code and message (server-behaviour.md). */
export function cloudApiAuthError(failure: AuthFailure): EmulatorError {
  switch (failure.kind) {
    case 'missing':
      return new EmulatorError(401, 'InvalidCredentials', 'You must make authenticated requests to use CloudAPI');
    case 'malformed':
    case 'missingDate':
    case 'clockSkew':
      return new EmulatorError(400, 'InvalidHeader', `Authorization header invalid: ${failure.detail}`);
    case 'badAlgorithm':
      return new EmulatorError(401, 'InvalidCredentials', `${failure.detail} is not a supported signing algorithm`);
    case 'badKeyId':
      return new EmulatorError(401, 'InvalidCredentials', `Invalid KeyId ${failure.detail} in authorization header`);
    case 'disabled':
      return new EmulatorError(403, 'NotAuthorized', 'Account or user is disabled');
    case 'expired':
      return new EmulatorError(401, 'InvalidCredentials', 'The pre-signed URL has expired');
    default:
      return new EmulatorError(401, 'InvalidCredentials', 'Invalid authorization credentials supplied');
  }
}

/**
 * Reads CloudAPI keyIds: `/<account>/keys/<name-or-md5>` for the account and
 * `/<account>/users/<login>/keys/<md5-or-name>` for a sub-user. Sub-user keyIds exist from API
 * version 7.2.0 on: for an older negotiated version (`subusers` false) they are invalid, as in
 * sdc-cloudapi lib/auth.js.
 */
export function parseCloudApiKeyId(keyId: string, subusers = true): KeyIdParts | undefined {
  const parts = keyId.split('/');
  if (parts[0] !== '' || parts.some((p, i) => i > 0 && p === '')) return undefined;
  if (parts.length === 4 && parts[2] === 'keys') return { account: parts[1]!, key: parts[3]! };
  if (subusers && parts.length === 6 && parts[2] === 'users' && parts[4] === 'keys')
    return { account: parts[1]!, user: parts[3]!, key: parts[5]! };
  return undefined;
}
