import { request } from 'undici';
import type { Readable } from 'node:stream';
import { signatureHeaders, type SignOptions } from '../../scripts/support/signer.js';

/** A Manta response as the tests look at it. */
export interface MantaResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The raw body. */
  readonly text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  readonly json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** What one request sends. */
export interface MantaRequest {
  /** Signs as this key; omit for an anonymous request. */
  readonly sign?: SignOptions;
  readonly headers?: Record<string, string>;
  /** Raw body; an object is sent as JSON. */
  readonly body?: string | Buffer | Readable | object;
}

/**
 * Sends one request to the Manta emulator, signed with `headers="date"` as the `manta` tools do.
 * Tests use it instead of the project's client so the emulator is checked independently.
 */
export async function manta(
  baseUrl: string,
  method: string,
  path: string,
  options: MantaRequest = {},
): Promise<MantaResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sign !== undefined) Object.assign(headers, signatureHeaders(method, path, options.sign));
  let body: string | Buffer | Readable | undefined;
  const raw = options.body;
  if (
    raw === undefined ||
    typeof raw === 'string' ||
    Buffer.isBuffer(raw) ||
    typeof (raw as Readable).pipe === 'function'
  ) {
    body = raw as string | Buffer | Readable | undefined;
  } else {
    body = JSON.stringify(raw);
    headers['content-type'] ??= 'application/json';
  }
  const res = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
  return { status: res.statusCode, headers: flat, text, json };
}

/**
 * Sends a request without a body and without `Content-Length` (chunked, as the `manta` tools send
 * a metadata update): undici always sends `Content-Length: 0`, which muskie refuses on
 * `?metadata=true` with 400 `InvalidUpdate`.
 */
export async function mantaChunked(
  baseUrl: string,
  method: string,
  path: string,
  options: Pick<MantaRequest, 'sign' | 'headers'> = {},
): Promise<MantaResponse> {
  const { request: httpRequest } = await import('node:http');
  const headers: Record<string, string> = { ...options.headers, 'transfer-encoding': 'chunked' };
  if (options.sign !== undefined) Object.assign(headers, signatureHeaders(method, path, options.sign));
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text === '' ? undefined : JSON.parse(text);
        } catch {
          json = undefined;
        }
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers: flat, text, json });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
