import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobInfo, BlobStore } from '../blob-store.js';

/** One asset to place in the task's directory. */
export interface TaskAsset {
  /** Manta path, e.g. `/acme/stor/bin/tool.sh`. */
  readonly path: string;
  /** Blob ids of the object's bytes. */
  readonly blobs: readonly string[];
}

/** What a task runs and with what. */
export interface TaskInput {
  readonly exec: string;
  readonly init?: string | undefined;
  readonly assets: readonly TaskAsset[];
  /** The map input, also copied to a file named by `MANTA_INPUT_FILE` (as Manta mounts it). */
  readonly inputFile?: { readonly name: string; readonly blobs: readonly string[] } | undefined;
  /** Bytes on the task's stdin; `undefined` for an empty stdin. */
  readonly stdin?: Readable | undefined;
  /** Extra environment variables (MANTA_JOB_ID, MANTA_INPUT_OBJECT…). */
  readonly env: Readonly<Record<string, string>>;
  /** Wall-clock limit; the process group is killed when it is reached. */
  readonly timeLimitMs: number;
  /** Called with a kill function while the task runs, so cancellation can stop it. */
  readonly onStart?: (kill: () => void) => void;
}

/** How a task ended. */
export type TaskResult =
  | { readonly kind: 'init-failed'; readonly message: string; readonly stderr: BlobInfo | undefined }
  | {
      readonly kind: 'exited';
      readonly code: number | null;
      readonly signal: string | null;
      readonly timedOut: boolean;
      readonly stdout: BlobInfo;
      readonly stderr: BlobInfo;
    };

/**
 * Runs one task the way a Manta compute zone would, as far as a local process can:
 * a fresh temporary directory as cwd and HOME; assets copied to `<dir>/assets/<manta path>`;
 * every `/assets/` reference in `init` and `exec` rewritten to that directory (a local process
 * cannot have a real `/assets` mount), and `MANTA_ASSETS` set to it as well; `init` run first;
 * then `/bin/sh -c exec` with the input on stdin. stdout and stderr stream straight into blobs.
 */
export async function runTask(blobs: BlobStore, tmpRoot: string, input: TaskInput): Promise<TaskResult> {
  await mkdir(tmpRoot, { recursive: true });
  const dir = await mkdtemp(join(tmpRoot, 'task-'));
  try {
    const assetsDir = join(dir, 'assets');
    await mkdir(assetsDir, { recursive: true });
    for (const a of input.assets) {
      const target = within(assetsDir, a.path);
      await mkdir(dirname(target), { recursive: true });
      await pipeline(blobs.read(a.blobs), createWriteStream(target, { mode: 0o755 }));
    }
    const extraEnv: Record<string, string> = {};
    if (input.inputFile !== undefined) {
      // A copy, not a link: the task may write to it and must not change the stored bytes.
      const file = within(join(dir, 'input'), input.inputFile.name);
      await mkdir(dirname(file), { recursive: true });
      await pipeline(blobs.read(input.inputFile.blobs), createWriteStream(file, { mode: 0o644 }));
      extraEnv.MANTA_INPUT_FILE = file;
    }
    const rewrite = (cmd: string): string => cmd.replace(/(^|[\s'"=:;|&(<>])\/assets\//g, `$1${assetsDir}/`);
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      LANG: 'C',
      MANTA_ASSETS: assetsDir,
      ...extraEnv,
      ...input.env,
    };
    if (input.init !== undefined && input.init.trim().length > 0) {
      const r = await run(blobs, dir, rewrite(input.init), undefined, env, input.timeLimitMs, input.onStart);
      if (r.code !== 0 || r.timedOut) {
        await blobs.remove(r.stdout.id);
        const why = r.timedOut
          ? `timed out after ${input.timeLimitMs} ms`
          : `exited with ${r.code ?? `signal ${r.signal}`}`;
        return { kind: 'init-failed', message: `init command ${why}`, stderr: r.stderr };
      }
      await blobs.remove(r.stdout.id);
      await blobs.remove(r.stderr.id);
    }
    const r = await run(blobs, dir, rewrite(input.exec), input.stdin, env, input.timeLimitMs, input.onStart);
    return { kind: 'exited', ...r };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `base` joined with the Manta path `path`, refusing any result outside `base`: the paths come from
 * the namespace and are checked there, but a file written outside the task directory would land
 * anywhere on the developer's machine.
 */
function within(base: string, path: string): string {
  const target = resolve(base, `./${path}`);
  if (!target.startsWith(`${resolve(base)}${sep}`))
    throw new Error(`the path ${JSON.stringify(path)} leads outside the task directory`);
  return target;
}

interface RunResult {
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: BlobInfo;
  stderr: BlobInfo;
}

async function run(
  blobs: BlobStore,
  cwd: string,
  command: string,
  stdin: Readable | undefined,
  env: Record<string, string>,
  timeLimitMs: number,
  onStart: ((kill: () => void) => void) | undefined,
): Promise<RunResult> {
  // detached: the task gets its own process group, so a timeout kills its pipelines too.
  const child = spawn('/bin/sh', ['-c', command], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  const kill = (): void => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  };
  onStart?.(kill);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, timeLimitMs);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  // A command that does not read its stdin closes the pipe early: that is not an error.
  child.stdin.on('error', () => undefined);
  if (stdin === undefined) {
    child.stdin.end();
  } else {
    stdin.on('error', () => child.stdin.destroy());
    stdin.pipe(child.stdin);
  }
  try {
    const [stdout, stderr, status] = await Promise.all([blobs.write(child.stdout), blobs.write(child.stderr), exited]);
    return { ...status, timedOut, stdout, stderr };
  } finally {
    clearTimeout(timer);
  }
}
