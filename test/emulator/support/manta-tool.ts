import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTestKey, type TestKeyPair } from '../../../scripts/support/keys.js';

/** What one run of a `manta` tool printed and how it exited. */
export interface ToolResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A home directory holding the account key, and the environment the `manta` tools read. */
export interface ToolHome {
  readonly env: NodeJS.ProcessEnv;
  /** Runs `node node_modules/manta/bin/<name>` (npm does not link the manta tools into .bin). */
  run(
    name: string,
    args: readonly string[],
    stdin?: string | Buffer,
    extraEnv?: NodeJS.ProcessEnv,
  ): Promise<ToolResult>;
  /** Removes the home directory. */
  remove(): void;
}

/** Makes a tool home for `login` signing with `key` against `mantaUrl`. */
export function toolHome(mantaUrl: string, login: string, key: TestKeyPair): ToolHome {
  const home = mkdtempSync(join(tmpdir(), 'manta-tool-home-'));
  mkdirSync(join(home, '.ssh'), { mode: 0o700 });
  writeTestKey(key, 'id', join(home, '.ssh'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    MANTA_URL: mantaUrl,
    MANTA_USER: login,
    MANTA_KEY_ID: key.md5,
    MANTA_TLS_INSECURE: '1',
  };
  return {
    env,
    run: (name, args, stdin, extraEnv = {}) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [join('node_modules/manta/bin', name), ...args], {
          env: { ...env, ...extraEnv },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (d: Buffer) => out.push(d));
        child.stderr.on('data', (d: Buffer) => err.push(d));
        // A budget, not a verdict: a node start takes seconds on a loaded machine.
        const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
        });
        child.stdin.end(stdin);
      }),
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
