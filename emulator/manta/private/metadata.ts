import { DURABILITY_MAX, DURABILITY_MIN } from '../../../common/rules/durability.js';
import { MANTA_MAX_HEADER_BYTES } from '../../../common/rules/manta-headers.js';
import { MantaError } from '../errors.js';

/** Stored headers besides `m-*`: the ones Manta keeps and serves back (CORS and caching). */
const STORED =
  /^(access-control-[a-z-]+|cache-control|content-disposition|content-encoding|content-language|expires|surrogate-key)$/;

/** Request header values as node:http delivers them. */
export type RawHeaders = Readonly<Record<string, string | string[] | undefined>>;

function one(headers: RawHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * Picks the headers an object stores from a request: `m-*` and the CORS/caching headers. As in
 * Manta, `m-*` values count against a 4 KB budget and a header that would exceed it is silently
 * not stored (the request still succeeds), so clients must check sizes themselves.
 */
export function userHeaders(headers: RawHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  let metaBytes = 0;
  for (const [name, raw] of Object.entries(headers)) {
    const key = name.toLowerCase();
    const value = one(headers, name) ?? (raw === undefined ? undefined : String(raw));
    if (value === undefined) continue;
    if (/^m-\w/.test(key)) {
      const size = Buffer.byteLength(value);
      if (metaBytes + size > MANTA_MAX_HEADER_BYTES) continue;
      metaBytes += size;
      out[key] = value;
    } else if (STORED.test(key)) {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Reads `durability-level` (also `x-durability-level`): an integer from 1 to 6, 2 when absent.
 * @throws MantaError 400 `InvalidDurabilityLevel`
 */
export function durabilityLevel(headers: RawHeaders): number {
  const raw = one(headers, 'durability-level') ?? one(headers, 'x-durability-level');
  if (raw === undefined) return 2;
  const n = Number(raw);
  // The range is the shared one the constructs check (common/rules/durability.ts).
  if (!/^\d+$/.test(raw.trim()) || n < DURABILITY_MIN || n > DURABILITY_MAX) {
    throw new MantaError(
      400,
      'InvalidDurabilityLevel',
      `durability-level ${JSON.stringify(raw)} is invalid: it must be an integer from ${DURABILITY_MIN} to ${DURABILITY_MAX}`,
    );
  }
  return n;
}

/** Parses a `role-tag` header (comma-separated role names); `undefined` when absent. */
export function roleTagHeader(headers: RawHeaders): string[] | undefined {
  const raw = one(headers, 'role-tag');
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A few of the extensions of the `mime` package (1.2.11) that muskie maps malformed types with. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  text: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  js: 'application/javascript',
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/x-gzip',
  tar: 'application/x-tar',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

/**
 * The `Content-Type` to store: the request's, or `application/octet-stream`. A value without a
 * `/` is not a media type, and muskie replaces it with what the `mime` package finds for it as if
 * it were a file name (mantav1 lib/server.js `cleanupContentType`): `txt` or `a.txt` is
 * `text/plain`, anything unknown `application/octet-stream`.
 */
export function contentType(headers: RawHeaders): string {
  const raw = one(headers, 'content-type');
  if (raw === undefined) return 'application/octet-stream';
  if (/.+\/.+/.test(raw)) return raw;
  const ext = raw.replace(/.*[./\\]/, '').toLowerCase();
  return MIME_TYPES[ext] ?? 'application/octet-stream';
}
