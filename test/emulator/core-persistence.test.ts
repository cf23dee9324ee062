import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTestKey } from '../../scripts/support/keys.js';
import { startEmulator } from '../../emulator/index.js';
import { startTestEmulator } from './support/emulator.js';
import { call } from '../../scripts/support/signer.js';

describe('persistence', () => {
  it('keeps users, keys, roles, policies, role tags, account changes and images across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emu-persist-'));
    const subKey = generateTestKey('ed25519', 'bob@test');
    const first = await startTestEmulator({ dataDir });
    const bob = (
      await first.api('POST', '/my/users', { login: 'bob', email: 'bob@example.com', password: 'secret123' })
    ).body;
    await first.api('POST', '/my/users/bob/keys', { key: subKey.publicOpenSsh });
    await first.api('POST', '/my/policies', { name: 'pol', rules: ['CAN getuser'] });
    await first.api('POST', '/my/roles', {
      name: 'ops',
      members: [{ type: 'subuser', login: 'bob', default: true }],
      policies: [{ name: 'pol' }],
    });
    await first.api('PUT', '/my/users/bob', { 'role-tag': ['ops'] });
    await first.api('POST', '/my', { companyName: 'Acme Ltd' });
    const machine = (await first.api('GET', '/my/machines')).body.find((m: { state: string }) => m.state === 'stopped');
    const image = (await first.api('POST', '/my/images', { machine: machine.id, name: 'golden', version: '1.0.0' }))
      .body;
    await first.close();
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startTestEmulator({ dataDir });
    try {
      expect((await second.api('GET', '/my')).body.companyName).toBe('Acme Ltd');
      const got = await second.api('GET', '/my/users/bob');
      expect(got.body.id).toBe(bob.id);
      expect(got.headers['role-tag']).toBe('ops');
      expect((await second.api('GET', '/my/roles/ops')).body.members[0].login).toBe('bob');
      expect((await second.api('GET', '/my/policies/pol')).body.rules).toEqual(['CAN getuser']);
      expect((await second.api('GET', `/my/images/${image.id}`)).body.name).toBe('golden');
      // The sub-user's key still authenticates, and the policy still grants.
      const r = await call(second.emulator.cloudapiUrl, 'GET', '/my/users/bob', {
        sign: { keyId: `/acme/users/bob/keys/${subKey.md5}`, key: subKey },
      });
      expect(r.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('ignores a leftover temporary file from an interrupted write', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emu-torn-'));
    const first = await startTestEmulator({ dataDir });
    await first.api('POST', '/my/users', { login: 'kept', email: 'kept@example.com', password: 'secret123' });
    await first.close();
    writeFileSync(join(dataDir, 'identity.json.999.1.tmp'), '{"accounts": [');
    const second = await startTestEmulator({ dataDir });
    try {
      expect((await second.api('GET', '/my/users/kept')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses to start over a state file that is not JSON instead of overwriting it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emu-bad-'));
    writeFileSync(join(dataDir, 'identity.json'), '{"accounts": [');
    await expect(startEmulator({ dataDir, accounts: [{ login: 'acme' }] })).rejects.toThrow(
      /identity\.json is not valid JSON/,
    );
  });

  it('creates a demo account with a generated key pair when no account is given, and reuses it on restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'emu-demo-'));
    const em = await startEmulator({ dataDir });
    try {
      expect(em.accounts.map((a) => a.login)).toEqual(['demo']);
      expect(em.generatedKey?.privateKeyPath.startsWith(dataDir)).toBe(true);
      expect(em.accounts[0]!.keys[0]!.fingerprint).toBe(em.generatedKey!.fingerprint);
    } finally {
      await em.close();
    }
    const again = await startEmulator({ dataDir });
    try {
      expect(again.accounts.map((a) => a.login)).toEqual(['demo']);
      expect(again.generatedKey?.fingerprint).toBe(em.generatedKey?.fingerprint);
    } finally {
      await again.close();
    }
  });

  it('refuses a non-loopback host unless it is allowed explicitly', async () => {
    await expect(startEmulator({ host: '0.0.0.0', accounts: [{ login: 'acme' }] })).rejects.toThrow(/plain HTTP/);
  });
});
