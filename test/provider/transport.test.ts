import { afterEach, describe, expect, it } from 'vitest';
import { createCloudApiClient, createMantaClient, TritonApiError, type RequestLogEntry } from '../../provider/index.js';
import { acmeKey, startOracleServer, type Handler, type OracleServer } from './support/oracle-server.js';

const { key, signer, keys } = acmeKey();
let server: OracleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

describe('API errors', () => {
  it('carry the status, API code, message, request id, method, path and operation', async () => {
    server = await startOracleServer(
      keys,
      answer(404, { code: 'ResourceNotFound', message: 'alice does not exist' }, { 'request-id': 'r-123' }),
    );
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    const err = await client.getUser('alice', { membership: true }).catch((e: unknown) => e);
    await client.close();
    expect(err).toBeInstanceOf(TritonApiError);
    expect(err).toMatchObject({
      code: 'TRITON_API_ERROR',
      status: 404,
      apiCode: 'ResourceNotFound',
      serverMessage: 'alice does not exist',
      requestId: 'r-123',
      method: 'GET',
      path: '/acme/users/alice',
      operation: 'GetUser',
    });
    expect((err as Error).message).toBe(
      'GetUser (GET /acme/users/alice) failed: 404 ResourceNotFound: alice does not exist [request-id r-123]',
    );
    expect(server.seen[0]?.url).toBe('/acme/users/alice?membership=true');
  });

  for (const status of [400, 449]) {
    it(`recognise InvalidVersion sent as ${status}`, async () => {
      server = await startOracleServer(
        keys,
        answer(status, { code: 'InvalidVersion', message: '~1 is not supported' }),
      );
      const client = createCloudApiClient({
        url: server.url,
        account: 'acme',
        signer,
        retry: false,
        acceptVersion: '~1',
      });
      const err = (await client.ping().catch((e: unknown) => e)) as TritonApiError;
      await client.close();
      expect(err.isInvalidVersion).toBe(true);
      expect(server.seen[0]?.headers['accept-version']).toBe('~1');
    });
  }

  it('fall back to a code derived from the status when the body is not JSON', async () => {
    server = await startOracleServer(keys, answer(502, '<html>bad gateway</html>'));
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, retry: false });
    const err = await client.listRoles().catch((e: unknown) => e);
    await client.close();
    expect(err).toMatchObject({ status: 502, apiCode: 'Http502', operation: 'ListRoles' });
  });

  it('never contain the Authorization header, the signature or a password, and neither do log entries', async () => {
    server = await startOracleServer(keys, answer(409, { code: 'InvalidArgument', message: 'Login is already taken' }));
    const entries: RequestLogEntry[] = [];
    const client = createCloudApiClient({
      url: server.url,
      account: 'acme',
      signer,
      retry: false,
      logger: (e) => entries.push(e),
    });
    const password = 'Sup3rSecret!pw';
    const err = (await client
      .createUser({ login: 'alice', email: 'a@example.com', password })
      .catch((e: unknown) => e)) as TritonApiError;
    await client.close();
    const authorization = String(server.seen[0]?.headers.authorization);
    const signature = /signature="([^"]+)"/.exec(authorization)?.[1] ?? 'missing';
    expect(server.seen[0]?.body).toContain(password);
    const everything = JSON.stringify({ entries, err, message: err.message, stack: err.stack });
    for (const secret of [authorization, signature, password]) expect(everything).not.toContain(secret);
    expect(entries[0]).toMatchObject({
      operation: 'CreateUser',
      status: 409,
      headers: { authorization: '[redacted]' },
    });
  });

  it('refuse a password in the wrong place before sending anything, without echoing it', async () => {
    const client = createCloudApiClient({ url: 'http://127.0.0.1:9', account: 'acme', signer });
    const err = await client.updateUser('id-1', { password: 'hunter2' } as never).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^password: cannot be changed by updateUser/);
    expect((err as Error).message).not.toContain('hunter2');
    await expect(client.createUser({ login: 'alice', email: 'a@example.com', password: '' })).rejects.toThrow(
      'password: (hidden) is required',
    );
    await client.close();
  });
});

describe('transport', () => {
  it('keeps at most maxConcurrent requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    // Each answer waits until two requests have been in flight at once (so the limit is reached
    // however slowly the client sends), then 30 ms more, in which a third would show up if the limit
    // let it through. The first wait has a budget far past any load.
    let pair!: () => void;
    const paired = new Promise<void>((resolve) => (pair = resolve));
    const budget = setTimeout(pair, 60_000);
    server = await startOracleServer(keys, async (_req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      if (inFlight >= 2) pair();
      await paired;
      await new Promise((r) => setTimeout(r, 30));
      inFlight -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, maxConcurrent: 2 });
    try {
      await Promise.all(Array.from({ length: 8 }, () => client.listKeys()));
    } finally {
      clearTimeout(budget);
      await client.close();
    }
    expect(server.seen).toHaveLength(8);
    expect(most).toBe(2);
  });

  it('fails a request that gets no answer within the timeout, naming the operation', async () => {
    server = await startOracleServer(keys, () => new Promise((r) => setTimeout(r, 1000)));
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer, timeoutMs: 150, retry: false });
    const err = await client.listPolicies().catch((e: unknown) => e);
    await client.close();
    expect(err).toMatchObject({ status: 0, apiCode: 'RequestTimeout', operation: 'ListPolicies' });
  });

  it('sends as-role to CloudAPI and the Role header to Manta when roles are given', async () => {
    server = await startOracleServer(
      {
        ...keys,
        [`/acme/users/bob/keys/${key.md5}`]: key.publicOpenSsh,
        [`/acme/bob/keys/${key.md5}`]: key.publicOpenSsh,
      },
      answer(200, []),
    );
    const cloud = createCloudApiClient({
      url: server.url,
      account: 'acme',
      user: 'bob',
      roles: ['ops', 'dev'],
      signer,
    });
    const manta = createMantaClient({ url: server.url, account: 'acme', user: 'bob', roles: ['ops', 'dev'], signer });
    try {
      await cloud.listMachines({ state: 'running' });
      await manta.headObject('~~/stor/x');
    } finally {
      await Promise.all([cloud.close(), manta.close()]);
    }
    expect(server.seen[0]?.url).toBe('/acme/machines?as-role=ops%2Cdev&state=running');
    expect(server.seen[1]?.headers.role).toBe('ops,dev');
    expect(server.seen.every((s) => s.verified)).toBe(true);
  });

  it('reads role tags from the role-tag header and writes them with SetRoleTags', async () => {
    server = await startOracleServer(keys, (req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json', 'role-tag': 'ops,readers' });
        res.end('{}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: '/acme/users/bob', 'role-tag': ['ops'] }));
      }
    });
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer });
    try {
      expect(await client.getRoleTags('users/bob')).toEqual(['ops', 'readers']);
      expect(await client.setRoleTags('/acme/users/bob', ['ops'])).toEqual({
        name: '/acme/users/bob',
        'role-tag': ['ops'],
      });
    } finally {
      await client.close();
    }
    expect(server.seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      'GET /acme/users/bob ',
      'PUT /acme/users/bob {"role-tag":["ops"]}',
    ]);
  });

  it("returns GetDatacenter's redirect target instead of following it", async () => {
    server = await startOracleServer(
      keys,
      answer(302, { code: 'ResourceMoved', message: 'us-west-1 moved' }, { location: 'https://us-west-1.example.com' }),
    );
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer });
    try {
      expect(await client.getDatacenter('us-west-1')).toBe('https://us-west-1.example.com');
    } finally {
      await client.close();
    }
    expect(server.seen).toHaveLength(1);
  });
});
