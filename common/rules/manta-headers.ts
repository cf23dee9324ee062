/** The object store's rules for the headers an object stores: which names, what values, how much. */
import { hasUnsafeCharacters, showValue } from '../text/safe-text.js';

/** At most this many bytes of `m-` header data are stored per object. */
export const MANTA_MAX_HEADER_BYTES = 4096;

/**
 * The headers a stack may store on an object: `m-<name>` metadata, and the CORS and caching headers
 * the object store keeps and serves back (../spec/manta.md; the Manta storage reference, "CORS
 * Headers", "Cache-Control" and "Custom Headers"). Content-Type, durability and role tags have
 * props of their own.
 */
export const MANTA_STORED_HEADER =
  /^(m-[a-z0-9][a-z0-9_-]*|access-control-[a-z-]+|cache-control|content-disposition|content-encoding|content-language|surrogate-key)$/;

/**
 * The bytes counted against {@link MANTA_MAX_HEADER_BYTES}: the UTF-8 length of the values (not the
 * names) of headers whose name starts with `m-` (case-insensitive), as the object store counts.
 * Note the real service does not reject an oversized set: it silently stores only the headers that
 * fit, so a caller should check before writing.
 */
export function mantaHeaderBytes(headers: Record<string, string>): number {
  let total = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (/^m-\w/i.test(name)) total += Buffer.byteLength(String(value), 'utf8');
  }
  return total;
}

/**
 * Checks the name of a header a stack stores on an object (compared lower-cased): one of
 * {@link MANTA_STORED_HEADER}. Any other header is not stored, so declaring it would show as drift
 * on every plan.
 *
 * @returns undefined when valid, else a message naming the header and the rule.
 */
export function checkMantaHeaderName(name: string): string | undefined {
  if (MANTA_STORED_HEADER.test(name.toLowerCase())) return undefined;
  return `header ${showValue(name)} is not a header an object can store: use m-<name> (letters, digits, "_" and "-") for metadata, or access-control-*, cache-control, content-disposition, content-encoding, content-language, surrogate-key`;
}

/**
 * Checks the value of a header a stack stores: a string without control characters. HTTP forbids
 * a line break or a NUL in a header value (the request could not be sent, or would smuggle another
 * header), and the value is shown in plans.
 *
 * @returns undefined when valid, else a message naming the header, the value and the rule.
 */
export function checkMantaHeaderValue(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return `header ${showValue(name)} value ${showValue(value)} must be a string`;
  if (hasUnsafeCharacters(value))
    return `header ${showValue(name)} value ${showValue(value)} must not contain line breaks or other control characters (HTTP forbids them in header values)`;
  return undefined;
}
