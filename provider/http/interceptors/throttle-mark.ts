/**
 * Marks the answers that mean "slow down" (`TritonResponse.throttled`), so that the rate limiter
 * and the retry interceptor above it treat them apart from failures. A 420 or 429 says so by its
 * status; Manta throttles with a 503 that differs from a fault only in its error code, so the body
 * of a 503 without a `Retry-After` is read here (an error body is small), and the answer passed on
 * carries the same bytes for whoever reads it next.
 */
import type { Readable } from 'node:stream';
import { isThrottleAnswer } from '../../../common/contract/failure-facts.js';
import { streamOf } from '../private/whole-body.js';
import { headerValue, type Interceptor, type TritonResponse } from '../types.js';

/** More than any error body: a 503 longer than this is not a throttle answer, and is not read further. */
const MAX_ERROR_BODY = 64 * 1024;

/** The interceptor. */
export function throttleMarkInterceptor(): Interceptor {
  return (next) => async (request) => {
    const response = await next(request);
    const hasRetryAfter = headerValue(response.headers, 'retry-after') !== undefined;
    if (response.status !== 503 || hasRetryAfter || request.method === 'HEAD') {
      // A HEAD answer has no body to say why: a 503 to a HEAD is a throttle only with Retry-After.
      return isThrottleAnswer(response.status, undefined, hasRetryAfter) ? { ...response, throttled: true } : response;
    }
    const bytes = response.bytes ?? readSmall(response.body);
    const code = await bytes.then(codeOf, () => undefined);
    const read = readAgain(response, bytes);
    return isThrottleAnswer(503, code) ? { ...read, throttled: true } : read;
  };
}

/** The `code` of a JSON error body, if it has one. */
function codeOf(bytes: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a body of at most {@link MAX_ERROR_BODY} bytes; a longer one rejects (and is drained). */
function readSmall(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ERROR_BODY) chunks.push(chunk);
    });
    body.on('end', () =>
      size <= MAX_ERROR_BODY ? resolve(Buffer.concat(chunks)) : reject(new RangeError('error body too long')),
    );
    body.on('error', reject);
  });
}

/** The answer again, its body the bytes already read (or, when they could not be, an empty one). */
function readAgain(response: TritonResponse, bytes: Promise<Buffer>): TritonResponse {
  const settled = bytes.catch(() => Buffer.alloc(0));
  let body: Readable | undefined;
  return {
    ...response,
    bytes: settled,
    get body(): Readable {
      body ??= streamOf(settled);
      return body;
    },
  };
}
