import { describe, expect, it } from 'vitest';
import { TritonApiError } from '../provider/errors.js';
import {
  apiErrorFacts,
  backoffDelay,
  classifyApiError,
  decideRetry,
  retryFactsOf,
  WriteLog,
  type ApiErrorLike,
  type ClassifyContext,
} from './consistency.js';

describe('classifyApiError', () => {
  const table: [string, ApiErrorLike, ClassifyContext, string, unknown?][] = [
    [
      'role member not yet visible',
      { status: 409, code: 'InvalidArgument', missing: [{ kind: 'user', name: 'alice' }] },
      {},
      'not-yet-visible',
      [{ kind: 'user', name: 'alice' }],
    ],
    [
      'several missing objects',
      {
        status: 409,
        code: 'InvalidArgument',
        missing: [
          { kind: 'role', name: 'ops' },
          { kind: 'role', name: 'dev' },
        ],
      },
      {},
      'not-yet-visible',
      [
        { kind: 'role', name: 'ops' },
        { kind: 'role', name: 'dev' },
      ],
    ],
    [
      'a message naming a missing object but no typed fact',
      { status: 409, code: 'InvalidArgument', message: 'Invalid subuser: alice' },
      {},
      'terminal',
    ],
    [
      '404 on an object this call targets',
      { status: 404, code: 'ResourceNotFound', message: 'alice does not exist' },
      { target: { kind: 'user', name: 'alice' } },
      'not-yet-visible',
      [{ kind: 'user', name: 'alice' }],
    ],
    ['404 with no target', { status: 404, code: 'ResourceNotFound' }, {}, 'terminal'],
    ['throttled (CloudAPI 420)', { status: 420, code: 'RequestThrottled' }, {}, 'transient'],
    ['throttled (429)', { status: 429 }, {}, 'transient'],
    ['server fault', { status: 503, code: 'ServiceUnavailable' }, {}, 'transient'],
    ['bad gateway', { status: 502 }, {}, 'transient'],
    ['connection reset', { code: 'ECONNRESET' }, {}, 'transient'],
    ['undici socket error', { code: 'UND_ERR_SOCKET' }, {}, 'transient'],
    ['Manta conditional race', { status: 409, code: 'ConcurrentRequest' }, {}, 'transient'],
    ['duplicate name', { status: 409, code: 'InvalidArgument', message: 'Name is not unique' }, {}, 'terminal'],
    ['bad login', { status: 409, code: 'InvalidArgument', message: 'login is invalid' }, {}, 'terminal'],
    ['not authorized', { status: 403, code: 'NotAuthorized' }, {}, 'terminal'],
    ['bad credentials', { status: 401, code: 'InvalidCredentials' }, {}, 'terminal'],
    ['stale etag', { status: 412, code: 'PreconditionFailed' }, {}, 'terminal'],
    ['unknown local failure', { code: 'EACCES' }, {}, 'terminal'],
  ];
  it.each(table)('classifies %s', (_label, error, context, expected, references) => {
    const result = classifyApiError(error, context);
    expect(result.class).toBe(expected);
    if (references) expect(result).toMatchObject({ references });
  });

  it('says when a failed request may have taken effect, so a create is looked up before it is retried', () => {
    expect(classifyApiError({ status: 500 })).toMatchObject({ class: 'transient', mayHaveApplied: true });
    expect(classifyApiError({ code: 'ECONNRESET' })).toMatchObject({ mayHaveApplied: true });
    expect(classifyApiError({ code: 'ECONNREFUSED' })).toMatchObject({ mayHaveApplied: false });
    expect(classifyApiError({ status: 429 })).toMatchObject({ mayHaveApplied: false });
    // Manta's throttle is a 503 told from a fault by its code: it did nothing either.
    expect(classifyApiError({ status: 503, code: 'ThrottledError' })).toMatchObject({
      reason: 'throttled (503)',
      mayHaveApplied: false,
    });
    expect(classifyApiError({ status: 503, code: 'ServiceUnavailable' })).toMatchObject({ mayHaveApplied: true });
  });
});

describe('apiErrorFacts', () => {
  it("reads the provider's API error and its typed facts, treating status 0 as no response", () => {
    const providerError = new TritonApiError({
      status: 409,
      apiCode: 'InvalidArgument',
      message: 'Invalid subuser: alice',
      method: 'POST',
      path: '/acme/roles',
      operation: 'CreateRole',
      requestId: 'r1',
    });
    expect(apiErrorFacts(providerError)).toEqual({
      status: 409,
      code: 'InvalidArgument',
      message: 'Invalid subuser: alice',
      missing: [{ kind: 'user', name: 'alice' }],
    });
    expect(classifyApiError(apiErrorFacts(providerError))).toMatchObject({
      class: 'not-yet-visible',
      references: [{ kind: 'user', name: 'alice' }],
    });
    const noResponse = {
      code: 'TRITON_API_ERROR',
      status: 0,
      apiCode: 'ConnectionError',
      serverMessage: 'socket hang up',
    };
    expect(classifyApiError(apiErrorFacts(noResponse))).toMatchObject({ class: 'transient', mayHaveApplied: true });
  });

  it('copes with thrown values that are not objects', () => {
    expect(classifyApiError(apiErrorFacts('boom'))).toMatchObject({ class: 'terminal' });
  });
});

