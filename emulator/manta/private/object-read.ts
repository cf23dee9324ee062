import { MantaError } from '../errors.js';

/** A satisfiable single byte range, inclusive bounds. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Reads a `Range` header against an object of `size` bytes, as the storage node's nginx answers
 * muskie (mantav1 lib/obj.js `verifyRange`, `streamFromSharks`): a list of ranges is 501
 * `NotImplemented` (muskie refuses multi-range), a range past the end 416 with `Content-Range:
 * bytes *\/size`, a header that is not a byte range is ignored (the whole object, 200).
 * @returns the range, or `undefined` to send the whole object
 * @throws MantaError 501 `NotImplemented`, 416 `RequestedRangeNotSatisfiable`
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (header === undefined) return undefined;
  if (header.includes(',')) throw new MantaError(501, 'NotImplemented', 'multi-range requests not supported');
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (m === null || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // A suffix range: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) throw unsatisfiable(size);
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (end < start && m[2] !== '' && Number(m[2]) < start) return undefined; // nginx ignores a reversed range
  }
  if (start >= size) throw unsatisfiable(size);
  return { start, end };
}

function unsatisfiable(size: number): MantaError {
  return new MantaError(416, 'RequestedRangeNotSatisfiable', 'requested range not satisfiable', {
    'content-range': `bytes */${size}`,
  });
}

/** The `access-control-*` response headers muskie treats as CORS (mantav1 lib/common.js `CORS_RES_HDRS`). */
const CORS_HEADERS = [
  'access-control-allow-headers',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-allow-methods',
];

const list = (v: string): string[] => v.split(/\s*,\s*/);

/**
 * The stored headers an object or directory answers a read with (mantav1 lib/common.js
 * `addCustomHeaders`). Without an `Origin`, every stored header is sent as stored. With one, the
 * CORS headers are taken in the order muskie stores them (`CORS_RES_HDRS`): allow-headers and
 * max-age are preflight-only and never sent; `access-control-allow-origin` becomes the request's
 * Origin when a stored value is that origin or `*`; `access-control-allow-methods` is sent when
 * it lists the method; `access-control-expose-headers` always. A mismatch removes the CORS headers
 * added so far, not those that come after it, exactly as muskie's `res.removeHeader` loop does: a
 * foreign origin still gets expose-headers and a matching allow-methods, and a method that is not
 * allowed (HEAD against `GET`) gets none.
 */
export function readHeaders(
  stored: Readonly<Record<string, string>>,
  origin: string | undefined,
  method: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(stored)) if (origin === undefined || !CORS_HEADERS.includes(k)) out[k] = v;
  if (origin === undefined) return out;
  const dropCors = (): void => {
    for (const h of CORS_HEADERS) delete out[h];
  };
  for (const k of CORS_HEADERS) {
    const v = stored[k];
    if (v === undefined) continue;
    if (k === 'access-control-allow-origin') {
      if (list(v).some((o) => o === origin || o === '*')) out[k] = origin;
      else dropCors();
    } else if (k === 'access-control-allow-methods') {
      if (list(v).includes(method)) out[k] = v;
      else dropCors();
    } else if (k === 'access-control-expose-headers') {
      out[k] = v;
    }
  }
  return out;
}

/**
 * Whether an `Accept` header admits `type` (restify's `req.accepts`, which muskie's
 * `negotiateContent` asks before it sends an object): no header admits everything; otherwise one
 * media range must match, `*` matching any type or sub-type, parameters and q-values aside.
 */
export function accepts(accept: string | undefined, type: string): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  const [t = '', s = ''] = (type.split(';')[0] ?? '').trim().toLowerCase().split('/');
  return accept.split(',').some((range) => {
    const [media = '', ...params] = range.split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) return false;
    const [rt = '', rs = ''] = media.trim().toLowerCase().split('/');
    return (rt === '*' || rt === t) && (rs === '*' || rs === s || (rt === '*' && rs === ''));
  });
}
