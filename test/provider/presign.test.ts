import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import sshpk from 'sshpk';
import { generateTestKey } from '../../scripts/support/keys.js';
import { loadKeyMaterial, presignCloudApiUrl, presignMantaUrl } from '../../provider/index.js';
import { startOracleServer, type OracleServer, type SeenRequest } from './support/oracle-server.js';

let server: OracleServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Checks a pre-signed request the way the specs describe, written independently of the client:
 * method list, Host, path, then the sorted query without `signature`, RFC 3986-encoded.
 */
function verifyPresigned(seen: SeenRequest, publicKey: string): { valid: boolean; params: URLSearchParams } {
  const url = new URL(seen.url, 'http://placeholder');
  const params = url.searchParams;
  const signature = params.get('signature') ?? '';
  const enc = (s: string): string =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const pairs = [...params.entries()].filter(([k]) => k !== 'signature').sort(([a], [b]) => (a < b ? -1 : 1));
  const methods = params.get('method') ?? seen.method;
  const signing = `${methods}\n${String(seen.headers.host)}\n${url.pathname}\n${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
  const hash = (params.get('algorithm') ?? '').toLowerCase().split('-')[1] as sshpk.AlgorithmHashType;
  const verifier = sshpk.parseKey(publicKey, 'ssh').createVerify(hash);
  verifier.update(signing);
  return { valid: verifier.verify(signature, 'base64'), params };
}

describe('pre-signed URLs', () => {
  it('makes a CloudAPI URL that works without headers and verifies with the public key', async () => {
    const key = generateTestKey('rsa');
    server = await startOracleServer({});
    const url = await presignCloudApiUrl({
      url: server.url,
      path: '/acme/machines/abc/vnc',
      account: 'acme',
      signer: loadKeyMaterial(key.privateOpenSsh),
      expires: 2_000_000_000,
    });
    const res = await request(url);
    await res.body.dump();
    const seen = server.seen[0]!;
    expect(seen.headers.authorization).toBeUndefined();
    const { valid, params } = verifyPresigned(seen, key.publicOpenSsh);
    expect(valid).toBe(true);
    expect(Object.fromEntries(params)).toMatchObject({
      keyId: `/acme/keys/${key.md5}`,
      algorithm: 'RSA-SHA256',
      expires: '2000000000',
    });
  });

  it('signs the method list of a CloudAPI URL twice, and a tampered path no longer verifies', async () => {
    const key = generateTestKey('ecdsa-p256');
    server = await startOracleServer({});
    const signer = loadKeyMaterial(key.privateOpenSsh);
    const url = await presignCloudApiUrl({
      url: server.url,
      path: '/acme/users',
      account: 'acme',
      user: 'bob',
      signer,
      methods: ['GET'],
    });
    await (await request(url)).body.dump();
    await (await request(url.replace('/acme/users', '/acme/roles'))).body.dump();
    const [good, tampered] = server.seen;
    const checked = verifyPresigned(good!, key.publicOpenSsh);
    expect(checked.valid).toBe(true);
    expect(checked.params.get('method')).toBe('GET');
    expect(checked.params.get('keyId')).toBe(`/acme/users/bob/keys/${key.md5}`);
    expect(verifyPresigned(tampered!, key.publicOpenSsh).valid).toBe(false);
  });

  it('makes a Manta sub-user URL for several methods, with the roles signed', async () => {
    const key = generateTestKey('ed25519');
    server = await startOracleServer({});
    const url = await presignMantaUrl({
      url: server.url,
      path: '/acme/stor/a%20report.pdf',
      account: 'acme',
      user: 'bob',
      roles: ['readers'],
      methods: ['HEAD', 'GET'],
      signer: loadKeyMaterial(key.privateOpenSsh),
      now: () => 1_700_000_000_000,
    });
    await (await request(url, { method: 'HEAD' })).body.dump();
    const { valid, params } = verifyPresigned(server.seen[0]!, key.publicOpenSsh);
    expect(valid).toBe(true);
    expect(Object.fromEntries(params)).toMatchObject({
      keyId: `/acme/bob/keys/${key.md5}`,
      method: 'GET,HEAD',
      role: 'readers',
      expires: '1700000300',
    });
  });

  it('rejects an expiry that is not a positive whole number of seconds', async () => {
    const key = generateTestKey('rsa');
    await expect(
      presignMantaUrl({
        url: 'https://manta.example',
        path: '/acme/stor/x',
        account: 'acme',
        signer: loadKeyMaterial(key.privateOpenSsh),
        expires: 1.5,
      }),
    ).rejects.toThrow(/^expires: 1.5 must be a positive integer/);
  });
});
