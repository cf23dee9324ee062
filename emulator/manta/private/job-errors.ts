import { randomUUID } from 'node:crypto';
import type { JobErrorRecord } from '../job-types.js';

/** What went wrong, and with which object. */
export interface JobErrorFields {
  /** Manta's full error code, e.g. `AuthorizationError`, `UserTaskError`. */
  readonly code: string;
  readonly message: string;
  /** The object the failed task or dispatch was about; absent for a reducer or the whole job. */
  readonly input?: string | undefined;
  /** The job input the object came from (marlin's `p0input`). */
  readonly p0input?: string | undefined;
  /** Path of the saved stderr object. */
  readonly stderr?: string | undefined;
  /** Overrides the summary, e.g. `job` for an error of the whole job. */
  readonly what?: string;
}

/**
 * One GetJobErrors record. `what` is the summary marlin builds (common/lib/marlin.js
 * `jobFetchErrors`): `phase N: input "<path>"`, with ` (from job input "<p0input>")` after phase 0,
 * or `phase N: reduce` for a reducer.
 */
export function jobErrorRecord(jobId: string, phaseNum: number, fields: JobErrorFields): JobErrorRecord {
  const { input, p0input, stderr } = fields;
  const from = phaseNum > 0 && p0input !== undefined ? ` (from job input ${JSON.stringify(p0input)})` : '';
  const summary = input !== undefined ? `input ${JSON.stringify(input)}${from}` : 'reduce';
  return {
    id: jobId,
    taskId: randomUUID(),
    phase: String(phaseNum),
    phaseNum,
    what: fields.what ?? `phase ${phaseNum}: ${summary}`,
    code: fields.code,
    message: fields.message,
    server: 'manta-emulator',
    machine: 'localhost',
    ...(input !== undefined ? { input } : {}),
    ...(p0input !== undefined ? { p0input } : {}),
    ...(stderr !== undefined ? { stderr } : {}),
  };
}
