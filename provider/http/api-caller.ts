/**
 * Turns responses into values or {@link TritonApiError}s, shared by the CloudAPI and Manta
 * clients: JSON in and out, error bodies parsed into status, code, message and request id.
 */
import { finished, type Readable } from 'node:stream';
import { TritonApiError } from '../errors.js';
import { parseRetryAfter } from './interceptors/retry.js';
import {
  discardBody,
  headerValue,
  type Dispatch,
  type HttpMethod,
  type RequestBody,
  type TritonRequest,
  type TritonResponse,
} from './types.js';

/** Options every client method accepts. */
export interface CallOptions {
  /** Cancels the call, including any retry wait. */
  readonly signal?: AbortSignal;
}

/** A request as the typed clients describe it. */
export interface CallSpec {
  readonly operation: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: TritonRequest['query'];
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value (sent as application/json) … */
  readonly json?: unknown;
  /** … or a raw body, with its content type in `headers`. */
  readonly body?: RequestBody;
  readonly signal?: AbortSignal;
  readonly idempotent?: boolean;
  /** Non-2xx statuses that are success for this operation (e.g. 302, 304). */
  readonly alsoOk?: readonly number[];
}

/**
 * The basic shape a typed method expects of a 2xx JSON body: `object` (a JSON object, not `null`
 * nor an array) or `list` (an array whose every item is a JSON object). Checked before any caller
 * touches the value, so a body of the wrong shape fails as an `InvalidResponse`, never a TypeError.
 */
export type ResponseShape = 'object' | 'list';

/**
 * A field the client's callers rely on, by its JSON type; a trailing `?` means it may be absent (or
 * `null`), but when present must have that type.
 */
export type FieldType = 'string' | 'string?' | 'array' | 'array?' | 'boolean?';

/** A call whose 2xx answer is a JSON body of a known basic shape. */
export interface JsonCallSpec extends CallSpec {
  readonly expect: ResponseShape;
  /** Fields the object (or each item of the list) must carry, checked with the shape. */
  readonly fields?: Readonly<Record<string, FieldType>>;
}

/** A parsed JSON answer with its response headers. */
export interface JsonResult<T> {
  readonly status: number;
  readonly data: T;
  readonly headers: TritonResponse['headers'];
}

/** Largest error body we read; error bodies are small JSON objects. */
const MAX_ERROR_BODY = 64 * 1024;

const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'InvalidCredentials',
  403: 'NotAuthorized',
  404: 'ResourceNotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  412: 'PreconditionFailed',
  420: 'RequestThrottled',
  429: 'RequestThrottled',
  449: 'InvalidVersion',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'an empty body';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * What is wrong with `data` for the `expected` shape, or `undefined` when it fits. Cheap: one
 * pass over a list's items, no schema.
 */
export function shapeProblem(
  data: unknown,
  expected: ResponseShape,
  fields: Readonly<Record<string, FieldType>> = {},
): string | undefined {
  if (expected === 'object') {
    if (!isObject(data)) return `expected a JSON object, got ${describeValue(data)}`;
    return fieldProblem(data as Record<string, unknown>, fields);
  }
  if (!Array.isArray(data)) return `expected a JSON array of objects, got ${describeValue(data)}`;
  for (let i = 0; i < data.length; i++) {
    if (!isObject(data[i])) return `expected a JSON array of objects, got ${describeValue(data[i])} at index ${i}`;
    const problem = fieldProblem(data[i] as Record<string, unknown>, fields);
    if (problem !== undefined) return `${problem} at index ${i}`;
  }
  return undefined;
}

function fieldProblem(item: Record<string, unknown>, fields: Readonly<Record<string, FieldType>>): string | undefined {
  for (const [name, type] of Object.entries(fields)) {
    const value = item[name];
    const optional = type.endsWith('?');
    if (optional && (value === undefined || value === null)) continue;
    const base = optional ? type.slice(0, -1) : type;
    const fits = base === 'array' ? Array.isArray(value) : typeof value === base;
    if (!fits)
      return `expected "${name}" to be ${base === 'array' ? 'an array' : `a ${base}`}, got ${value === undefined ? 'nothing' : describeValue(value)}`;
  }
  return undefined;
}

/** The error for a 2xx answer the client cannot use (not JSON, or not the expected shape). */
export function invalidResponse(
  spec: Pick<CallSpec, 'operation' | 'method' | 'path'>,
  response: Pick<TritonResponse, 'status' | 'headers' | 'attempts'>,
  message: string,
): TritonApiError {
  return new TritonApiError({
    status: response.status,
    apiCode: 'InvalidResponse',
    message,
    requestId: requestIdOf(response.headers),
    method: spec.method,
    path: spec.path,
    operation: spec.operation,
    attempts: response.attempts,
  });
}

/**
 * Reads a whole body as text, up to `limit` bytes (the rest is drained).
 * @throws the stream's error, or a premature-close error when it ends without finishing
 */
export function readText(body: Readable, limit = Number.POSITIVE_INFINITY): Promise<string> {
  return readBytes(body, limit).then((bytes) => bytes.toString('utf8'));
}

