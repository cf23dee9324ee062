/**
 * Manta compute jobs: create, feed inputs, end input, cancel, and read status, inputs, outputs,
 * failures and errors. Job phases are checked against manta.md's limits before anything is sent.
 */
import { readText, shapeProblem, type CallOptions } from '../../provider/http/api-caller.js';
import { headerValue } from '../../provider/http/types.js';
import { TritonApiError, TritonInputError } from '../../provider/errors.js';
import { parseEntries } from '../directory/api.js';
import type { MantaContext } from '../../provider/manta/private/context.js';
import type { CreateJobInput, DirectoryEntry, Job, JobError, JobPhase } from '../../provider/manta/types.js';

/** Job operations. */
export interface JobsApi {
  /** CreateJob (POST, never retried). Resolves with the new job's id and path. */
  createJob(input: CreateJobInput, options?: CallOptions): Promise<{ readonly id: string; readonly location: string }>;
  /** AddJobInputs: object paths, one per line. */
  addJobInputs(jobId: string, paths: readonly string[], options?: CallOptions): Promise<void>;
  /** EndJobInput. */
  endJobInput(jobId: string, options?: CallOptions): Promise<void>;
  /** CancelJob. */
  cancelJob(jobId: string, options?: CallOptions): Promise<void>;
  /** ListJobs (`state: 'running'` for live jobs only). */
  listJobs(options?: CallOptions & { readonly state?: 'running' }): Promise<DirectoryEntry[]>;
  /** GetJob (live status). */
  getJob(jobId: string, options?: CallOptions): Promise<Job>;
  /** GetJobOutput: output object paths. */
  getJobOutput(jobId: string, options?: CallOptions): Promise<string[]>;
  /** GetJobInput: input object paths. */
  getJobInput(jobId: string, options?: CallOptions): Promise<string[]>;
  /** GetJobFailures: input paths that failed. */
  getJobFailures(jobId: string, options?: CallOptions): Promise<string[]>;
  /** GetJobErrors. */
  getJobErrors(jobId: string, options?: CallOptions): Promise<JobError[]>;
}

const MEMORY = [256, 512, 1024, 2048, 4096, 8192];
const DISK = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/** Checks job phases with messages naming the phase and field; returns nothing when valid. */
export function validateJob(input: CreateJobInput): void {
  if (!input || !Array.isArray(input.phases) || input.phases.length === 0) {
    throw new TritonInputError('phases', `${JSON.stringify(input?.phases)} must be a non-empty array of phases`);
  }
  input.phases.forEach((phase: JobPhase, i) => {
    const at = `phases[${i}]`;
    if (typeof phase?.exec !== 'string' || phase.exec.trim() === '')
      throw new TritonInputError(`${at}.exec`, `${JSON.stringify(phase?.exec)} must be a non-empty shell command`);
    if (phase.type !== undefined && phase.type !== 'map' && phase.type !== 'reduce')
      throw new TritonInputError(`${at}.type`, `"${String(phase.type)}" must be "map" or "reduce"`);
    if (phase.count !== undefined && (!Number.isInteger(phase.count) || phase.count < 1 || phase.count > 1024))
      throw new TritonInputError(`${at}.count`, `${phase.count} must be an integer from 1 to 1024`);
    if (phase.count !== undefined && phase.type !== 'reduce')
      throw new TritonInputError(`${at}.count`, `only reduce phases take a count`);
    if (phase.memory !== undefined && !MEMORY.includes(phase.memory))
      throw new TritonInputError(`${at}.memory`, `${phase.memory} must be one of ${MEMORY.join(', ')} (MB)`);
    if (phase.disk !== undefined && !DISK.includes(phase.disk))
      throw new TritonInputError(`${at}.disk`, `${phase.disk} must be one of ${DISK.join(', ')} (GB)`);
  });
}

