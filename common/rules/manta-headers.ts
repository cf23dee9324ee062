/** The object store's limit on custom `m-` metadata headers. */

/** At most this many bytes of `m-` header data are stored per object. */
export const MANTA_MAX_HEADER_BYTES = 4096;

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
