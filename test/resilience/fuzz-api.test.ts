/**
 * API responses with unexpected shapes: a local `node:http` server answers every request with a
 * response fast-check made up (any status, missing or lying headers, bodies of the wrong type,
 * truncated JSON, HTML, a dropped connection). The real clients, and the engine planning a stack
 * through them, must fail with one of our errors (a known class with a code), never a TypeError,
 * and never echo the password they sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudApiClient, createMantaClient, loadKeyMaterial } from '../../provider/index.js';
import { planStack } from '../../reconciler/index.js';
import type { Clients } from '../../provider/handlers/clients.js';
import { accountKey, buildStack } from '../reconciler/support/world.js';
import { junkValue, succeedsOrFailsCleanly } from './support/fuzz.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';

const CHAOS = process.env.TRITON_IAC_CHAOS === '1';
const RUNS = CHAOS ? 400 : 40;
const PASSWORD = 'fuzz-Secret-4711';

/** One made-up answer. */
interface Junk {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: string;
  readonly headers: Record<string, string>;
  readonly drop: boolean;
}

const junkResponse: fc.Arbitrary<Junk> = fc.record({
  status: fc.oneof(
    fc.constantFrom(200, 200, 200, 201, 204, 304, 400, 401, 403, 404, 409, 412, 429, 500, 503),
    fc.integer({ min: 200, max: 599 }),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/html',
    'application/x-json-stream; type=directory',
    null,
    'garbage/;;',
  ),
  body: fc.oneof(
    junkValue.map((v) => JSON.stringify(v) ?? ''),
    junkValue.map((v) => JSON.stringify(v).slice(0, 7)),
    fc.array(junkValue, { maxLength: 4 }).map((vs) => vs.map((v) => JSON.stringify(v)).join('\n')),
    fc.constantFrom(
      '',
      '<html><body>502 Bad Gateway</body></html>',
      '{"code":"InternalError"}',
      '{"code":42,"message":{}}',
      '[{"login":null,"id":7}]',
      '[{"name":"x","members":"bob","policies":null}]',
      'null',
      '{"message":"ok"}',
    ),
  ),
  headers: fc.dictionary(
    fc.constantFrom('etag', 'retry-after', 'location', 'result-set-size', 'content-md5', 'request-id', 'x-request-id'),
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '99999999', 'NaN', '0')),
  ),
  drop: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

let server: Server;
let current: Junk[] = [];
let served = 0;
let baseUrl = '';

function answer(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const junk = current.length > 0 ? current[served++ % current.length]! : undefined;
  if (!junk) {
    res.writeHead(500).end();
    return;
  }
  if (junk.drop) {
    res.socket?.destroy();
    return;
  }
  const headers: Record<string, string> = { ...junk.headers };
  if (junk.contentType !== null) headers['content-type'] = junk.contentType;
  res.writeHead(junk.status, headers);
  res.end(junk.status === 204 || junk.status === 304 ? undefined : junk.body);
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function clients(): Clients {
  const signer = loadKeyMaterial(accountKey().privateOpenSsh);
  // No retries: every made-up answer reaches the code that interprets it. No pacing either: a
  // made-up 429 with a made-up Retry-After would pause the next calls for as long as it says.
  const transport = { retry: false, adaptiveRate: false } as const;
  return {
    cloudapi: createCloudApiClient({ url: baseUrl, account: 'acme', signer, ...transport }),
    manta: createMantaClient({ url: baseUrl, account: 'acme', signer, ...transport }),
  };
}

/** Every call a client makes to read or create what the engine manages. */
function calls(c: Clients): Array<[string, () => Promise<unknown>]> {
  return [
    ['getAccount', () => c.cloudapi.getAccount()],
    ['listUsers', () => c.cloudapi.listUsers()],
    ['getUser', () => c.cloudapi.getUser('bob')],
    ['createUser', () => c.cloudapi.createUser({ login: 'bob', email: 'bob@acme.example', password: PASSWORD })],
    ['listUserKeys', () => c.cloudapi.listUserKeys('bob')],
    ['listRoles', () => c.cloudapi.listRoles()],
    ['listPolicies', () => c.cloudapi.listPolicies()],
    ['listDirectory', () => c.manta.listDirectory('/acme/stor/site')],
    ['getObjectBuffer', () => c.manta.getObjectBuffer('/acme/stor/site/a.txt')],
    ['putObject', () => c.manta.putObject('/acme/stor/site/a.txt', 'hello')],
    ['listJobs', () => c.manta.listJobs()],
    ['getJob', () => c.manta.getJob('7a2a4b80-0000-4000-8000-000000000000')],
  ];
}

describe('made-up API responses', () => {
  it('make each client call return or fail with a known error, never echoing the password', async () => {
    const c = clients();
    try {
      await fc.assert(
        fc.asyncProperty(junkResponse, async (junk) => {
          current = [junk];
          for (const [name, call] of calls(c)) {
            try {
              await call();
            } catch (err) {
              await succeedsOrFailsCleanly(`${name} on ${JSON.stringify(junk)}`, () => {
                throw err;
              });
              expect((err as Error).message).not.toContain(PASSWORD);
            }
          }
        }),
        { numRuns: RUNS, seed: 21 },
      );
    } finally {
      await Promise.all([c.cloudapi.close(), c.manta.close()]);
    }
  });

  it('make planning a stack fail with a known error, never a crash', async () => {
    const c = clients();
    const stack = buildStack({ name: 'junk' });
    const workDir = mkdtempSync(join(tmpdir(), 'triton-iac-junk-'));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(junkResponse, { minLength: 1, maxLength: 6 }), async (answers) => {
          current = answers;
          served = 0;
          await succeedsOrFailsCleanly(`planning against ${JSON.stringify(answers)}`, () =>
            planStack(stack, {
              clients: c,
              handlers: defaultHandlers(),
              workDir,
              consistencyWindowMs: 0,
              env: { ALICE_PASSWORD: PASSWORD },
            }),
          );
        }),
        { numRuns: RUNS, seed: 22 },
      );
    } finally {
      await Promise.all([c.cloudapi.close(), c.manta.close()]);
    }
  });

  it('a ListUsers answered with 200 and the body null fails planning with a known error, not a TypeError', async () => {
    const c = clients();
    current = [{ status: 200, contentType: 'application/json', body: 'null', headers: {}, drop: false }];
    try {
      const workDir = mkdtempSync(join(tmpdir(), 'triton-iac-junk-'));
      await succeedsOrFailsCleanly('planning against a null list', () =>
        planStack(buildStack({ name: 'junk', manta: false }), {
          clients: c,
          handlers: defaultHandlers(),
          workDir,
          consistencyWindowMs: 0,
          env: { ALICE_PASSWORD: PASSWORD },
        }),
      );
    } finally {
      await Promise.all([c.cloudapi.close(), c.manta.close()]);
    }
  });
});
