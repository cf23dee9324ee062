/**
 * Logs each request's outcome as one structured entry, with secrets redacted.
 *
 * The entry is built from an allow-list of fields, and headers pass through {@link redactHeaders},
 * so an Authorization header, a signature or a password can never reach a log sink.
 */
import { TritonApiError } from '../../errors.js';
import type { Interceptor } from '../types.js';

/** One log entry. */
export interface RequestLogEntry {
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** Response status; 0 when no response arrived. */
  readonly status: number;
  readonly durationMs: number;
  readonly requestId?: string;
  /** Request headers with secrets replaced by `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>;
  /** Failure summary when the request threw. */
  readonly error?: string;
}

/** Receives log entries. */
export type RequestLogger = (entry: RequestLogEntry) => void;

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-auth-token']);

/** Returns a copy of `headers` with secret values replaced by `[redacted]`. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value;
  }
  return out;
}

/**
 * Creates the logging interceptor. Place it inside the signing interceptor to see the signed
 * headers (redacted), or outside the retry interceptor to log one line per call.
 */
export function logInterceptor(logger: RequestLogger, clock: () => number = Date.now): Interceptor {
  return (next) => async (request) => {
    const started = clock();
    const base = {
      operation: request.operation,
      method: request.method,
      path: request.path,
      headers: redactHeaders(request.headers),
    };
    try {
      const response = await next(request);
      const requestId = response.headers['request-id'] ?? response.headers['x-request-id'];
      logger({
        ...base,
        status: response.status,
        durationMs: clock() - started,
        ...(typeof requestId === 'string' ? { requestId } : {}),
      });
      return response;
    } catch (err) {
      const status = err instanceof TritonApiError ? err.status : 0;
      logger({
        ...base,
        status,
        durationMs: clock() - started,
        error: err instanceof Error ? err.message : String(err),
      });
      throw err;
    }
  };
}
