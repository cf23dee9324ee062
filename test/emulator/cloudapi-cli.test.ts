import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { generateTestKey, writeTestKey, type TestKeyPair } from '../../scripts/support/keys.js';
import { accountKey, startTestEmulator, type TestEmulator } from './support/emulator.js';

const run = promisify(execFile);
const TRITON = resolve('node_modules/.bin/triton');

let t: TestEmulator;
let home: string;
let env: NodeJS.ProcessEnv;
let globexKey: TestKeyPair;

/**
 * Runs the unmodified `triton` CLI against the emulator. Each run is a node start (half a second
 * quiet, seconds on a loaded machine); the tests keep to the 180 s budget of vitest.config.ts, which
 * is not what they check.
 */
async function triton(...args: string[]): Promise<string> {
  return tritonWith({}, ...args);
}

/** {@link triton} with some environment variables changed (another account, say). */
async function tritonWith(extra: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(TRITON, args, { env: { ...env, ...extra }, timeout: 120_000 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`triton ${args.join(' ')} failed: ${e.stderr ?? e.message}`);
  }
}

/** The emulator's request counts for CloudAPI. */
async function cloudapiStats(method: 'GET' | 'DELETE' = 'GET'): Promise<Record<string, number>> {
  const res = await request(`${t.emulator.cloudapiUrl}/--emulator/stats`, { method });
  const text = await res.body.text();
  return method === 'GET' ? (JSON.parse(text) as { cloudapi: Record<string, number> }).cloudapi : {};
}

