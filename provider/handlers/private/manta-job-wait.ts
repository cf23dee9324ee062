/**
 * Waiting for a Manta job to finish: GetJob polled with a growing interval, cancelled through the
 * run's AbortSignal, bounded by a deadline.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MantaClient } from '../../manta/client.js';
import type { Job } from '../../manta/types.js';

/** Polling knobs. */
export interface JobWaitOptions {
  /** First pause between polls. @default 100 */
  readonly initialPollMs?: number;
  /** Longest pause between polls. @default 2000 */
  readonly maxPollMs?: number;
  /** Give up after this long. @default 1 hour */
  readonly timeoutMs?: number;
}

/**
 * Polls GetJob until `state` is `done`.
 * @returns the finished job
 * @throws the signal's reason when aborted; an Error naming the job when the deadline passes
 */
export async function waitForJob(manta: MantaClient, jobId: string, what: string, signal: AbortSignal, options: JobWaitOptions = {}): Promise<Job> {
  try {
    return await poll(manta, jobId, what, signal, options);
  } catch (error) {
    // Whichever call the abort interrupted (a GetJob or the pause), report the run's own reason.
    if (signal.aborted) throw signal.reason;
    throw error;
  }
}

async function poll(manta: MantaClient, jobId: string, what: string, signal: AbortSignal, options: JobWaitOptions): Promise<Job> {
  const maxPoll = options.maxPollMs ?? 2000;
  const timeout = options.timeoutMs ?? 3_600_000;
  const started = Date.now();
  let pause = options.initialPollMs ?? 100;
  for (;;) {
    signal.throwIfAborted();
    const job = await manta.getJob(jobId, { signal });
    if (job.state === 'done') return job;
    const waited = Date.now() - started;
    if (waited >= timeout) {
      throw new Error(`${what} is still ${job.state} after ${Math.round(waited / 1000)}s; it keeps running on the server. Wait for it with GetJob ${jobId}, or set wait: false`);
    }
    await sleep(Math.min(pause, timeout - waited), undefined, { signal });
    pause = Math.min(maxPoll, Math.ceil(pause * 1.5));
  }
}
