import { createPrivateKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { request } from 'undici';
import type { TestKeyPair } from './keys.js';

/**
 * A tiny HTTP Signature signer for the emulator tests, built on node:crypto only: the emulator
 * is checked against this independent signer, never against the project's own client.
 */
export interface SignOptions {
  /** e.g. `/acme/keys/<md5>` or `/acme/users/bob/keys/<md5>`. */
  readonly keyId: string;
  readonly key: TestKeyPair;
  /** @default the algorithm that fits the key (rsa-sha256, ecdsa-sha256/384/512, ed25519-sha512) */
  readonly algorithm?: string;
  /** Headers to sign. @default ['date'] */
  readonly headers?: readonly string[];
  /** Use the legacy form (`Signature keyId=…,algorithm="…" <b64>`, signing the bare Date). */
  readonly legacy?: boolean;
  /** @default now */
  readonly date?: Date;
}

/** The algorithm that fits a key type. */
export function defaultAlgorithm(key: TestKeyPair): string {
  switch (key.type) {
    case 'rsa':
      return 'rsa-sha256';
    case 'ecdsa-p256':
      return 'ecdsa-sha256';
    case 'ecdsa-p384':
      return 'ecdsa-sha384';
    case 'ecdsa-p521':
      return 'ecdsa-sha512';
    case 'ed25519':
      return 'ed25519-sha512';
  }
}

const privateKeys = new Map<string, KeyObject>();

/** Signs `data` with the key and the hash the algorithm names. */
export function signString(key: TestKeyPair, algorithm: string, data: string): string {
  const hash = algorithm.split('-')[1]!;
  let privateKey = privateKeys.get(key.privatePem);
  if (privateKey === undefined) {
    privateKey = createPrivateKey(key.privatePem);
    privateKeys.set(key.privatePem, privateKey);
  }
  return cryptoSign(key.type === 'ed25519' ? null : hash, Buffer.from(data), privateKey).toString('base64');
}

/** The `date` and `authorization` headers for one request. */
export function signatureHeaders(method: string, path: string, opts: SignOptions): Record<string, string> {
  const date = (opts.date ?? new Date()).toUTCString();
  const algorithm = opts.algorithm ?? defaultAlgorithm(opts.key);
  if (opts.legacy === true) {
    const sig = signString(opts.key, algorithm, date);
    return { date, authorization: `Signature keyId=${opts.keyId},algorithm="${algorithm}" ${sig}` };
  }
  const names = opts.headers ?? ['date'];
  const lines = names.map((n) =>
    n === '(request-target)' ? `(request-target): ${method.toLowerCase()} ${path}` : `${n}: ${date}`,
  );
  const sig = signString(opts.key, algorithm, lines.join('\n'));
  return {
    date,
    authorization: `Signature keyId="${opts.keyId}",algorithm="${algorithm}",headers="${names.join(' ')}",signature="${sig}"`,
  };
}

/** A response as the tests look at it. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Parsed JSON, or the raw text when it is not JSON, or undefined when empty. */
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Sends one request to the emulator, signed when `sign` is given. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { sign?: SignOptions; body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-version': '~9', ...options.headers };
  if (options.sign !== undefined) Object.assign(headers, signatureHeaders(method, path, options.sign));
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await request(`${baseUrl}${path}`, {
    method: method as 'GET',
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
    // A connection of its own: on a loaded machine a kept-alive one can be closed by the server's
    // idle timeout just as the next request is sent on it (ECONNRESET, seen at load 15), which
    // says nothing about the request a test checks.
    reset: true,
  });
  const text = await res.body.text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const flat: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
  return { status: res.statusCode, headers: flat, body };
}
