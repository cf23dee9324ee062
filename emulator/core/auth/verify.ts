import { verify as cryptoVerify } from 'node:crypto';
import { AuthFailure } from './auth-failure.js';
import { parseSignatureHeader, signingString, type SignatureParams } from './signature-header.js';
import { parsePublicKey } from '../store/public-key.js';
import type { AccountState } from '../store/account-state.js';
import type { KeyRecord, UserRecord } from '../store/records.js';
import type { IdentityStore } from '../store/identity-store.js';
import type { ConsistencyModel } from '../consistency.js';
import type { VersionedTable } from '../store/versioned-table.js';

/** What a keyId names once a service has parsed it. */
export interface KeyIdParts {
  readonly account: string;
  /** Sub-user login, when the key is a sub-user's. */
  readonly user?: string;
  /** Key name or MD5 fingerprint. */
  readonly key: string;
}

/** How a service reads keyIds (CloudAPI: `/a/users/u/keys/k`; Manta: `/a/u/keys/k`). */
export type KeyIdParser = (keyId: string) => KeyIdParts | undefined;

/** Who made an authenticated request. */
export interface AuthResult {
  readonly account: AccountState;
  /** Present when a sub-user signed. */
  readonly user?: UserRecord;
  readonly key: KeyRecord;
  readonly keyId: string;
  /** True when the request came through a pre-signed URL. */
  readonly presigned: boolean;
}

/** The parts of a request signature verification needs. */
export interface SignedRequest {
  readonly method: string;
  /** Path and query exactly as sent (what `(request-target)` signs). */
  readonly url: string;
  readonly header: (name: string) => string | undefined;
}

/** The query parameters that make a request pre-signed; all four or none. */
const PRESIGN_FIELDS = ['algorithm', 'expires', 'keyId', 'signature'] as const;

/** How a service reads a request that carries both an Authorization header and pre-signed parameters. */
export interface VerifyOptions {
  /**
   * True when the pre-signed parameters win (CloudAPI: its preSignedUrl handler replaces the parsed
   * header, so an expired or mis-signed URL is refused even with a valid header); false when the
   * header wins (Manta: muskie's checkIfPresigned ignores the query when a header is present).
   * @default false
   */
  readonly presignedFirst?: boolean;
}

/** The pre-signed URL parameters present (non-empty) in a request URL. */
export function presignFieldsOf(url: string): string[] {
  const query = queryOf(url);
  return PRESIGN_FIELDS.filter((f) => (query.get(f) ?? '') !== '');
}

/** The clock skew CloudAPI and Manta allow, in ms. */
export const MAX_CLOCK_SKEW_MS = 300_000;

const HASHES: Record<string, { keyType: string; hash: string | null }> = {
  'rsa-sha1': { keyType: 'rsa', hash: 'sha1' },
  'rsa-sha256': { keyType: 'rsa', hash: 'sha256' },
  'rsa-sha384': { keyType: 'rsa', hash: 'sha384' },
  'rsa-sha512': { keyType: 'rsa', hash: 'sha512' },
  'dsa-sha1': { keyType: 'dsa', hash: 'sha1' },
  'dsa-sha256': { keyType: 'dsa', hash: 'sha256' },
  'ecdsa-sha256': { keyType: 'ecdsa', hash: 'sha256' },
  'ecdsa-sha384': { keyType: 'ecdsa', hash: 'sha384' },
  'ecdsa-sha512': { keyType: 'ecdsa', hash: 'sha512' },
  'ed25519-sha512': { keyType: 'ed25519', hash: null },
};

/**
 * Verifies the HTTP Signature of a request (Authorization header or pre-signed query) against the
 * identity store.
 * @throws AuthFailure saying why, for the service to map to its own error
 */