describe('decideRetry', () => {
  const policy = { consistencyWindowMs: 1000, baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 3 };
  const notVisible = classifyApiError({ status: 409, missing: [{ kind: 'user', name: 'Alice' }] });

  it('retries a not-yet-visible reference with backoff until the window after its write has passed', () => {
    const log = new WriteLog();
    log.record({ kind: 'user', name: 'alice' }, 10_000);
    const delays: number[] = [];
    let now = 10_050;
    for (let attempt = 1; attempt < 50; attempt++) {
      const decision = decideRetry(notVisible, { attempt, now, writeLog: log, policy });
      if (!decision.retry) {
        expect(decision.reason).toMatch(
          /user Alice is still not visible 1000 ms after it was written \(consistency window 1000 ms\)/,
        );
        break;
      }
      delays.push(decision.delayMs);
      now += decision.delayMs;
    }
    expect(delays).toEqual([100, 200, 400, 250]);
    expect(now).toBe(11_000);
  });

  it('retries once more when the answer to an attempt sent inside the window arrives after the window has passed', () => {
    const log = new WriteLog();
    log.record({ kind: 'user', name: 'alice' }, 10_000);
    // Sent 100 ms before the window's end, answered 300 ms after it (a slow server or a busy client).
    expect(decideRetry(notVisible, { attempt: 4, now: 11_300, sentAt: 10_900, writeLog: log, policy })).toEqual({
      retry: true,
      delayMs: 0,
    });
    const last = decideRetry(notVisible, { attempt: 5, now: 11_350, sentAt: 11_300, writeLog: log, policy });
    expect(last).toEqual({
      retry: false,
      reason: 'user Alice is still not visible 1300 ms after it was written (consistency window 1000 ms)',
    });
  });

  it('keeps retrying for the margin past the window, the last attempt landing on its end', () => {
    const log = new WriteLog();
    log.record({ kind: 'user', name: 'alice' }, 10_000);
    const withMargin = { ...policy, settleMarginMs: 200 };
    expect(decideRetry(notVisible, { attempt: 9, now: 11_100, writeLog: log, policy: withMargin })).toEqual({
      retry: true,
      delayMs: 100,
    });
    expect(decideRetry(notVisible, { attempt: 10, now: 11_200, writeLog: log, policy: withMargin }).retry).toBe(false);
  });

  it('gives a write made through another datacenter the replication window there, and the writer its own', () => {
    const log = new WriteLog();
    const east1 = log.through('datacenter us-east-1');
    const east2 = log.through('datacenter us-east-2');
    east1.record({ kind: 'role', name: 'ops' }, 10_000);
    const roleMissing = classifyApiError({ status: 409, missing: [{ kind: 'role', name: 'ops' }] });
    const withReplication = { ...policy, replicationWindowMs: 5000 };
    // Through the datacenter that wrote it: the consistency window only.
    expect(decideRetry(roleMissing, { attempt: 1, now: 11_000, writeLog: east1, policy: withReplication }).retry).toBe(
      false,
    );
    // Through the other: retried until the replication window (and its margin, a tenth) has passed.
    expect(decideRetry(roleMissing, { attempt: 1, now: 14_000, writeLog: east2, policy: withReplication })).toEqual({
      retry: true,
      delayMs: 100,
    });
    expect(decideRetry(roleMissing, { attempt: 9, now: 15_500, writeLog: east2, policy: withReplication })).toEqual({
      retry: false,
      reason:
        'role ops is still not visible 5500 ms after it was written through datacenter us-east-1 (replication window 5000 ms)',
    });
    expect(east2.replicatedFrom({ kind: 'role', name: 'OPS' })).toBe('datacenter us-east-1');
    expect(east1.replicatedFrom({ kind: 'role', name: 'ops' })).toBeUndefined();
  });

  it('gives up at once when this run never wrote the referenced object: it really does not exist', () => {
    const decision = decideRetry(notVisible, { attempt: 1, now: 0, writeLog: new WriteLog(), policy });
    expect(decision).toEqual({ retry: false, reason: 'user Alice does not exist (this run did not create it)' });
  });

  it('measures the window from the latest write among several references', () => {
    const log = new WriteLog();
    log.record({ kind: 'role', name: 'ops' }, 1000);
    log.record({ kind: 'role', name: 'dev' }, 5000);
    const tags = classifyApiError({
      status: 409,
      missing: [
        { kind: 'role', name: 'ops' },
        { kind: 'role', name: 'dev' },
      ],
    });
    expect(decideRetry(tags, { attempt: 1, now: 5500, writeLog: log, policy })).toEqual({ retry: true, delayMs: 100 });
    expect(decideRetry(tags, { attempt: 1, now: 6000, writeLog: log, policy }).retry).toBe(false);
  });

  it('retries transient failures a bounded number of times, honouring Retry-After', () => {
    const throttled = classifyApiError({ status: 429 });
    const log = new WriteLog();
    expect(decideRetry(throttled, { attempt: 1, now: 0, writeLog: log, policy })).toEqual({
      retry: true,
      delayMs: 100,
    });
    expect(decideRetry(throttled, { attempt: 2, now: 0, writeLog: log, policy, retryAfterMs: 3000 })).toEqual({
      retry: true,
      delayMs: 3000,
    });
    expect(decideRetry(throttled, { attempt: 3, now: 0, writeLog: log, policy })).toEqual({
      retry: false,
      reason: 'throttled (429); gave up after 3 attempts',
    });
  });

  it('fails at once when the server asks to wait longer than a minute, and keeps jittered waits between half and all of the backoff', () => {
    const throttled = classifyApiError({ status: 429 });
    const log = new WriteLog();
    expect(decideRetry(throttled, { attempt: 1, now: 0, writeLog: log, policy, retryAfterMs: 3_600_000 })).toEqual({
      retry: false,
      reason: 'throttled (429); the server asks to wait 3600 s before trying again',
    });
    expect(decideRetry(throttled, { attempt: 2, now: 0, writeLog: log, policy, random: () => 0 })).toEqual({
      retry: true,
      delayMs: 100,
    });
    expect(decideRetry(throttled, { attempt: 2, now: 0, writeLog: log, policy, random: () => 0.999 })).toEqual({
      retry: true,
      delayMs: 200,
    });
  });

  it('sends a write again at once after a first server fault or broken connection, and backs off after a second', () => {
    const log = new WriteLog();
    for (const fault of [
      classifyApiError({ status: 503, code: 'ServiceUnavailable' }),
      classifyApiError({ code: 'ECONNRESET' }),
    ]) {
      expect(decideRetry(fault, { attempt: 1, now: 0, writeLog: log, policy })).toEqual({ retry: true, delayMs: 0 });
      expect(decideRetry(fault, { attempt: 2, now: 0, writeLog: log, policy })).toEqual({ retry: true, delayMs: 200 });
    }
    // A throttle and a lost conditional race are no faults: they back off from the first.
    expect(
      decideRetry(classifyApiError({ status: 420, code: 'RequestThrottled' }), {
        attempt: 1,
        now: 0,
        writeLog: log,
        policy,
      }),
    ).toEqual({ retry: true, delayMs: 100 });
    expect(
      decideRetry(classifyApiError({ status: 409, code: 'ConcurrentRequest' }), {
        attempt: 1,
        now: 0,
        writeLog: log,
        policy,
      }),
    ).toEqual({ retry: true, delayMs: 100 });
  });

  it('does not retry a transient failure the client already retried (one retry layer per request)', () => {
    const throttled = classifyApiError({ status: 429 });
    const facts = retryFactsOf({ status: 429, apiCode: 'RequestThrottled', serverMessage: 'slow down', attempts: 4 });
    expect(decideRetry(throttled, { ...facts, attempt: 1, now: 0, writeLog: new WriteLog(), policy })).toEqual({
      retry: false,
      reason: 'throttled (429); the client already tried 4 times',
    });
    expect(
      decideRetry(throttled, {
        ...retryFactsOf({ status: 429, attempts: 1 }),
        attempt: 1,
        now: 0,
        writeLog: new WriteLog(),
        policy,
      }).retry,
    ).toBe(true);
  });

  it('reads Retry-After from the error the client threw', () => {
    const facts = retryFactsOf(
      { status: 429, apiCode: 'RequestThrottled', serverMessage: 'slow down', retryAfterMs: 2000 },
      () => 0.5,
    );
    expect(facts.retryAfterMs).toBe(2000);
    expect(facts.random()).toBe(0.5);
    expect(retryFactsOf({ status: 503 }).retryAfterMs).toBeUndefined();
  });

  it('never retries a terminal failure', () => {
    expect(
      decideRetry(classifyApiError({ status: 403, code: 'NotAuthorized' }), {
        attempt: 1,
        now: 0,
        writeLog: new WriteLog(),
      }),
    ).toEqual({ retry: false, reason: '403 NotAuthorized' });
  });

  it('uses a 15 second window by default', () => {
    const log = new WriteLog();
    log.record({ kind: 'user', name: 'alice' }, 0);
    expect(decideRetry(notVisible, { attempt: 1, now: 14_999, writeLog: log }).retry).toBe(true);
    expect(decideRetry(notVisible, { attempt: 1, now: 15_000, writeLog: log }).retry).toBe(false);
  });
});

describe('backoff', () => {
  it('doubles the delay from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(a))).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
  });
});
