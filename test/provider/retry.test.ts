import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateTestKey } from '../../scripts/support/keys.js';
import {
  createCloudApiClient,
  loadKeyMaterial,
  TritonApiError,
  type RetryEvent,
  type RetryOptions,
} from '../../provider/index.js';
import { startOracleServer, type Handler, type OracleServer } from './support/oracle-server.js';

const key = generateTestKey('ecdsa-p256');
const signer = loadKeyMaterial(key.privateOpenSsh);
const keys = { [`/acme/keys/${key.md5}`]: key.publicOpenSsh };
let server: OracleServer | undefined;
const extra: Server[] = [];

afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const s of extra.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** Retry settings that record each wait instead of sleeping, so tests assert on decisions, not time. */
function recordingRetry(overrides: RetryOptions = {}): { retry: RetryOptions; waits: number[]; events: RetryEvent[] } {
  const waits: number[] = [];
  const events: RetryEvent[] = [];
  return {
    waits,
    events,
    retry: {
      maxAttempts: 4,
      sleep: async (ms) => void waits.push(ms),
      onRetry: (e) => void events.push(e),
      ...overrides,
    },
  };
}

/**
 * The client options of a test that asserts on the Retry-After the retry interceptor waits for.
 * The adaptive rate is off: it pauses for the same Retry-After on a real timer that the recorded
 * sleep does not replace, which made the test wait out 4 s it does not assert on (that pause is
 * `adaptive-rate.test.ts`'s).
 */
function retryOnly(url: string, retry: RetryOptions) {
  return { url, account: 'acme', signer, retry, adaptiveRate: false } as const;
}

