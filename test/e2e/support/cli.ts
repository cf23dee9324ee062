/**
 * Runs the real `triton-iac` binary (`node bin/triton-iac.js`, which runs the compiled `dist/`) in
 * a child process, the way a user or a CI job does: no terminal, its own working directory and
 * environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestRunner } from 'vitest';

/** The repository root. */
export const REPO = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const BIN = join(REPO, 'bin', 'triton-iac.js');

/** What a run printed and how it ended. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runCli}. */
export interface RunOptions {
  readonly cwd: string;
  /** Added to a minimal environment (PATH and HOME only, so the user's TRITON_* never leak in). */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to standard input, which is then closed. */
  readonly input?: string;
  /**
   * Kills the run when aborted. Defaults to the running test's signal, which vitest aborts when the
   * test times out, so a run never outlives its test.
   */
  readonly signal?: AbortSignal;
}

/** The runs not yet ended, so that {@link stopClis} can end them before their directories go. */
const running = new Set<RunningCli>();

/**
 * Runs `triton-iac ...args` and waits for it (killed after 180 s, the test budget, or when the test is aborted).
 * @throws Error when `dist/` has not been built.
 */
export function runCli(args: readonly string[], options: RunOptions): Promise<CliResult> {
  return startCli(args, options).done;
}

/** A running `triton-iac`: its output so far, a way to signal it, and how it ended. */
export interface RunningCli {
  readonly child: ChildProcess;
  /** Standard output so far. */
  stdout(): string;
  /** Resolves once standard error contains `text`. */
  stderrContains(text: string): Promise<void>;
  readonly done: Promise<CliResult>;
}

/**
 * Throws unless `dist/bundle/cli.cjs` exists. Only a missing file is "run `npm run build`"; any other
 * failure to look (EMFILE on a loaded machine) is thrown as itself, not mistaken for a missing build.
 * @param forWhat the tests that need the build, for the message
 */
export function requireBuiltBundle(forWhat: string): void {
  try {
    accessSync(join(REPO, 'dist', 'bundle', 'cli.cjs'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`dist/ is missing: run \`npm run build\` before ${forWhat}`);
    throw error;
  }
}

/**
 * Starts `triton-iac ...args` without waiting for it (killed after 180 s, or when the test is aborted).
 * @throws Error when `dist/` has not been built.
 */
export function startCli(args: readonly string[], options: RunOptions): RunningCli {
  requireBuiltBundle('the end-to-end tests');
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: options.cwd, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const signal = options.signal ?? TestRunner.getCurrentTest()?.context.signal;
  let stdout = '';
  let stderr = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
    for (const w of waiting.filter((x) => stderr.includes(x.text))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  const kill = (): void => void child.kill('SIGKILL');
  const done = new Promise<CliResult>((resolveRun, reject) => {
    const timer = setTimeout(kill, 180_000);
    signal?.addEventListener('abort', kill);
    child.on('error', (err) => {
      running.delete(run);
      reject(err);
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      running.delete(run);
      resolveRun({ code: code ?? (killedBy ? 128 : 1), stdout, stderr });
    });
  });
  if (signal?.aborted) kill();
  child.stdin!.end(options.input ?? '');
  const run: RunningCli = {
    child,
    stdout: () => stdout,
    stderrContains: (text) =>
      stderr.includes(text) ? Promise.resolve() : new Promise((resolve) => waiting.push({ text, resolve })),
    done,
  };
  running.add(run);
  return run;
}

/**
 * Kills every run still going and waits until each has exited. Call it before removing the
 * directories they work in: a CLI whose working directory is removed while it starts must not be
 * left behind (and a test that timed out leaves its runs going).
 */
export async function stopClis(): Promise<void> {
  const runs = [...running];
  for (const run of runs) run.child.kill('SIGKILL');
  await Promise.all(runs.map((run) => run.done.catch(() => undefined)));
}

/** A fresh working directory whose `triton-iac.json` names `app` (a path relative to the repository). */
export function projectDir(app?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'triton-iac-e2e-'));
  if (app !== undefined) writeFileSync(join(dir, 'triton-iac.json'), `${JSON.stringify({ app: join(REPO, app) })}\n`);
  return dir;
}

/** True when `text` holds an ANSI escape sequence. */
export function hasAnsi(text: string): boolean {
  return text.includes('\u001b[');
}

/** What a plan with nothing to do prints (a stack with look-ups still lists them as reads). */
export const NO_CHANGES = /No changes\.|Plan: 0 to add, 0 to change, 0 to replace, 0 to destroy, 0 to adopt\./;
