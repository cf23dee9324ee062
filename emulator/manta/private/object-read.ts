import { MantaError } from '../errors.js';

/** A satisfiable single byte range, inclusive bounds. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Reads a `Range` header against an object of `size` bytes, as muskie and the storage node's
 * nginx answer it between them: a list of ranges is 501 `NotImplemented` (mantav1 and master
 * lib/obj.js `verifyRange` refuse any `,`); a header that does not start with `bytes=` (any case,
 * at least 7 characters) is ignored and the whole object sent (nginx `ngx_http_range_header_filter`);
 * after it, anything but `[ ]start[ ]-[ ]end[ ]`, `start-` or `-suffix` (nginx
 * `ngx_http_range_parse`: `bytes=foo`, `bytes=-`, a reversed `bytes=5-2`) or a range that starts
 * past the end is 416 with `Content-Range: bytes *\/size`, which muskie passes on
 * (`streamFromSharks`); a range that starts at 0 and selects nothing is ignored, as nginx does.
 * @returns the range, or `undefined` to send the whole object
 * @throws MantaError 501 `NotImplemented`, 416 `RequestedRangeNotSatisfiable`
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (header === undefined || header === '') return undefined;
  if (header.includes(',')) throw new MantaError(501, 'NotImplemented', 'multi-range requests not supported');
  if (header.length < 7 || header.slice(0, 6).toLowerCase() !== 'bytes=') return undefined;
  const m = /^ *(?:(\d+) *- *(\d*)|-(\d+)) *$/.exec(header.slice(6));
  if (m === null) throw unsatisfiable(size);
  let start: number;
  let end: number; // exclusive, as nginx counts
  if (m[3] !== undefined) {
    const n = Number(m[3]);
    start = n < size ? size - n : 0;
    end = size;
  } else {
    start = Number(m[1]);
    end = m[2] === '' || Number(m[2]) >= size ? size : Number(m[2]) + 1;
  }
  if (start < end) return { start, end: end - 1 };
  if (start === 0) return undefined;
  throw unsatisfiable(size);
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