/** Answers with the given script, one entry per request: a status, or 'reset' to destroy the socket. */
function scripted(steps: readonly (number | 'reset' | { status: number; headers: Record<string, string> })[]): Handler {
  return (req, res, _seen, index) => {
    const step = steps[Math.min(index, steps.length - 1)];
    if (step === 'reset') {
      req.socket.destroy();
      return;
    }
    const status = typeof step === 'number' ? step : (step?.status ?? 200);
    const headers = typeof step === 'object' ? step.headers : {};
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req-${index}`, ...headers });
    res.end(
      status < 300
        ? JSON.stringify([{ id: 'u1', login: 'alice' }])
        : JSON.stringify({
            code: status === 420 ? 'RequestThrottled' : 'ServiceUnavailable',
            message: `try again (${index})`,
          }),
    );
  };
}

describe('retries', () => {
  it('recovers an idempotent call from 420 and 503 answers: a first fault tried again at once, then the waits growing', async () => {
    server = await startOracleServer(keys, scripted([420, 503, 503, 503, 200]));
    const { retry, events } = recordingRetry({ random: () => 0.999 });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    try {
      expect(await client.listUsers()).toEqual([{ id: 'u1', login: 'alice' }]);
    } finally {
      await client.close();
    }
    expect(server.seen).toHaveLength(5);
    expect(server.seen.every((s) => s.verified)).toBe(true);
    expect(events.map((e) => [e.operation, e.attempt, e.status])).toEqual([
      ['ListUsers', 1, 420],
      ['ListUsers', 2, 503],
      ['ListUsers', 3, 503],
      ['ListUsers', 4, 503],
    ]);
    // The throttle is paced by the client's rate; the first fault is sent again at once, the next
    // ones back off more each time.
    expect(events[1]!.delayMs).toBe(0);
    expect(events[2]!.delayMs).toBeGreaterThan(0);
    expect(events[3]!.delayMs).toBeGreaterThan(events[2]!.delayMs);
  });

  it('recovers an idempotent call when the server drops the connection', async () => {
    server = await startOracleServer(keys, scripted(['reset', 200]));
    const { retry, events } = recordingRetry();
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    try {
      expect(await client.listUsers()).toEqual([{ id: 'u1', login: 'alice' }]);
    } finally {
      await client.close();
    }
    expect(server.seen).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 0 });
  });

  it('does not repeat a POST that got a 503', async () => {
    server = await startOracleServer(keys, scripted([503, 200]));
    const { retry } = recordingRetry();
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    const err = await client
      .createUser({ login: 'alice', email: 'a@example.com', password: 'secret123' })
      .catch((e: unknown) => e);
    await client.close();
    expect(server.seen).toHaveLength(1);
    expect(err).toBeInstanceOf(TritonApiError);
    expect(err).toMatchObject({
      status: 503,
      apiCode: 'ServiceUnavailable',
      operation: 'CreateUser',
      method: 'POST',
      path: '/acme/users',
      requestId: 'req-0',
    });
  });

  it('does not repeat a POST whose connection dropped after it was sent', async () => {
    server = await startOracleServer(keys, scripted(['reset', 200]));
    const { retry } = recordingRetry();
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    const err = await client.createPolicy({ name: 'read', rules: ['CAN getmachine'] }).catch((e: unknown) => e);
    await client.close();
    expect(server.seen).toHaveLength(1);
    expect(err).toMatchObject({ status: 0, apiCode: 'ConnectionError', operation: 'CreatePolicy' });
  });

  it('retries a POST when the connection was refused, because nothing was sent', async () => {
    // Find a free port, leave it closed, and open it only during the first retry wait (after the
    // second refusal: the first is tried again at once).
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    let created = 0;
    const late = createServer((req, res) => {
      created += 1;
      req.resume();
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'p1', name: 'read', rules: ['CAN getmachine'] }));
      });
    });
    extra.push(late);
    const events: RetryEvent[] = [];
    const client = createCloudApiClient({
      url: `http://127.0.0.1:${port}`,
      account: 'acme',
      signer,
      retry: {
        maxAttempts: 3,
        onRetry: (e) => void events.push(e),
        sleep: () => new Promise<void>((resolve) => late.listen(port, '127.0.0.1', () => resolve())),
      },
    });
    try {
      expect(await client.createPolicy({ name: 'read', rules: ['CAN getmachine'] })).toMatchObject({ id: 'p1' });
    } finally {
      await client.close();
    }
    expect(events.map((e) => [e.errorCode, e.delayMs > 0])).toEqual([
      ['ECONNREFUSED', false],
      ['ECONNREFUSED', true],
    ]);
    expect(created).toBe(1);
  });

  it("waits for the server's Retry-After instead of its own backoff", async () => {
    server = await startOracleServer(
      keys,
      scripted([
        { status: 429, headers: { 'retry-after': '3' } },
        { status: 503, headers: { 'retry-after': '1' } },
        200,
      ]),
    );
    const { retry, waits, events } = recordingRetry({ random: () => 0 });
    const client = createCloudApiClient(retryOnly(server.url, retry));
    try {
      await client.listUsers();
    } finally {
      await client.close();
    }
    expect(server.seen).toHaveLength(3);
    expect(waits).toEqual([3000, 1000]);
    expect(events.map((e) => e.fromRetryAfter)).toEqual([true, true]);
  });

  it('gives up at once when Retry-After is longer than the client will wait', async () => {
    server = await startOracleServer(keys, scripted([{ status: 503, headers: { 'retry-after': '3600' } }, 200]));
    const { retry, waits } = recordingRetry({ maxRetryAfterMs: 5000 });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    const err = await client.listUsers().catch((e: unknown) => e);
    await client.close();
    expect(server.seen).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(err).toMatchObject({ status: 503, operation: 'ListUsers' });
  });

  it('stops after the configured number of attempts and says how many were made', async () => {
    server = await startOracleServer(keys, scripted([503]));
    const { retry } = recordingRetry({ maxAttempts: 3 });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    const err = await client.getUser('alice').catch((e: unknown) => e);
    await client.close();
    expect(server.seen).toHaveLength(3);
    expect(err).toMatchObject({ status: 503, attempts: 3, operation: 'GetUser', path: '/acme/users/alice' });
  });

  it('signs every attempt afresh', async () => {
    server = await startOracleServer(keys, scripted([503, 200]));
    const { retry } = recordingRetry();
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry });
    try {
      await client.listUsers();
    } finally {
      await client.close();
    }
    // Each attempt carries the Date it was signed for (the oracle verifies the signature against that
    // attempt's own Date header); within one Date second the signature is reused by design.
    expect(server.seen.map((s) => s.verified)).toEqual([true, true]);
    const [first, second] = server.seen.map((s) => s.headers);
    expect(first?.authorization === second?.authorization).toBe(first?.date === second?.date);
  });

  it('stops waiting when the caller aborts', async () => {
    server = await startOracleServer(keys, scripted([503, 200]));
    const controller = new AbortController();
    const client = createCloudApiClient({
      url: server.url,
      account: 'acme',
      signer,
      retry: { baseDelayMs: 60_000, random: () => 0.999, onRetry: () => controller.abort(new Error('stop')) },
    });
    const err = await client.listUsers({ signal: controller.signal }).catch((e: unknown) => e);
    await client.close();
    expect((err as Error).message).toBe('stop');
    expect(server.seen).toHaveLength(1);
  });
});
