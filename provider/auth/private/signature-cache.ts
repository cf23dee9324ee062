/**
 * Reuses a signature for the same signed string. An HTTP Signature signs only the Date header,
 * which changes once a second, so every request of that second signs the same string with the
 * same key: one signing (or one ssh-agent round trip) per second and key instead of one per request.
 */

/** Signs a string; may be asynchronous (an ssh-agent round trip). */
export type AsyncSignFunction = (data: string) => Promise<string>;

/**
 * How many distinct strings are remembered: the current Date second, the one before (requests
 * still in flight across the tick) and a few pre-signed URLs; more would only hold memory.
 */
const REMEMBERED = 4;

/**
 * Wraps `sign` so that signing a string signed recently returns the same signature without signing
 * again. Concurrent calls for the same string share one signing; a failed signing is not
 * remembered, so the next call tries again.
 */
export function cachingSign(sign: AsyncSignFunction): AsyncSignFunction {
  const recent = new Map<string, Promise<string>>();
  return (data) => {
    const hit = recent.get(data);
    if (hit !== undefined) return hit;
    const signed = sign(data);
    recent.set(data, signed);
    if (recent.size > REMEMBERED) recent.delete(recent.keys().next().value as string);
    signed.catch(() => {
      if (recent.get(data) === signed) recent.delete(data);
    });
    return signed;
  };
}