function file(name: string, content: unknown): string {
  const path = join(home, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

beforeAll(async () => {
  globexKey = generateTestKey('rsa', 'globex@test');
  t = await startTestEmulator({
    accounts: [
      { login: 'acme', keys: [accountKey().publicOpenSsh] },
      { login: 'globex', keys: [globexKey.publicOpenSsh] },
    ],
  });
  home = mkdtempSync(join(tmpdir(), 'triton-home-'));
  mkdirSync(join(home, '.ssh'));
  writeTestKey(t.key, 'rsa', join(home, '.ssh'));
  writeTestKey(globexKey, 'globex', join(home, '.ssh'));
  const editor = file('editor.sh', '#!/bin/sh\necho "firstName: Robert" >> "$1"\n');
  chmodSync(editor, 0o755);
  env = {
    PATH: process.env['PATH'],
    HOME: home,
    TRITON_URL: t.emulator.cloudapiUrl,
    TRITON_ACCOUNT: 'acme',
    TRITON_KEY_ID: t.key.md5,
    TRITON_TLS_INSECURE: '1',
    EDITOR: editor,
  };
});
afterAll(async () => {
  await t.close();
});

describe('the standard triton CLI against the emulator', () => {
  it('reads the account, images and datacenters', async () => {
    expect(JSON.parse(await triton('account', 'get', '-j')).login).toBe('acme');
    expect(await triton('images')).toContain('base-64-lts');
    expect(await triton('datacenters')).toContain(t.emulator.cloudapiUrl);
  });

  it('adds, lists, gets and deletes a key', async () => {
    const key = generateTestKey('ecdsa-p256', 'second@test');
    expect(await triton('key', 'add', '-n', 'second', file('second.pub', key.publicOpenSsh))).toContain(key.md5);
    expect(await triton('key', 'list')).toContain('second');
    expect((await triton('key', 'get', 'second')).trim()).toBe(key.publicOpenSsh);
    await triton('key', 'delete', '-y', 'second');
    expect(await triton('key', 'list')).not.toContain('second');
  });

  // One user, policy and role life cycle, in three tests: each `triton` run is a node start (seconds
  // on a loaded machine), so no test makes more than a handful.
  it('creates, updates, reads and deletes a user', async () => {
    await triton(
      'rbac',
      'user',
      '-a',
      file('bob.json', { login: 'bob', email: 'bob@example.com', password: 'secret123' }),
    );
    await triton('rbac', 'user', '-e', 'bob');
    expect(JSON.parse(await triton('rbac', 'user', '-j', 'bob')).firstName).toBe('Robert');
    expect(await triton('rbac', 'users')).toContain('bob');
    await triton('rbac', 'user', '-d', '-y', 'bob');
    expect(await triton('rbac', 'users')).not.toContain('bob');
  });

  it('creates, reads and deletes a policy and a role with a member', async () => {
    await triton(
      'rbac',
      'user',
      '-a',
      file('dora.json', { login: 'dora', email: 'dora@example.com', password: 'secret123' }),
    );
    await triton(
      'rbac',
      'policy',
      '-a',
      file('pol.json', { name: 'readers', rules: ['CAN getuser'], description: 'read' }),
    );
    expect(await triton('rbac', 'policies')).toMatch(/readers\s+read\s+1/);
    await triton('rbac', 'role', '-a', file('role.json', { name: 'ops', members: ['dora'], policies: ['readers'] }));
    const role = JSON.parse(await triton('rbac', 'role', '-j', 'ops'));
    expect(role.members.map((m: { login: string }) => m.login)).toEqual(['dora']);
    expect(await triton('rbac', 'roles')).toContain('ops');
    await triton('rbac', 'role', '-d', '-y', 'ops');
    await triton('rbac', 'policy', '-d', '-y', 'readers');
    expect(await triton('rbac', 'roles')).not.toContain('ops');
  });

  it('sets and reads the role tags of a user', async () => {
    await triton(
      'rbac',
      'user',
      '-a',
      file('erin.json', { login: 'erin', email: 'erin@example.com', password: 'secret123' }),
    );
    await triton('rbac', 'role', '-a', file('taggers.json', { name: 'taggers', members: ['erin'] }));
    await triton('rbac', 'role-tags', '-y', '-s', 'taggers', '/my/users/erin');
    expect((await triton('rbac', 'role-tags', '/my/users/erin')).trim()).toBe('taggers');
  });

  it('applies an RBAC config file with rbac apply', async () => {
    const config = file('rbac.json', {
      users: [{ login: 'carol', email: 'carol@example.com', password: 'secret123' }],
      policies: [{ name: 'readall', rules: ['CAN getuser AND listusers'] }],
      roles: [{ name: 'auditors', members: ['carol'], default_members: ['carol'], policies: ['readall'] }],
    });
    const out = await triton('rbac', 'apply', '-y', '-f', config);
    expect(out).toContain('Created user carol');
    expect(out).toContain('Created role auditors');
    const role = JSON.parse(await triton('rbac', 'role', '-j', 'auditors'));
    expect(role.members).toEqual([expect.objectContaining({ login: 'carol', default: true })]);
  });
});

describe("the standard triton CLI meets the real server's behaviour (issue 14)", () => {
  it('triton ls ends after one ListMachines page and lists every machine', async () => {
    await cloudapiStats('DELETE');
    const out = await triton('ls', '-j');
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: string }),
    ).toHaveLength(3);
    expect((await cloudapiStats())['ListMachines']).toBe(1);
  });

  it('adds a policy whose rules name their condition types', async () => {
    const rules = [
      'CAN listmachines WHEN sourceip::ip = 10.0.0.0/8',
      'CAN getmachine WHEN requesttime::day in (Mon, Tue, Wed, Thu, Fri)',
      'CAN getuser WHEN foo::string = bar',
    ];
    await triton('rbac', 'policy', '-a', file('typed.json', { name: 'typed', rules }));
    expect(JSON.parse(await triton('rbac', 'policy', '-j', 'typed')).rules).toEqual(rules);
    await triton('rbac', 'policy', '-d', '-y', 'typed');
  });

  it('lets another account that is a role member act with --act-as and --role, and refuses it without the role', async () => {
    await triton(
      'rbac',
      'user',
      '-a',
      file('dave.json', { login: 'dave', email: 'dave@example.com', password: 'secret123' }),
    );
    await triton('rbac', 'policy', '-a', file('see.json', { name: 'see-users', rules: ['CAN listusers'] }));
    const role = await t.api('POST', '/my/roles', {
      name: 'partners',
      members: [{ type: 'account', login: 'globex' }],
      policies: [{ name: 'see-users' }],
    });
    expect(role.status).toBe(201);
    await triton('rbac', 'role-tags', '-y', '-s', 'partners', '/my/users');
    const asGlobex = { TRITON_ACCOUNT: 'globex', TRITON_KEY_ID: globexKey.md5 };
    expect(await tritonWith(asGlobex, '--act-as', 'acme', '-r', 'partners', 'rbac', 'users')).toContain('dave');
    await expect(tritonWith(asGlobex, '--act-as', 'acme', 'rbac', 'users')).rejects.toThrow(/NotAuthorized|permission/);
    const shown = JSON.parse(await triton('rbac', 'role', '-j', 'partners')) as {
      members: { type: string; login: string }[];
    };
    expect(shown.members).toEqual([expect.objectContaining({ type: 'account', login: 'globex' })]);
  });

  it('refuses a second key with the same name', async () => {
    const a = generateTestKey('ed25519', 'dup-a@test');
    const b = generateTestKey('ed25519', 'dup-b@test');
    await triton('key', 'add', '-n', 'dup', file('dup-a.pub', a.publicOpenSsh));
    await expect(triton('key', 'add', '-n', 'dup', file('dup-b.pub', b.publicOpenSsh))).rejects.toThrow(
      /key already exists or is invalid/,
    );
    await triton('key', 'delete', '-y', 'dup');
  });

  it('lists only the default fabric VLAN for a new account (fabrics are enabled)', async () => {
    expect(JSON.parse((await triton('vlan', 'list', '-j')).trim())).toEqual({ vlan_id: 2, name: 'My-Fabric-VLAN' });
  });
});
