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
