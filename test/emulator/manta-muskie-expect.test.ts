import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { signatureHeaders, type SignOptions } from '../../scripts/support/signer.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

/**
 * An `Expect` header other than `100-continue`, as muskie's own mantav1 suite sends on every
 * multipart create (`test/mpu/helper.js` `createUploadHelper`: `expect: application/json`).
 * mantav1 muskie runs on Node 0.10, whose HTTP server looks only at `100-continue`; master runs
 * on Node 6, which answers 417 with no body before muskie sees the request.
 */
let v1: TestEmulator;
let v2: TestEmulator;

interface Answer {
  readonly status: number;
  readonly json: Record<string, unknown> | undefined;
}

/** A signed POST with a JSON body and the given Expect header (undici refuses to send one). */
function postWithExpect(
  baseUrl: string,
  path: string,
  sign: SignOptions,
  expectation: string,
  body: object,
): Promise<Answer> {
  const headers = {
    ...signatureHeaders('POST', path, sign),
    'content-type': 'application/json',
    expect: expectation,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          json: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
        });
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  v1 = await startTestEmulator();
  v2 = await startTestEmulator({ mantaVersion: 2 });
});
afterAll(async () => {
  await v1?.close();
  await v2?.close();
});

describe('Expect other than 100-continue', () => {
  it('is ignored on mantav1: the multipart upload is created as without it', async () => {
    const res = await postWithExpect(v1.emulator.mantaUrl, '/acme/uploads', v1.owner, 'application/json', {
      objectPath: '/acme/stor/expect.txt',
    });
    expect(res.status).toBe(201);
    expect(res.json?.partsDirectory).toMatch(/^\/acme\/uploads\/[0-9a-f]{3}\//);
  });

  it('is answered 417 with no body on Manta v2, as Node 6 answers before muskie master sees it', async () => {
    const res = await postWithExpect(v2.emulator.mantaUrl, '/acme/uploads', v2.owner, 'application/json', {
      objectPath: '/acme/stor/expect.txt',
    });
    expect(res).toEqual({ status: 417, json: undefined });
  });
});
