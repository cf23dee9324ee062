/**
 * `triton-iac emulator` as a person uses it: start it, paste the lines it prints into a shell, and
 * use the vendor `triton` and `manta` tools and triton-iac itself against it; stop it with Ctrl-C
 * and find nothing of its key left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../package/support/installed-project.js';
import { generateTestKey } from '../../scripts/support/keys.js';
import { REPO } from './support/cli.js';
import { emulatorReady } from './support/emulator-ready.js';

const SLOW = 180_000;
const BIN = join(REPO, 'bin', 'triton-iac.js');

interface Started {
  readonly child: ChildProcess;
  readonly stdout: string;
  readonly stderr: () => string;
}

/** Starts the emulator command and waits for its last ready line (an event, not a delay). */
async function startEmulatorCommand(args: readonly string[], home: string): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'emulator', ...args], {
    cwd: home,
    env: { PATH: process.env['PATH'] ?? '', HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = await emulatorReady(child);
  return { child, stdout: ready.stdout, stderr: ready.stderr };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const closed = once(child, 'close');
  child.kill('SIGINT');
  const [code] = (await closed) as [number | null];
  return code;
}

describe('triton-iac emulator, used from a shell', () => {
  it(
    'prints lines that, pasted into a fresh shell, let triton, mls and triton-iac sign in; Ctrl-C removes the generated key',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
      const started = await startEmulatorCommand([], home);
      try {
        const [, ...pasted] = started.stdout.trimEnd().split('\n');
        const keyFile = /ssh-add -q (\S+)/.exec(started.stdout)?.[1];
        expect(keyFile).toBeDefined();
        expect(existsSync(keyFile!)).toBe(true);
        writeFileSync(
          join(home, 'main.ts'),
          `import { Policy, TritonApp, TritonStack } from ${JSON.stringify(join(REPO, 'index.ts'))};
export default () => { const app = new TritonApp(); new Policy(new TritonStack(app, 'dev', { account: 'demo' }), 'p', { rules: ['CAN listmachines'] }); return app; };
`,
        );
        // A fresh shell: no agent, no ~/.ssh. The pasted lines must bring both.
        const script = [
          ...pasted,
          "trap 'ssh-agent -k >/dev/null' EXIT",
          `${join(REPO, 'node_modules', '.bin', 'triton')} account get -j`,
          `node ${join(REPO, 'node_modules', 'manta', 'bin', 'mls')} /demo/stor && echo mls-ok`,
          // The window comes from the pasted lines: an apply, an edit by hand and a plan right after
          // it do not wait a real cloud's 15 s for a second read.
          `node ${BIN} apply main.ts --auto-approve >/dev/null`,
          `${join(REPO, 'node_modules', '.bin', 'triton')} cloudapi -X POST /demo/policies/p -d '{"rules":["CAN getmachine"]}' >/dev/null`,
          `node ${BIN} plan main.ts`,
        ].join('\n');
        const shell = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
          cwd: home,
          env: { HOME: home },
        });
        expect(shell.code, shell.stderr).toBe(0);
        expect(JSON.parse(shell.stdout.split('\n')[0]!)).toMatchObject({ login: 'demo' });
        expect(shell.stdout).toContain('mls-ok');
        expect(shell.stdout).toMatch(/dev\/p \(policy p\) will be updated/);
        expect(shell.stdout + shell.stderr).not.toMatch(/consistency window/);
        expect(await stop(started.child)).toBe(0);
        expect(existsSync(keyFile!)).toBe(false);
      } finally {
        if (started.child.exitCode === null) started.child.kill('SIGKILL');
      }
    },
    SLOW,
  );

  it(
    'takes --key=LOGIN=FILE like every other option, and warns about an account that has no key',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'triton-iac-home-'));
      const key = generateTestKey('ed25519', 'ops@acme');
      writeFileSync(join(home, 'acme.pub'), `${key.publicOpenSsh}\n`);
      const started = await startEmulatorCommand([`--key=acme=${join(home, 'acme.pub')}`, '--account', 'lonely'], home);
      try {
        expect(started.stdout).toContain(`TRITON_ACCOUNT=acme TRITON_KEY_ID=${key.md5}`);
        expect(started.stdout).toContain('it must be in ssh-agent or ~/.ssh');
        expect(started.stderr()).toContain(
          'warning: account lonely has no key, so no request can be signed as it; give --key lonely=',
        );
        expect(started.stderr()).not.toContain('account acme');
      } finally {
        expect(await stop(started.child)).toBe(0);
      }
    },
    SLOW,
  );
});
