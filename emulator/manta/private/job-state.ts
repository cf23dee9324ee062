import { MantaError } from '../errors.js';
import type { JobErrorRecord, JobView } from '../job-types.js';

/* The job engine's own records (jobs.ts), and the one rule on which changes a job still takes. */

/** A job as the engine keeps it: the view plus its owner, inputs, outputs and errors. */
export interface Job extends JobView {
  readonly login: string;
  inputs: string[];
  outputs: string[];
  errors: JobErrorRecord[];
  failures: string[];
}

/** An object waiting for a phase's reducers, with the job input it came from (marlin's `p0input`). */
export interface PendingInput {
  readonly path: string;
  readonly p0input: string | undefined;
}

/** Where one phase of a running job stands. */
export interface PhaseRun {
  pendingReduceInputs: PendingInput[];
  reducersStarted: boolean;
  running: number;
  complete: boolean;
}

/**
 * Refuses a change to a job that can no longer take it, in muskie's order (mantav1
 * lib/jobs/common.js `ensureJobState`): done, then cancelled, then (for new inputs) input closed.
 * @throws MantaError 409 `InvalidJobState`
 */
export function checkJobState(job: Job, addingInput: boolean): void {
  const state =
    job.state === 'done'
      ? 'done'
      : job.cancelled
        ? 'cancelled'
        : addingInput && job.inputDone
          ? 'inputDone'
          : undefined;
  if (state !== undefined) throw new MantaError(409, 'InvalidJobState', `job ${job.id} is in state '${state}'`);
}