export function verifyRequest(
  request: SignedRequest,
  store: IdentityStore,
  consistency: ConsistencyModel,
  now: number,
  parseKeyId: KeyIdParser,
  options: VerifyOptions = {},
): AuthResult {
  const authorization = request.header('authorization');
  const query = queryOf(request.url);
  let params: SignatureParams;
  let signed: string;
  let presigned = false;
  const presignFields = presignFieldsOf(request.url);
  const usePresigned = presignFields.length > 0 && (options.presignedFirst === true || authorization === undefined);
  if (usePresigned) {
    if (presignFields.length < PRESIGN_FIELDS.length) {
      const missing = PRESIGN_FIELDS.filter((f) => !presignFields.includes(f));
      throw new AuthFailure('malformed', `parameters "${missing.join(', ')}" are required`);
    }
    presigned = true;
    ({ params, signed } = presignedParams(request, query, now));
  } else if (authorization !== undefined) {
    params = parseSignatureHeader(authorization);
    const date = request.header('date') ?? request.header('x-date');
    if (date === undefined) throw new AuthFailure('missingDate', 'no Date header was given');
    const when = Date.parse(date);
    if (Number.isNaN(when)) throw new AuthFailure('malformed', `the Date header "${date}" is not a date`);
    if (Math.abs(now - when) > MAX_CLOCK_SKEW_MS)
      throw new AuthFailure('clockSkew', 'clock skew of more than 300 seconds');
    signed = signingString(params, request.method, request.url, request.header);
  } else {
    throw new AuthFailure('missing', 'no Authorization header');
  }

  const algorithm = HASHES[params.algorithm];
  if (algorithm === undefined) throw new AuthFailure('badAlgorithm', params.algorithm.toUpperCase());
  const parts = parseKeyId(params.keyId);
  if (parts === undefined) throw new AuthFailure('badKeyId', params.keyId);
  const account = store.tryAccount(parts.account);
  if (account === undefined) throw new AuthFailure('unknownAccount', parts.account);
  let user: UserRecord | undefined;
  let keys = account.keys;
  if (parts.user !== undefined) {
    user = account.users.currentAll().find((u) => u.login === parts.user);
    if (user === undefined) throw new AuthFailure('unknownUser', parts.user);
    keys = account.userKeys(user.id);
  }
  const key = findKey(keys, parts.key);
  if (key === undefined || consistency.isTooNew(keys.createdAt(key.fingerprint))) {
    throw new AuthFailure('unknownKey', params.keyId);
  }
  const parsed = parsePublicKey(key.key);
  if (parsed === undefined) throw new AuthFailure('unknownKey', params.keyId);
  if (parsed.type !== algorithm.keyType) throw new AuthFailure('badAlgorithm', params.algorithm.toUpperCase());
  // A client signs the Date header, which changes once a second, so a run sends the same signature
  // again and again: a triple verified once is taken as verified (the answer depends on nothing else).
  const triple = `${algorithm.hash}\n${key.key}\n${signed}\n${params.signature}`;
  let ok = verifiedTriples.has(triple);
  if (!ok) {
    try {
      ok = cryptoVerify(algorithm.hash, Buffer.from(signed), parsed.keyObject, Buffer.from(params.signature, 'base64'));
    } catch {
      ok = false;
    }
    if (ok) remember(triple);
  }
  if (!ok) throw new AuthFailure('badSignature', params.keyId);
  if (account.account.disabled === true || user?.disabled === true) throw new AuthFailure('disabled', params.keyId);
  return user === undefined
    ? { account, key, keyId: params.keyId, presigned }
    : { account, user, key, keyId: params.keyId, presigned };
}

/** Signatures verified: hash, public key, signed string and signature; a few seconds' worth at most. */
const verifiedTriples = new Set<string>();
const MAX_VERIFIED = 256;

function remember(triple: string): void {
  if (verifiedTriples.size >= MAX_VERIFIED) verifiedTriples.clear();
  verifiedTriples.add(triple);
}

function findKey(keys: VersionedTable<KeyRecord>, nameOrFingerprint: string): KeyRecord | undefined {
  return keys.current(nameOrFingerprint) ?? keys.currentAll().find((k) => k.name === nameOrFingerprint);
}

function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/**
 * The pre-signed URL form (cloudapi.md, Authentication 5): four lines, method(s), host, path, and
 * the sorted query without `signature`.
 */
function presignedParams(
  request: SignedRequest,
  query: URLSearchParams,
  now: number,
): { params: SignatureParams; signed: string } {
  const expires = query.get('expires') ?? '';
  if (!/^[1-9][0-9]*$/.test(expires))
    throw new AuthFailure('malformed', `expires "${expires}" is not a positive integer`);
  if (Number(expires) * 1000 < now) throw new AuthFailure('expired', `the URL expired at ${expires}`);
  const methods = query.get('method');
  const methodList = methods === null ? [request.method.toUpperCase()] : methods.toUpperCase().split(',');
  if (!methodList.includes(request.method.toUpperCase())) {
    throw new AuthFailure('malformed', `the URL is not signed for method ${request.method}`);
  }
  const pairs = [...query.entries()]
    .filter(([k]) => k !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const q = request.url.indexOf('?');
  const path = q === -1 ? request.url : request.url.slice(0, q);
  const signed = [methodList.join(','), request.header('host') ?? '', path, pairs].join('\n');
  return {
    params: {
      keyId: query.get('keyId') ?? '',
      algorithm: (query.get('algorithm') ?? '').toLowerCase(),
      headers: [],
      signature: query.get('signature') ?? '',
      legacy: false,
    },
    signed,
  };
}
