/**
 * Signs every request with HTTP Signature: a fresh `Date` header and
 * `Authorization: Signature keyId="…",algorithm="…",headers="date",signature="…"`.
 *
 * Signing happens per attempt (place this interceptor inside the retry interceptor), so a retried
 * request never carries a stale Date that the server's 300 s clock-skew check would reject.
 */
import type { Signer } from '../../auth/signer.js';
import type { Interceptor } from '../types.js';

/** Options of {@link signInterceptor}. */
export interface SignOptions {
  readonly signer: Signer;
  /** The full key id, e.g. `/acme/keys/aa:bb:…` (see `buildKeyId`). */
  readonly keyId: string;
  /** Clock for the Date header; injectable for tests. @default () => new Date() */
  readonly now?: () => Date;
}

/** Builds the Authorization header value for a signed Date. */
export async function signatureHeader(signer: Signer, keyId: string, date: string): Promise<string> {
  const signature = await signer.sign(`date: ${date}`);
  return `Signature keyId="${keyId}",algorithm="${signer.algorithm}",headers="date",signature="${signature}"`;
}

/**
 * Creates the signing interceptor. The Date header has a resolution of a second, so its text and
 * the Authorization header over it are made once a second, not per request (a signing failure is
 * not kept: the next request signs again).
 */
export function signInterceptor(options: SignOptions): Interceptor {
  const now = options.now ?? (() => new Date());
  let second = NaN;
  let date = '';
  let authorization: Promise<string> | undefined;
  return (next) => async (request) => {
    const at = now();
    const s = Math.floor(at.getTime() / 1000);
    let signed = authorization;
    if (s !== second || signed === undefined) {
      second = s;
      date = at.toUTCString();
      const signing = signatureHeader(options.signer, options.keyId, date);
      authorization = signed = signing;
      signing.catch(() => {
        if (authorization === signing) authorization = undefined;
      });
    }
    const headerDate = date;
    return next({ ...request, headers: { ...request.headers, date: headerDate, authorization: await signed } });
  };
}
