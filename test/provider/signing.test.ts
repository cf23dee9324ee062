import { afterEach, describe, expect, it } from 'vitest';
import { createPublicKey, verify } from 'node:crypto';
import { generateTestKey, type TestKeyType } from '../../scripts/support/keys.js';
import { createCloudApiClient, createMantaClient, loadKeyMaterial } from '../../provider/index.js';
import { startOracleServer, type OracleServer } from './support/oracle-server.js';

let server: OracleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('HTTP Signature signing', () => {
  const oracleTypes: TestKeyType[] = ['rsa', 'ecdsa-p256', 'ecdsa-p521', 'ed25519'];

  for (const type of oracleTypes) {
    it(`signs CloudAPI account requests with a ${type} key that the reference implementation accepts`, async () => {
      const key = generateTestKey(type);
      const keyId = `/acme/keys/${key.md5}`;
      server = await startOracleServer({ [keyId]: key.publicOpenSsh }, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[]');
      });
      const client = createCloudApiClient({
        url: server.url,
        account: 'acme',
        signer: loadKeyMaterial(key.privateOpenSsh),
      });
      try {
        expect(await client.listUsers()).toEqual([]);
      } finally {
        await client.close();
      }
      const [seen] = server.seen;
      expect(seen?.verifyError).toBeUndefined();
      expect(seen).toMatchObject({ method: 'GET', url: '/acme/users', keyId, verified: true });
      expect(seen?.headers.authorization).toContain('headers="date"');
      expect(seen?.headers['accept-version']).toBe('~9');
      expect(seen?.headers.date).toBeDefined();
    });
  }

  for (const type of ['rsa', 'ecdsa-p256', 'ed25519'] as const) {
    it(`reuses the ${type} signature of a Date second for every request of that second, and it verifies`, async () => {
      // ECDSA signatures are randomised, so an identical second signature shows it was not signed again.
      const key = generateTestKey(type);
      const signer = loadKeyMaterial(key.privatePem);
      const date = 'date: Tue, 24 Nov 2026 03:00:00 GMT';
      const [first, second] = [await signer.sign(date), await signer.sign(date)];
      expect(second).toBe(first);
      const digest = type === 'ed25519' ? null : 'sha256';
      expect(verify(digest, Buffer.from(date), createPublicKey(key.privatePem), Buffer.from(first, 'base64'))).toBe(
        true,
      );
      const next = await signer.sign('date: Tue, 24 Nov 2026 03:00:01 GMT');
      expect(
        verify(
          digest,
          Buffer.from('date: Tue, 24 Nov 2026 03:00:01 GMT'),
          createPublicKey(key.privatePem),
          Buffer.from(next, 'base64'),
        ),
      ).toBe(true);
    });
  }

  it('signs with ECDSA P-384 as ecdsa-sha384, verifiable with the public key', async () => {
    // http-signature 1.4 knows no sha384, so the check uses node:crypto on the same signing string.
    const key = generateTestKey('ecdsa-p384');
    server = await startOracleServer({});
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer: loadKeyMaterial(key.privatePem) });
    try {
      await client.getAccount();
    } finally {
      await client.close();
    }
    const auth = String(server.seen[0]?.headers.authorization);
    expect(auth).toContain('algorithm="ecdsa-sha384"');
    const signature = /signature="([^"]+)"/.exec(auth)?.[1] ?? '';
    const signed = `date: ${String(server.seen[0]?.headers.date)}`;
    expect(
      verify('sha384', Buffer.from(signed), createPublicKey(key.privatePem), Buffer.from(signature, 'base64')),
    ).toBe(true);
    expect(
      verify('sha384', Buffer.from(`${signed}x`), createPublicKey(key.privatePem), Buffer.from(signature, 'base64')),
    ).toBe(false);
  });

  it('uses the three key-id forms: account, CloudAPI sub-user and Manta sub-user', async () => {
    const key = generateTestKey('rsa');
    const ids = [`/acme/keys/${key.md5}`, `/acme/users/bob/keys/${key.md5}`, `/acme/bob/keys/${key.md5}`];
    server = await startOracleServer(Object.fromEntries(ids.map((id) => [id, key.publicOpenSsh])));
    const signer = loadKeyMaterial(key.privateOpenSsh);
    const owner = createCloudApiClient({ url: server.url, account: 'acme', signer });
    const subuser = createCloudApiClient({ url: server.url, account: 'acme', user: 'bob', signer });
    const manta = createMantaClient({ url: server.url, account: 'acme', user: 'bob', signer });
    try {
      await owner.getAccount();
      await subuser.getAccount();
      await manta.putDirectory('/acme/stor/reports');
    } finally {
      await Promise.all([owner.close(), subuser.close(), manta.close()]);
    }
    expect(server.seen.map((s) => [s.keyId, s.verified])).toEqual(ids.map((id) => [id, true]));
  });

  it('is rejected by the reference implementation when signed with a different key than the key id names', async () => {
    const right = generateTestKey('rsa');
    const wrong = generateTestKey('rsa');
    const keyId = `/acme/keys/${right.md5}`;
    server = await startOracleServer({ [keyId]: right.publicOpenSsh });
    const signer = { ...loadKeyMaterial(wrong.privateOpenSsh), fingerprint: right.md5 };
    const client = createCloudApiClient({ url: server.url, account: 'acme', signer });
    try {
      await client.getAccount();
    } finally {
      await client.close();
    }
    expect(server.seen[0]).toMatchObject({ keyId, verified: false });
  });
});
