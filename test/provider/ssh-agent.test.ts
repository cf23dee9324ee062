import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTestKey, writeTestKey } from '../../scripts/support/keys.js';
import {
  createAgentSigner,
  createCloudApiClient,
  createMantaClient,
  listAgentIdentities,
  parseFingerprint,
  resolveConfig,
  TritonConfigError,
} from '../../provider/index.js';
import { startOracleServer, type OracleServer } from './support/oracle-server.js';
import { startAgent, type TestAgent } from './support/ssh-agent.js';

const rsa = generateTestKey('rsa', 'rsa@agent');
const ecdsa = generateTestKey('ecdsa-p256', 'ecdsa@agent');
const ed25519 = generateTestKey('ed25519', 'ed25519@agent');
let agent: TestAgent;
let server: OracleServer;

beforeAll(async () => {
  agent = await startAgent();
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-agentkeys-'));
  for (const [name, key] of [
    ['rsa', rsa],
    ['ecdsa', ecdsa],
    ['ed', ed25519],
  ] as const)
    agent.add(writeTestKey(key, name, dir));
  const keys: Record<string, string> = {};
  for (const key of [rsa, ecdsa, ed25519]) {
    keys[`/acme/keys/${key.md5}`] = key.publicOpenSsh;
    keys[`/acme/bob/keys/${key.md5}`] = key.publicOpenSsh;
  }
  server = await startOracleServer(keys);
});

afterAll(async () => {
  await server?.close();
  await agent?.stop();
});

describe('signing through a real ssh-agent', () => {
  it('lists the keys the agent holds by MD5 fingerprint', async () => {
    const ids = await listAgentIdentities(agent.socket);
    expect(ids.map((i) => i.fingerprint).sort()).toEqual([rsa.md5, ecdsa.md5, ed25519.md5].sort());
  });

  for (const key of [rsa, ecdsa, ed25519]) {
    it(`signs CloudAPI requests with the agent's ${key.type} key and the reference implementation accepts them`, async () => {
      const signer = await createAgentSigner(parseFingerprint(key.md5), agent.socket);
      expect(signer.source.kind).toBe('agent');
      const before = server.seen.length;
      const client = createCloudApiClient({ url: server.url, account: 'acme', signer });
      try {
        await client.getAccount();
      } finally {
        await client.close();
      }
      expect(server.seen[before]).toMatchObject({ keyId: `/acme/keys/${key.md5}`, verified: true });
    });
  }

  it('finds the key in the agent from SSH_AUTH_SOCK and a SHA256 key id, and signs Manta sub-user requests', async () => {
    const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
    const config = await resolveConfig({
      home,
      env: {
        SSH_AUTH_SOCK: agent.socket,
        MANTA_URL: server.url,
        MANTA_USER: 'acme',
        MANTA_SUBUSER: 'bob',
        MANTA_KEY_ID: ecdsa.sha256,
      },
    });
    expect(config.manta?.signer.source.kind).toBe('agent');
    const before = server.seen.length;
    const manta = createMantaClient(config.manta!);
    try {
      await manta.putDirectory('~~/stor/from-agent');
    } finally {
      await manta.close();
    }
    expect(server.seen[before]).toMatchObject({
      method: 'PUT',
      url: '/acme/stor/from-agent',
      keyId: `/acme/bob/keys/${ecdsa.md5}`,
      verified: true,
    });
  });

  it('says the key is not in the agent when no identity has the fingerprint', async () => {
    const stranger = generateTestKey('rsa');
    const err = await createAgentSigner(parseFingerprint(stranger.md5), agent.socket).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TritonConfigError);
    expect(err).toMatchObject({ code: 'KEY_NOT_FOUND' });
    expect((err as Error).message).toContain(stranger.md5);
  });
});
