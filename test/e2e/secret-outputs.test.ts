/**
 * Where secrets could surface as a user runs the binary against the embedded emulator: a sub-user's
 * password from the environment and two access keys' secrets (one handed to a file, one to a Manta
 * object) must appear in no output of apply, plan (`--json`, `--format html`), drift (`--format
 * html`), `--debug` lines, the state, its history, nor the request trace (`TRITON_IAC_TRACE`),
 * which an `--emulator` run writes like any other.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from './support/cli.js';

afterAll(stopClis);

const PASSWORD = 'Pw-only-in-the-env-7f3a9c';

/** Every file under `dir` but the emulator's own data (the server keeps the secrets it made). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'emulator' || name === 'secrets') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets in what a run writes', () => {
  it('shows no password or access-key secret in outputs, state, history or the request trace', async () => {
    const cwd = projectDir();
    mkdirSync(join(cwd, 'secrets'));
    writeFileSync(
      join(cwd, 'app.ts'),
      `import { AccessKey, Directory, Secret, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => {
  const app = new TritonApp();
  const s = new TritonStack(app, 'sec', { account: 'acme' });
  const bob = new User(s, 'bob', { login: 'bob', email: 'bob@acme.example', password: Secret.fromEnv('BOB_PW') });
  new Directory(s, 'keys', { path: '~~/stor/keys' });
  new AccessKey(s, 'in-manta', { description: 'in manta', secretTo: { object: '~~/stor/keys/k.json' } });
  new AccessKey(s, 'in-file', { user: bob, description: 'in file', secretTo: { file: 'secrets/bob.json' } });
  return app;
};
`,
    );
    const trace = join(cwd, 'trace.jsonl');
    const env = { BOB_PW: PASSWORD, TRITON_IAC_TRACE: trace };
    const cli = (...args: string[]): Promise<CliResult> => runCli([...args, '--emulator', 'app.ts'], { cwd, env });
    const outputs: CliResult[] = [];
    const apply = await cli('apply', '--auto-approve', '--debug');
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    outputs.push(apply);
    for (const args of [
      ['plan', '--json', '--debug'],
      ['plan', '--format', 'html'],
      ['drift', '--format', 'html'],
      ['state', 'pull'],
    ])
      outputs.push(await cli(...args));

    // The trace is written under --emulator too, one line per request, the user's create among them.
    expect(existsSync(trace)).toBe(true);
    expect(readFileSync(trace, 'utf8')).toContain('"operation":"CreateUser"');

    // Every secret the server made (the emulator keeps them): the file's, and the one in Manta.
    const secrets = [
      ...readFileSync(join(cwd, '.triton-iac', 'emulator', 'accesskeys.json'), 'utf8').matchAll(/tdc_[\w-]+/g),
    ].map((m) => m[0]);
    expect(new Set(secrets).size).toBe(2);
    expect(secrets).toContain(
      (JSON.parse(readFileSync(join(cwd, 'secrets', 'bob.json'), 'utf8')) as Record<string, string>)['accesskeysecret'],
    );
    const written = [
      ...outputs.flatMap((o) => [o.stdout, o.stderr]),
      ...filesUnder(cwd).map((f) => readFileSync(f, 'utf8')),
    ].join('\n');
    for (const secret of [PASSWORD, ...secrets]) expect(written).not.toContain(secret);
  });
});
