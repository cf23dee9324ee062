import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { TritonApiError } from '../../errors.js';
import { TUNABLE_DEFAULTS } from '../../../common/tunables.js';
import { parseRetryAfter, retryInterceptor } from './retry.js';
import type { TritonRequest, TritonResponse } from '../types.js';

const reply = (status: number, headers: Record<string, string> = {}): TritonResponse => ({
  status,
  headers,
  body: Readable.from([]),
});

describe('parseRetryAfter', () => {
  it('reads delta seconds and HTTP dates, and ignores anything else', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 31 Dec 2023 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('retryInterceptor', () => {
  it('tries a first fault again at once, then draws each wait from [0, min(cap, base * 2^(n-2))) — full jitter', async () => {
    const waits: number[] = [];
    const statuses = [503, 503, 503, 503, 200];
    const dispatch = retryInterceptor({
      maxAttempts: 5,
      baseDelayMs: 100,
      maxDelayMs: 300,
      random: () => 0.999,
      sleep: async (ms) => void waits.push(ms),
    })(async () => reply(statuses.shift()!));
    const request: TritonRequest = { operation: 'ListUsers', method: 'GET', path: '/acme/users', headers: {} };
    expect((await dispatch(request)).attempts).toBe(5);
    // The first fault waits for nothing (the sleep is not even called), the next ones back off.
    expect(waits).toEqual([99, 199, 299]);
  });

  it('tries a reset connection again at once the first time, then backs off', async () => {
    const waits: number[] = [];
    let calls = 0;
    const dispatch = retryInterceptor({ random: () => 0.999, sleep: async (ms) => void waits.push(ms) })(async () => {
      calls += 1;
      if (calls <= 2)
        throw new TritonApiError({
          status: 0,
          apiCode: 'ECONNRESET',
          message: 'socket hang up',
          method: 'GET',
          path: '/acme/users',
          operation: 'ListUsers',
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        });
      return reply(200);
    });
    const request: TritonRequest = { operation: 'ListUsers', method: 'GET', path: '/acme/users', headers: {} };
    expect((await dispatch(request)).status).toBe(200);
    expect([calls, waits]).toEqual([3, [TUNABLE_DEFAULTS.clientRetryBaseDelayMs - 1]]);
  });

  it('still waits what a fault answer asks in Retry-After, even the first time', async () => {
    const waits: number[] = [];
    const answers = [reply(503, { 'retry-after': '1' }), reply(200)];
    const dispatch = retryInterceptor({ sleep: async (ms) => void waits.push(ms) })(async () => answers.shift()!);
    const request: TritonRequest = { operation: 'ListUsers', method: 'GET', path: '/acme/users', headers: {} };
    await dispatch(request);
    expect(waits).toEqual([1000]);
  });

  it('never repeats a request whose body is a stream', async () => {
    let calls = 0;
    const dispatch = retryInterceptor({ sleep: async () => undefined })(async () => {
      calls += 1;
      return reply(503);
    });
    const response = await dispatch({
      operation: 'PutObject',
      method: 'PUT',
      path: '/acme/stor/x',
      headers: {},
      body: Readable.from(['x']),
    });
    expect(response.status).toBe(503);
    expect(calls).toBe(1);
  });

  it('repeats a request whose body can be reopened (a file), handing each attempt the same opener', async () => {
    const statuses = [503, 503, 204];
    const bodies: unknown[] = [];
    const dispatch = retryInterceptor({ sleep: async () => undefined })(async (request) => {
      bodies.push(request.body);
      return reply(statuses.shift()!);
    });
    const body = { open: () => Readable.from(['x']) };
    const response = await dispatch({ operation: 'PutObject', method: 'PUT', path: '/acme/stor/x', headers: {}, body });
    expect([response.status, response.attempts]).toEqual([204, 3]);
    expect(bodies).toEqual([body, body, body]);
  });

  it('tells the caller how many attempts a failed request took, so that it does not retry it again', async () => {
    let calls = 0;
    const dispatch = retryInterceptor({ sleep: async () => undefined })(async () => {
      calls += 1;
      throw new TritonApiError({
        status: 0,
        apiCode: 'ConnectionError',
        message: 'reset (ECONNRESET)',
        method: 'GET',
        path: '/acme/policies',
        operation: 'ListPolicies',
        cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
      });
    });
    const failure = await dispatch({
      operation: 'ListPolicies',
      method: 'GET',
      path: '/acme/policies',
      headers: {},
    }).catch((e: unknown) => e);
    expect(calls).toBe(TUNABLE_DEFAULTS.transientAttempts);
    expect((failure as TritonApiError).attempts).toBe(TUNABLE_DEFAULTS.transientAttempts);
  });
});

describe('retryInterceptor and throttling', () => {
  const get: TritonRequest = { operation: 'GetUser', method: 'GET', path: '/acme/users/alice', headers: {} };
  const post: TritonRequest = { operation: 'CreateUser', method: 'POST', path: '/acme/users', headers: {}, body: '{}' };
  const throttled = (status = 420): TritonResponse => ({ ...reply(status), throttled: true });

  it('does not count throttle answers against maxAttempts, and waits for nothing of its own when a rate paces them', async () => {
    const answers = [throttled(), throttled(), 503, throttled(503), throttled(), 503, 200];
    const waits: number[] = [];
    const dispatch = retryInterceptor({
      maxAttempts: 3,
      pacedThrottles: true,
      random: () => 0.5,
      sleep: async (ms) => void waits.push(ms),
    })(async () => {
      const next = answers.shift()!;
      return typeof next === 'number' ? reply(next) : next;
    });
    const response = await dispatch(get);
    expect(response.status).toBe(200);
    // Only the two faults and the success count; the wait is the second fault's backoff (the
    // first is tried again at once).
    expect(response.attempts).toBe(3);
    expect(waits).toEqual([100]);
  });

  it('repeats a throttled POST, which the server refused before doing anything', async () => {
    const answers = [throttled(), throttled(429), reply(201)];
    const dispatch = retryInterceptor({ sleep: async () => undefined })(async () => answers.shift()!);
    expect((await dispatch(post)).status).toBe(201);
    expect(answers).toEqual([]);
  });

  it('reports one attempt for a POST fault after throttles, so that the engine may still retry it', async () => {
    const answers = [throttled(), throttled(), reply(503)];
    const dispatch = retryInterceptor({ sleep: async () => undefined })(async () => answers.shift()!);
    const response = await dispatch(post);
    expect([response.status, response.attempts]).toEqual([503, undefined]);
  });

  it('gives up on a request throttled for ever after maxThrottledAttempts, and says how many it took', async () => {
    let calls = 0;
    const dispatch = retryInterceptor({ maxThrottledAttempts: 7, sleep: async () => undefined })(async () => {
      calls += 1;
      return throttled();
    });
    const response = await dispatch(get);
    expect([response.status, response.attempts, calls]).toEqual([420, 7, 7]);
  });

  it('gives up on a throttled request once maxThrottledMs have passed since its first throttle', async () => {
    const clock = { t: 0 };
    let calls = 0;
    const dispatch = retryInterceptor({
      maxThrottledMs: 10_000,
      now: () => clock.t,
      sleep: async () => undefined,
    })(async () => {
      calls += 1;
      clock.t += 3000;
      return throttled();
    });
    const response = await dispatch(get);
    // Throttled first at 3 s; the answer at 15 s is the first more than 10 s later, and is returned.
    expect([response.status, calls]).toEqual([420, 5]);
  });

  it('backs off between throttled attempts when nothing paces them', async () => {
    const waits: number[] = [];
    const answers = [throttled(), throttled(), reply(200)];
    const dispatch = retryInterceptor({ random: () => 0.999, sleep: async (ms) => void waits.push(ms) })(async () =>
      answers.shift()!,
    );
    await dispatch(get);
    expect(waits).toEqual([199, 399]);
  });
});
