import type { RequestContext } from '../../core/types.js';
import { MantaError } from '../errors.js';

/** The algorithms muskie accepts in a signed URL (mantav1 lib/auth.js `SIGN_ALG`). */
const SIGN_ALGORITHMS = new Set([
  'RSA-SHA1',
  'RSA-SHA256',
  'RSA-SHA384',
  'RSA-SHA512',
  'DSA-SHA1',
  'DSA-SHA256',
  'ECDSA-SHA256',
  'ECDSA-SHA384',
  'ECDSA-SHA512',
]);

function refused(detail: string): MantaError {
  return new MantaError(403, 'InvalidQueryStringAuthentication', detail);
}

/**
 * The checks muskie makes on a signed URL before it looks at the key (mantav1 lib/auth.js
 * `preSignedUrl`), in its order: the method must be one the URL signs, the four parameters must
 * all be there, the URL must not have expired and the algorithm must be supported. Each failure is
 * 403 `InvalidQueryStringAuthentication`, where the core's shared verifier would answer with the
 * codes of a malformed Authorization header.
 * @throws MantaError 403 `InvalidQueryStringAuthentication`
 */
export function checkPresigned(rc: RequestContext): void {
  const methods = (rc.query.get('method') ?? rc.method).split(/\s*,\s*/);
  if (!methods.includes(rc.method)) throw refused(`${rc.method} was not a signed method`);
  const missing = ['algorithm', 'expires', 'keyId', 'signature'].filter((k) => (rc.query.get(k) ?? '') === '');
  if (missing.length > 0) throw refused(`parameters "${missing.join(', ')}" are required`);
  // parseInt reads a leading number and ignores the rest, so "12abc" is 12 and "abc" never expires
  // (NaN compares false), as in muskie.
  const expires = parseInt(rc.query.get('expires') ?? '', 10);
  if (Math.floor(rc.ctx.clock() / 1000) > expires) throw refused('request expired');
  const algorithm = (rc.query.get('algorithm') ?? '').toUpperCase();
  if (!SIGN_ALGORITHMS.has(algorithm)) throw refused(`${algorithm} is not a supported signing algorithm`);
}
