/**
 * A user's project with triton-iac installed from the packed tarball, the way a user gets it:
 * `npm pack` of this repository, then `npm install <tarball>` in a fresh directory outside it.
 * Dependencies come from the registry (or npm's cache, which `npm ci` has filled).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, requireBuiltBundle, type CliResult } from '../../e2e/support/cli.js';

/** What a command printed and how it ended (the same shape as a `triton-iac` run's). */
export type RunResult = CliResult;

/** Options of {@link run}. */
export interface RunOptions {
  readonly cwd: string;
  /** Replaces the environment, apart from PATH. */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to standard input, which is then closed. */
  readonly input?: string;
  /** Killed after this long; generous, because a test's verdict must not depend on speed. */
  readonly timeoutMs?: number;
}

/**
 * Runs `command args…` without a shell. The environment is PATH plus `env` only, so neither the
 * developer's TRITON_* settings nor the `npm_*` variables of an enclosing `npm test` leak in.
 */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { PATH: process.env['PATH'] ?? '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** The packed tarball. */
export interface PackedTarball {
  readonly path: string;
  /** Every file it holds, relative to the package root. */
  readonly files: readonly string[];
  /** Its size in bytes. */
  readonly size: number;
  readonly unpackedSize: number;
}

/**
 * Packs the repository as `npm publish` would. `--ignore-scripts` skips `prepare`: `npm test` has
 * just built `dist/`, and building it again would double the time for nothing.
 * @throws Error when `dist/` has not been built or `npm pack` fails.
 */
export async function packRepository(home: string): Promise<PackedTarball> {
  requireBuiltBundle('the package tests');
  const dest = mkdtempSync(join(tmpdir(), 'triton-iac-pack-'));
  const result = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], {
    cwd: REPO,
    env: npmEnv(home),
  });
  if (result.code !== 0) throw new Error(`npm pack failed (exit ${result.code}): ${result.stderr}`);
  const [info] = JSON.parse(result.stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  return {
    path: join(dest, info!.filename),
    files: info!.files.map((f) => f.path),
    size: info!.size,
    unpackedSize: info!.unpackedSize,
  };
}

/** The versions this repository itself uses, so the user's project installs the same ones. */
export function devVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const version = pkg.devDependencies[name];
  if (version === undefined) throw new Error(`${name} is not a devDependency of triton-iac`);
  return version;
}

/**
 * Creates a project directory with a plain `package.json` (CommonJS, as `npm init` makes it) and
 * installs `packages` into it.
 * @throws Error naming npm's output when the install fails.
 */
export async function installProject(packages: readonly string[], home: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-user-'));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'my-infra', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  const result = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packages], {
    cwd: dir,
    env: npmEnv(home),
    timeoutMs: 600_000,
  });
  if (result.code !== 0) throw new Error(`npm install failed (exit ${result.code}): ${result.stderr}`);
  return dir;
}

/**
 * The environment npm runs with in these tests: a HOME of the test's own, but the developer's (or
 * CI's) npm cache, so packages `npm ci` already fetched are not fetched again.
 */
export function npmEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    npm_config_cache: process.env['npm_config_cache'] ?? join(process.env['HOME'] ?? '/root', '.npm'),
    npm_config_update_notifier: 'false',
  };
}