/**
 * Reads a whole body, up to `limit` bytes (the rest is drained). Data events, not an async
 * iterator: the iterator's per-chunk `read()` cost about 0.1 ms of CPU per small answer, a tenth of
 * a plan's reads at 1,000 objects.
 * @throws as {@link readText}
 */
export function readBytes(body: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer | string) => {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      if (size < limit) chunks.push(buf.subarray(0, Math.max(0, limit - size)));
      size += buf.length;
    });
    finished(body, (error) => (error ? reject(error) : resolve(Buffer.concat(chunks))));
  });
}

/**
 * Reads a response's whole body, up to `limit` bytes: the bytes the core collected for a
 * `wholeBody` request, else its stream (see {@link readBytes}).
 * @throws as {@link readText}
 */
export function responseBytes(
  response: Pick<TritonResponse, 'body' | 'bytes'>,
  limit = Number.POSITIVE_INFINITY,
): Promise<Buffer> {
  if (response.bytes === undefined) return readBytes(response.body, limit);
  return response.bytes.then((bytes) => (bytes.length > limit ? bytes.subarray(0, limit) : bytes));
}

/**
 * {@link responseBytes} as UTF-8 text.
 * @throws as {@link readText}
 */
export function responseText(
  response: Pick<TritonResponse, 'body' | 'bytes'>,
  limit = Number.POSITIVE_INFINITY,
): Promise<string> {
  return responseBytes(response, limit).then((bytes) => bytes.toString('utf8'));
}

/** Request id from either API's header. */
export function requestIdOf(headers: TritonResponse['headers']): string | undefined {
  return headerValue(headers, 'request-id') ?? headerValue(headers, 'x-request-id');
}

/** Builds the error for a failed response, consuming its body. */
export async function errorFromResponse(spec: CallSpec, response: TritonResponse): Promise<TritonApiError> {
  const text = spec.method === 'HEAD' ? '' : await responseText(response, MAX_ERROR_BODY).catch(() => '');
  if (spec.method === 'HEAD') discardBody(response);
  let apiCode = STATUS_CODES[response.status] ?? `Http${response.status}`;
  let message = text.trim() === '' ? `HTTP ${response.status}` : text.trim().slice(0, 500);
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') apiCode = parsed.code;
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the status-derived code and the text.
  }
  return new TritonApiError({
    status: response.status,
    apiCode,
    message,
    requestId: requestIdOf(response.headers),
    method: spec.method,
    path: spec.path,
    operation: spec.operation,
    attempts: response.attempts,
    ...retryAfterOf(response),
  });
}

function retryAfterOf(response: TritonResponse): { retryAfterMs?: number } {
  const ms = parseRetryAfter(headerValue(response.headers, 'retry-after'));
  return ms === undefined ? {} : { retryAfterMs: ms };
}

/** Sends typed calls through a dispatch chain. */
export class ApiCaller {
  /** @param dispatch the composed chain (see `createService`) */
  constructor(private readonly dispatch: Dispatch) {}

  /** Sends the call; resolves with the raw response when its status is a success, else throws. */
  send(spec: CallSpec): Promise<TritonResponse> {
    return this.sendCall(spec, false);
  }

  /** {@link send}, with `wholeBody` when the caller reads the answer whole (see `TritonRequest`). */
  private async sendCall(spec: CallSpec, wholeBody: boolean): Promise<TritonResponse> {
    const headers: Record<string, string> = { ...spec.headers };
    let body = spec.body;
    if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers['content-type'] = 'application/json';
    }
    const response = await this.dispatch({
      operation: spec.operation,
      method: spec.method,
      path: spec.path,
      headers,
      ...(spec.query ? { query: spec.query } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(spec.signal ? { signal: spec.signal } : {}),
      ...(spec.idempotent !== undefined ? { idempotent: spec.idempotent } : {}),
      ...(wholeBody ? { wholeBody } : {}),
    });
    const ok = (response.status >= 200 && response.status < 300) || (spec.alsoOk ?? []).includes(response.status);
    if (!ok) throw await errorFromResponse(spec, response);
    return response;
  }

  /**
   * Sends the call and parses its JSON answer, which must have the basic shape `spec.expect`.
   * @throws TritonApiError with `apiCode` `InvalidResponse` when a 2xx body is not JSON or not of
   *   that shape (an empty body included)
   */
  async json<T>(spec: JsonCallSpec): Promise<JsonResult<T>> {
    const response = await this.sendCall(spec, true);
    const text = spec.method === 'HEAD' ? '' : await responseText(response);
    if (spec.method === 'HEAD') discardBody(response);
    let data: unknown;
    try {
      data = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      throw invalidResponse(spec, response, `expected a JSON body, got ${JSON.stringify(text.slice(0, 80))}`);
    }
    const problem = shapeProblem(data, spec.expect, spec.fields);
    if (problem !== undefined) throw invalidResponse(spec, response, problem);
    return { status: response.status, data: data as T, headers: response.headers };
  }

  /** Sends the call and discards any body; resolves with the response headers. */
  async empty(spec: CallSpec): Promise<TritonResponse> {
    const response = await this.sendCall(spec, true);
    discardBody(response);
    return response;
  }
}
