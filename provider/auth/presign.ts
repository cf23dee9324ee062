/**
 * Pre-signed URLs: a URL that authenticates by its query string instead of headers, until it
 * expires. The signed string has four lines: the method list, the Host, the path, and the sorted,
 * RFC 3986-encoded query (everything but `signature`), the scheme the standard clients use.
 */
import { buildKeyId, type KeyIdStyle } from './key-id.js';
import type { Signer } from './signer.js';
import { TritonInputError } from '../errors.js';

/** Options of {@link presignCloudApiUrl} and {@link presignMantaUrl}. */
export interface PresignOptions {
  /** The service's base URL; its host is signed. */
  readonly url: string;
  /** The request path, already percent-encoded, e.g. `/acme/stor/report.pdf`. */
  readonly path: string;
  /** The account login. */
  readonly account: string;
  /** Sign as this sub-user. */
  readonly user?: string;
  readonly signer: Signer;
  /** Methods the URL may be used with; sorted and signed. @default ['GET'] */
  readonly methods?: readonly string[];
  /** When the URL stops working, in seconds since the Unix epoch. @default now + 300 s */
  readonly expires?: number;
  /** Extra query parameters, signed too. */
  readonly query?: Readonly<Record<string, string>>;
  /** Roles to take up (Manta `role`). */
  readonly roles?: readonly string[];
  /** Clock, for tests. @default Date.now */
  readonly now?: () => number;
}

/** encodeURIComponent plus the characters RFC 3986 reserves that it leaves alone. */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

async function presign(style: KeyIdStyle, options: PresignOptions): Promise<string> {
  const base = new URL(options.url);
  const methods = [...(options.methods ?? ['GET'])].map((m) => m.toUpperCase()).sort();
  if (methods.length === 0) throw new TritonInputError('methods', 'must list at least one HTTP method');
  const now = options.now ?? Date.now;
  const expires = options.expires ?? Math.floor(now() / 1000) + 300;
  if (!Number.isInteger(expires) || expires <= 0) {
    throw new TritonInputError('expires', `${expires} must be a positive integer (seconds since the Unix epoch)`);
  }
  const query: Record<string, string> = { ...options.query, expires: String(expires) };
  if (options.roles && options.roles.length > 0) query.role = options.roles.join(',');
  // CloudAPI signs the method list twice when one is given (spec); Manta only when there are several.
  if (options.methods && (style === 'cloudapi' || methods.length > 1)) query.method = methods.join(',');
  query.keyId = buildKeyId(style, options.account, options.signer.fingerprint, options.user);
  query.algorithm = options.signer.algorithm.toUpperCase();
  const pairs = Object.keys(query)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${rfc3986(k)}=${rfc3986(query[k] as string)}`)
    .join('&');
  const prefix = base.pathname.replace(/\/+$/, '');
  const signingString = `${methods.join(',')}\n${base.host}\n${prefix}${options.path}\n${pairs}`;
  const signature = await options.signer.sign(signingString);
  return `${base.origin}${prefix}${options.path}?${pairs}&signature=${rfc3986(signature)}`;
}

/** Pre-signs a CloudAPI URL (key id `/<account>/keys/<md5>` or `/<account>/users/<user>/keys/<md5>`). */
export function presignCloudApiUrl(options: PresignOptions): Promise<string> {
  return presign('cloudapi', options);
}

/** Pre-signs a Manta URL (key id `/<account>/keys/<md5>` or `/<account>/<user>/keys/<md5>`). */
export function presignMantaUrl(options: PresignOptions): Promise<string> {
  return presign('manta', options);
}
