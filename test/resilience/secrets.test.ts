/**
 * Secrets never leak: plan, apply (of an app and of a saved plan), drift and the state commands run
 * through the real binary with `--debug`, and every byte they print, every state and plan file they
 * write and anything else left in the working directory is scanned for the account's private key
 * (both encodings), the users' passwords (from the environment and from a file) and the
 * Authorization header's signature.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Policy, Role, Secret, TritonApp, TritonStack, User } from '../../index.js';
import { projectDir, runCli, type CliResult } from '../e2e/support/cli.js';
import { writeTestKey } from '../../scripts/support/keys.js';
import { accountKey, startWorld, userKey, type World } from '../reconciler/support/world.js';

const ENV_PASSWORD = 'Env-Pass-9f3b1c7e';
const FILE_PASSWORD = 'File-Pass-2d8a6e40';

let world: World;
let cwd: string;
let env: Record<string, string>;
beforeAll(async () => {
  world = await startWorld({ seed: 71 });
  cwd = projectDir();
  mkdirSync(join(cwd, '.ssh'), { mode: 0o700 });
  writeTestKey(accountKey(), 'rsa', join(cwd, '.ssh'));
  writeFileSync(join(cwd, 'dana.password'), `${FILE_PASSWORD}\n`, { mode: 0o600 });
  const app = new TritonApp({ generator: 'secrets test' });
  const stack = new TritonStack(app, 'secrets', { account: 'acme' });
  const carol = new User(stack, 'carol', {
    login: 'carol',
    email: 'carol@acme.example',
    password: Secret.fromEnv('CAROL_PASSWORD'),
    keys: [{ key: userKey(0).publicOpenSsh, name: 'k' }],
  });
  const dana = new User(stack, 'dana', {
    login: 'dana',
    email: 'dana@acme.example',
    password: Secret.fromFile(join(cwd, 'dana.password')),
  });
  const policy = new Policy(stack, 'p', { rules: ['CAN getmachine'] });
  new Role(stack, 'r', { members: [carol, dana], policies: [policy] });
  writeFileSync(join(cwd, 'app.json'), JSON.stringify(app.synth()));
  writeFileSync(join(cwd, 'triton-iac.json'), JSON.stringify({ app: 'app.json' }));
  env = {
    TRITON_URL: world.emulator.cloudapiUrl,
    TRITON_ACCOUNT: 'acme',
    TRITON_KEY_ID: accountKey().md5,
    MANTA_URL: world.emulator.mantaUrl,
    MANTA_USER: 'acme',
    MANTA_KEY_ID: accountKey().md5,
    CAROL_PASSWORD: ENV_PASSWORD,
  };
});
afterAll(async () => world?.close());

/** Strings that must appear nowhere: the passwords, and every long line of both private key encodings. */
function forbidden(): string[] {
  const key = accountKey();
  const keyLines = [key.privateOpenSsh, key.privatePem].flatMap((text) =>
    text.split('\n').filter((l) => l.length >= 16 && !l.startsWith('-----')),
  );
  return [ENV_PASSWORD, FILE_PASSWORD, ...keyLines];
}

/** Every file under `dir`, except the key directory and the password file the test wrote itself. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === join(cwd, '.ssh') || path === join(cwd, 'dana.password')) continue;
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

describe('secrets with --debug', () => {
  it('appear in no output, state file, plan file or log of plan, apply, drift and state commands', async () => {
    const runs: Array<[string, CliResult]> = [];
    const run = async (...args: string[]): Promise<CliResult> => {
      const result = await runCli([...args, '--debug'], { cwd, env });
      runs.push([args.join(' '), result]);
      return result;
    };
    const w0 = ['--consistency-window-ms', '0'];
    expect((await run('plan', 'app.json', ...w0, '--out', 'saved.plan.json')).code).toBe(0);
    expect((await run('plan', 'app.json', ...w0, '--json')).code).toBe(0);
    expect((await run('apply', 'saved.plan.json', ...w0)).code).toBe(0);
    // A password changed in the manifest's source makes an update that carries the new value.
    env = { ...env, CAROL_PASSWORD: `${ENV_PASSWORD}-2` };
    expect((await run('apply', 'app.json', '--auto-approve', ...w0)).code).toBe(0);
    // The server refuses a password used recently, so the third is new again.
    env = { ...env, CAROL_PASSWORD: `${ENV_PASSWORD}-3` };
    expect((await run('apply', 'app.json', '--auto-approve', ...w0)).code).toBe(0);
    const carol = await world.clients.cloudapi.getUser('carol');
    await world.clients.cloudapi.updateUser(carol.id, { email: 'carol@elsewhere.example' });
    expect((await run('drift', 'app.json', ...w0)).code).toBe(2);
    expect((await run('drift', 'app.json', ...w0, '--json')).code).toBe(2);
    expect((await run('plan', 'app.json', ...w0, '--format', 'markdown')).code).toBe(0);
    expect((await run('state', 'list', 'app.json')).code).toBe(0);
    expect((await run('state', 'show', 'app.json', 'secrets/carol')).code).toBe(0);
    // A failing run prints an error path too: a wrong key id.
    const failed = await runCli(['plan', 'app.json', '--debug', ...w0], {
      cwd,
      env: { ...env, TRITON_KEY_ID: userKey(1).md5 },
    });
    runs.push(['plan with a wrong key', failed]);
    expect(failed.code).toBe(1);

    const files = filesUnder(cwd);
    expect(files.some((f) => f.endsWith('secrets.state.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('saved.plan.json'))).toBe(true);
    const texts: Array<[string, string]> = [
      ...runs.flatMap(([what, r]): Array<[string, string]> => [
        [`${what} (stdout)`, r.stdout],
        [`${what} (stderr)`, r.stderr],
      ]),
      ...files.map((f): [string, string] => [f, readFileSync(f, 'latin1')]),
    ];
    for (const [where, text] of texts) {
      for (const secret of [...forbidden(), `${ENV_PASSWORD}-2`, `${ENV_PASSWORD}-3`])
        expect(text.includes(secret), `${where} contains a secret`).toBe(false);
      expect(/signature="[A-Za-z0-9+/=]{20,}/.test(text), `${where} contains an Authorization signature`).toBe(false);
    }
    // The scan saw the debug output it was meant to see.
    expect(runs.some(([, r]) => r.stderr.length > 0 || r.stdout.includes('debug'))).toBe(true);
  });
});
