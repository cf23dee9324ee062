import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestKey, writeTestKey } from '../support/keys.js';
import { startTestEmulator, type TestEmulator } from './support/emulator.js';

const run = promisify(execFile);
const TRITON = resolve('node_modules/.bin/triton');

let t: TestEmulator;
let home: string;
let env: NodeJS.ProcessEnv;

/** Runs the unmodified `triton` CLI against the emulator; each start costs about half a second. */
async function triton(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(TRITON, args, { env, timeout: 20_000 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`triton ${args.join(' ')} failed: ${e.stderr ?? e.message}`);
  }
}

function file(name: string, content: unknown): string {
  const path = join(home, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

beforeAll(async () => {
  t = await startTestEmulator();
  home = mkdtempSync(join(tmpdir(), 'triton-home-'));
  mkdirSync(join(home, '.ssh'));
  writeTestKey(t.key, 'rsa', join(home, '.ssh'));
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

  it('creates, updates, reads and deletes users, policies and roles, and sets and reads role tags', async () => {
    await triton('rbac', 'user', '-a', file('bob.json', { login: 'bob', email: 'bob@example.com', password: 'secret123' }));
    await triton('rbac', 'user', '-e', 'bob');
    expect(JSON.parse(await triton('rbac', 'user', '-j', 'bob')).firstName).toBe('Robert');
    await triton('rbac', 'policy', '-a', file('pol.json', { name: 'readers', rules: ['CAN getuser'], description: 'read' }));
    expect(await triton('rbac', 'policies')).toMatch(/readers\s+read\s+1/);
    await triton('rbac', 'role', '-a', file('role.json', { name: 'ops', members: ['bob'], policies: ['readers'] }));
    const role = JSON.parse(await triton('rbac', 'role', '-j', 'ops'));
    expect(role.members.map((m: { login: string }) => m.login)).toEqual(['bob']);
    expect(await triton('rbac', 'roles')).toContain('ops');
    expect(await triton('rbac', 'users')).toContain('bob');
    await triton('rbac', 'role-tags', '-y', '-s', 'ops', '/my/users/bob');
    expect((await triton('rbac', 'role-tags', '/my/users/bob')).trim()).toBe('ops');
    await triton('rbac', 'role', '-d', '-y', 'ops');
    await triton('rbac', 'policy', '-d', '-y', 'readers');
    await triton('rbac', 'user', '-d', '-y', 'bob');
    expect(await triton('rbac', 'users')).not.toContain('bob');
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