function jobIdOf(jobId: string): string {
  if (typeof jobId !== 'string' || !/^[A-Za-z0-9-]+$/.test(jobId))
    throw new TritonInputError('jobId', `${JSON.stringify(jobId)} must be a job id (UUID)`);
  return jobId;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Builds the jobs section. */
export function jobsApi(ctx: MantaContext): JobsApi {
  const { caller, account } = ctx;
  const live = (jobId: string, ...rest: string[]): string =>
    ['', account, 'jobs', jobIdOf(jobId), 'live', ...rest].map(encodeURIComponent).join('/');
  const readLines = async (operation: string, path: string, options: CallOptions): Promise<string[]> => {
    const res = await caller.send({ operation, method: 'GET', path, signal: options.signal });
    return lines(await readText(res.body));
  };
  return {
    async createJob(input, options = {}) {
      validateJob(input);
      const spec = {
        operation: 'CreateJob',
        method: 'POST',
        path: `/${encodeURIComponent(account)}/jobs`,
        json: input,
        signal: options.signal,
      } as const;
      const res = await caller.empty(spec);
      const location = headerValue(res.headers, 'location');
      const id = location
        ?.split('/')
        .filter((s) => s !== '')
        .pop();
      if (!location || !id) {
        throw new TritonApiError({
          status: res.status,
          apiCode: 'InvalidResponse',
          message: 'CreateJob answered without a Location header',
          method: 'POST',
          path: spec.path,
          operation: spec.operation,
        });
      }
      return { id, location };
    },
    async addJobInputs(jobId, paths, options = {}) {
      if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string' || p === '' || p.includes('\n'))) {
        throw new TritonInputError('paths', `${JSON.stringify(paths)} must be an array of object paths (no newlines)`);
      }
      await caller.empty({
        operation: 'AddJobInputs',
        method: 'POST',
        path: live(jobId, 'in'),
        headers: { 'content-type': 'text/plain' },
        body: `${paths.join('\n')}\n`,
        signal: options.signal,
      });
    },
    async endJobInput(jobId, options = {}) {
      await caller.empty({
        operation: 'EndJobInput',
        method: 'POST',
        path: live(jobId, 'in', 'end'),
        signal: options.signal,
      });
    },
    async cancelJob(jobId, options = {}) {
      await caller.empty({
        operation: 'CancelJob',
        method: 'POST',
        path: live(jobId, 'cancel'),
        signal: options.signal,
      });
    },
    async listJobs(options = {}) {
      const path = `/${encodeURIComponent(account)}/jobs`;
      const res = await caller.send({
        operation: 'ListJobs',
        method: 'GET',
        path,
        query: { state: options.state },
        signal: options.signal,
      });
      return parseEntries(await readText(res.body), (line) => {
        throw new TritonApiError({
          status: res.status,
          apiCode: 'InvalidResponse',
          message: `bad listing line ${JSON.stringify(line.slice(0, 80))}`,
          method: 'GET',
          path,
          operation: 'ListJobs',
        });
      });
    },
    async getJob(jobId, options = {}) {
      return (
        await caller.json<Job>({
          expect: 'object',
          operation: 'GetJob',
          method: 'GET',
          path: live(jobId, 'status'),
          signal: options.signal,
        })
      ).data;
    },
    getJobOutput: (jobId, options = {}) => readLines('GetJobOutput', live(jobId, 'out'), options),
    getJobInput: (jobId, options = {}) => readLines('GetJobInput', live(jobId, 'in'), options),
    getJobFailures: (jobId, options = {}) => readLines('GetJobFailures', live(jobId, 'fail'), options),
    async getJobErrors(jobId, options = {}) {
      const path = live(jobId, 'err');
      const res = await caller.send({ operation: 'GetJobErrors', method: 'GET', path, signal: options.signal });
      return lines(await readText(res.body)).map((line) => {
        let record: unknown;
        try {
          record = JSON.parse(line);
        } catch {
          record = undefined;
        }
        if (shapeProblem(record, 'object') !== undefined) {
          throw new TritonApiError({
            status: res.status,
            apiCode: 'InvalidResponse',
            message: `bad error record ${JSON.stringify(line.slice(0, 80))}`,
            method: 'GET',
            path,
            operation: 'GetJobErrors',
          });
        }
        return record as JobError;
      });
    },
  };
}
