/**
 * One task of a Manta compute job, from its assets to its saved output: the engine
 * (`../jobs.ts`) counts and schedules tasks and moves phases on; this runs one and says how it
 * ended (an output for the next phase, or a job error with its stderr saved as an object).
 */
import type { BlobInfo } from '../blob-store.js';
import type { NamespaceStore } from '../namespace.js';
import type { PhaseSpec } from './job-spec.js';
import type { Job } from './job-state.js';
import { saveTaskObject, type ReadableObject, type RefusedRead } from './job-access.js';
import { runTask, type TaskAsset, type TaskResult } from './task-runner.js';

/** What a task needs of its engine, bound to its job and phase. */
export interface TaskContext {
  readonly store: NamespaceStore;
  readonly tmpRoot: string;
  readonly timeLimitMs: number;
  /** Why tasks may not run now (execution off, or blocked), else `undefined`. */
  readonly blocked: () => string | undefined;
  /** The job's kill switches: the task adds its own while it runs, so a cancel stops it. */
  readonly kills: Set<() => void>;
  /** Whether the job may read `path` now. */
  readonly readable: (path: string) => ReadableObject | RefusedRead;
  /** Whether the job's principal may save task outputs. */
  readonly mayWrite: () => boolean;
  /** Records a job error for the task's input. */
  readonly fail: (code: string, message: string, stderr: string | undefined) => void;
  /** Hands the saved output to the next phase (or the job's outputs). */
  readonly emitOutput: (path: string) => void;
}

/** The task's input: its bytes, extra environment, where its output goes, and the input's name. */
export interface TaskInput {
  readonly inputBlobs: readonly string[];
  readonly env: Record<string, string>;
  readonly outputPath: string;
  readonly input: string | undefined;
}

/** Runs one task and records how it ended (see the module comment). */
export async function executeTask(
  t: TaskContext,
  job: Job,
  phase: PhaseSpec,
  { inputBlobs, env, outputPath, input }: TaskInput,
): Promise<void> {
  const blocked = t.blocked();
  if (blocked !== undefined) {
    t.fail('TaskInitError', blocked, undefined);
    return;
  }
  const assets: TaskAsset[] = [];
  for (const a of phase.assets ?? []) {
    const obj = t.readable(a);
    if (!obj.ok) {
      // The agent fetches assets over HTTP with the job's token and fails the task's start.
      const why = `error retrieving asset "${a}" (status code ${obj.status}): ${obj.message}`;
      t.fail('TaskInitError', why, undefined);
      return;
    }
    assets.push({ path: obj.path, blobs: obj.blobs });
  }
  const kills = t.kills;
  let kill: (() => void) | undefined;
  let result: TaskResult;
  // Hold the bytes the task reads: the input or an asset may be overwritten or deleted meanwhile.
  const held = [...inputBlobs, ...assets.flatMap((a) => a.blobs)];
  for (const b of held) t.store.retainBlob(b);
  try {
    result = await runTask(t.store.blobs, t.tmpRoot, {
      exec: phase.exec,
      init: phase.init,
      assets,
      inputFile: input !== undefined ? { name: input.slice(1), blobs: inputBlobs } : undefined,
      stdin: inputBlobs.length > 0 ? t.store.blobs.read(inputBlobs) : undefined,
      env: { MANTA_JOB_ID: job.id, MANTA_USER: job.login, MANTA_OUTPUT_BASE: outputPath, ...env },
      timeLimitMs: t.timeLimitMs,
      onStart: (k) => {
        if (kill !== undefined) kills.delete(kill);
        kill = k;
        kills.add(k);
        // A cancel that arrived while the task was being set up must still stop it.
        if (job.cancelled) k();
      },
    });
  } finally {
    if (kill !== undefined) kills.delete(kill);
    for (const b of held) t.store.releaseBlob(b);
  }
  if (job.cancelled) {
    if (result.kind === 'exited') await discard(t, result.stdout, result.stderr);
    return;
  }
  if (result.kind === 'init-failed') {
    const stderrPath = await saveStderr(t, result.stderr, outputPath);
    t.fail('TaskInitError', result.message, stderrPath);
    return;
  }
  if (result.code !== 0 || result.timedOut) {
    await discard(t, result.stdout);
    const stderrPath = await saveStderr(t, result.stderr, outputPath);
    const why = result.timedOut
      ? `user command timed out after ${t.timeLimitMs} ms`
      : result.code !== null
        ? `user command exited with code ${result.code}`
        : `user command was killed by ${result.signal}`;
    t.fail('UserTaskError', why, stderrPath);
    return;
  }
  if (!t.mayWrite()) {
    // marlin saves the output as the job's principal; a refused save fails the task and leaves
    // nothing behind (no output, no stderr object).
    await discard(t, result.stdout, result.stderr);
    const why = `internal error: the job's roles may not putobject under /${job.login}/jobs/${job.id}/stor, so the task output was not saved`;
    t.fail('InternalError', why, undefined);
    return;
  }
  await discard(t, result.stderr);
  await saveTaskObject(t.store, outputPath, result.stdout, 'application/octet-stream');
  t.emitOutput(outputPath);
}

async function saveStderr(
  t: TaskContext,
  stderr: BlobInfo | undefined,
  outputPath: string,
): Promise<string | undefined> {
  if (stderr === undefined) return undefined;
  if (!t.mayWrite()) {
    await discard(t, stderr);
    return undefined;
  }
  await saveTaskObject(t.store, `${outputPath}.stderr`, stderr, 'text/plain');
  return `${outputPath}.stderr`;
}

async function discard(t: TaskContext, ...blobs: BlobInfo[]): Promise<void> {
  for (const b of blobs) await t.store.blobs.remove(b.id);
}
