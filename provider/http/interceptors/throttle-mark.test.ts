import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { throttleMarkInterceptor } from './throttle-mark.js';
import type { HttpMethod, TritonResponse } from '../types.js';

/** Marks one answer: `status` and `body`, streamed or (with `whole`) already read by the core. */
async function mark(
  status: number,
  body: string,
  options: { whole?: boolean; method?: HttpMethod; headers?: Record<string, string> } = {},
): Promise<TritonResponse> {
  const bytes = Buffer.from(body);
  const response: TritonResponse = options.whole
    ? { status, headers: options.headers ?? {}, bytes: Promise.resolve(bytes), body: Readable.from([bytes]) }
    : { status, headers: options.headers ?? {}, body: Readable.from([bytes]) };
  return throttleMarkInterceptor()(async () => response)({
    operation: 'GetObject',
    method: options.method ?? 'GET',
    path: '/acme/stor/x',
    headers: {},
  });
}

async function text(response: TritonResponse): Promise<string> {
  if (response.bytes) return (await response.bytes).toString('utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('throttle marking', () => {
  it('marks a 420 and a 429 without reading their bodies', async () => {
    expect((await mark(420, '{"code":"RequestThrottled"}')).throttled).toBe(true);
    expect((await mark(429, '')).throttled).toBe(true);
  });

  it("marks Manta's 503 throttle by its code, and leaves its body readable", async () => {
    const body = '{"code":"ThrottledError","message":"manta throttled this request"}';
    const streamed = await mark(503, body);
    expect(streamed.throttled).toBe(true);
    expect(await text(streamed)).toBe(body);
    const whole = await mark(503, body, { whole: true });
    expect(whole.throttled).toBe(true);
    expect(await text(whole)).toBe(body);
  });

  it('does not mark a 503 fault, whose body stays readable', async () => {
    const body = '{"code":"ServiceUnavailable","message":"down"}';
    const response = await mark(503, body);
    expect(response.throttled).toBeUndefined();
    expect(await text(response)).toBe(body);
  });

  it('marks a 503 with Retry-After, even to a HEAD, which has no body to say why', async () => {
    expect((await mark(503, '', { method: 'HEAD', headers: { 'retry-after': '1' } })).throttled).toBe(true);
    expect((await mark(503, '', { method: 'HEAD' })).throttled).toBeUndefined();
  });

  it('leaves other answers alone', async () => {
    const response = await mark(200, '{"ok":true}');
    expect(response.throttled).toBeUndefined();
    expect(await text(response)).toBe('{"ok":true}');
  });
});
