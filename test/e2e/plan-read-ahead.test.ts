/**
 * `triton-iac plan` reads ahead (cli/private/read-ahead.ts): with the state of one stack in the
 * working directory, the collections it names are listed while the app is being built, and the plan
 * takes those listings rather than making them again. A user sees the same plan and the cloud the
 * same requests; `--debug` says how many listings were read ahead. A stack that connects otherwise
 * than the read-ahead did does not use them.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { generateTestKey, writeTestKey } from '../../scripts/support/keys.js';
import { NO_CHANGES, projectDir, runCli, type CliResult } from './support/cli.js';

const key = generateTestKey('ed25519', 'ops@acme.example');
const userKeys = [generateTestKey('ed25519', 'alice@acme.example'), generateTestKey('rsa', 'bob@acme.example')];
const RBAC = {
  users: [
    { login: 'alice', email: 'alice@acme.example', keys: [userKeys[0]!.publicOpenSsh] },
    { login: 'bob', email: 'bob@acme.example', keys: [userKeys[1]!.publicOpenSsh] },
  ],
  policies: [{ name: 'read', rules: ['CAN getmachine'] }],
  roles: [{ name: 'readers', members: ['alice', 'bob'], policies: ['read'] }],
};
/** Users, roles and policies, and the keys of each of the two users. */
const LISTINGS = 5;

let emulator: RunningEmulator;
let cwd: string;
let env: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({ accounts: [{ login: 'acme', keys: [key.publicOpenSsh] }] });
  cwd = projectDir();
  mkdirSync(join(cwd, '.ssh'), { mode: 0o700 });
  writeTestKey(key, 'ed25519', join(cwd, '.ssh'));
  writeFileSync(join(cwd, 'rbac.json'), JSON.stringify(RBAC));
  env = { TRITON_URL: emulator.cloudapiUrl, TRITON_KEY_ID: key.md5, TRITON_TLS_INSECURE: '1' };
  const applied = await cli(['apply', 'rbac.json', '--account', 'acme', '--auto-approve']);
  expect(applied.code, applied.stderr).toBe(0);
});
afterAll(async () => {
  await emulator?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

function cli(args: readonly string[]): Promise<CliResult> {
  return runCli(args, { cwd, env });
}

/** The requests the emulator answered while `body` ran. */
async function requestsOf(body: () => Promise<CliResult>): Promise<{ result: CliResult; requests: number }> {
  await emulator.settled();
  emulator.context.stats.reset();
  const result = await body();
  return { result, requests: emulator.context.stats.snapshot()['total'] as number };
}

describe('plan reads ahead', () => {
  it('lists what the state names while the app is built, and the plan takes those listings', async () => {
    const { result, requests } = await requestsOf(() => cli(['plan', 'rbac.json', '--account', 'acme', '--debug']));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(NO_CHANGES);
    expect(result.stderr).toContain(`listings read ahead, before the app was built {"used":${LISTINGS}}`);
    // One request per listing, as without reading ahead: nothing listed twice.
    expect(requests).toBe(LISTINGS);
  });

  it('is not used for a targeted plan, nor for another account', async () => {
    // --target plans without reading ahead; another account's run would not use it either.
    const targeted = await cli([
      'plan',
      'rbac.json',
      '--account',
      'acme',
      '--debug',
      '--target',
      'rbac/rbac/user-alice',
    ]);
    expect(targeted.code, targeted.stderr).toBe(0);
    expect(targeted.stderr).not.toContain('listings read ahead');
    const other = await cli(['plan', 'rbac.json', '--account', 'other', '--debug']);
    expect(other.stderr).not.toContain('listings read ahead');
  });
});
