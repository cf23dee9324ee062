import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { MantaError } from './errors.js';
import type { NamespaceStore } from './namespace.js';
import { parseJobSpec, type PhaseSpec } from './private/job-spec.js';
import { executeTask } from './private/job-execute.js';
import { normalizePath } from './private/paths.js';
import { jobErrorRecord } from './private/job-errors.js';
import {
  mayWriteOutputs,
  resolveJobRead,
  type JobReader,
  type ReadableObject,
  type RefusedRead,
} from './private/job-access.js';
import { Limiter } from './private/limiter.js';
import { checkJobState, type Job, type PendingInput, type PhaseRun } from './private/job-state.js';
import type { JobEngineOptions, JobErrorRecord, JobView } from './job-types.js';

export type { JobEngineOptions, JobErrorRecord, JobView } from './job-types.js';
export type { JobReader } from './private/job-access.js';

/**
 * Runs Manta compute jobs as local processes. Phase 0 takes the job's inputs as they arrive; a
 * map phase runs one task per input, a reduce phase runs `count` tasks once its upstream is
 * complete (phase 0: input closed), each on the concatenation of its share of the upstream
 * outputs. Outputs are real objects under `/<login>/jobs/<id>/stor/`; a failed task records a
 * job error with its stderr saved as an object. Job error codes are Manta's full names
 * (`UserTaskError`, `TaskInitError`, `ResourceNotFoundError`), unlike the short HTTP codes.
 */
export class JobEngine {
  private readonly jobs = new Map<string, Job>();
  private readonly runs = new Map<string, PhaseRun[]>();
  private readonly kills = new Map<string, Set<() => void>>();
  /** Who each live job reads as; a restarted emulator ends its jobs, so this is never saved. */
  private readonly readers = new Map<string, JobReader>();
  private readonly store: NamespaceStore;
  private readonly options: Required<Omit<JobEngineOptions, 'disabledReason' | 'execBlocked'>> & {
    disabledReason: string;
  };
  private readonly execBlocked: () => string | undefined;
  private readonly limiter: Limiter;
  private readonly idle = new Set<() => void>();
  /** Set at shutdown: queued tasks must not start processes or recreate the task directory. */
  private closed = false;

  /** @param store the namespace inputs are read from and outputs written to */
  constructor(store: NamespaceStore, options: JobEngineOptions) {
    this.store = store;
    this.options = {
      exec: options.exec,
      disabledReason: options.disabledReason ?? 'task execution is disabled in this emulator (--no-job-exec)',
      timeLimitMs: options.timeLimitMs ?? 60_000,
      concurrency: options.concurrency ?? 2,
      tmpRoot: options.tmpRoot ?? join(tmpdir(), 'triton-iac-manta-jobs'),
    };
    this.execBlocked = options.execBlocked ?? (() => undefined);
    this.limiter = new Limiter(this.options.concurrency);
    store.registerSection('jobs', {
      dump: () => [...this.jobs.values()],
      load: (data) => {
        for (const j of data as Job[]) {
          if (j.state !== 'done') {
            // The processes died with the previous emulator: end the job visibly rather than hang.
            Object.assign(j, { state: 'done', timeDone: new Date().toISOString() });
            j.errors.push(
              jobErrorRecord(j.id, 0, {
                what: 'job',
                code: 'InternalError',
                message: 'the emulator restarted while this job was running',
              }),
            );
          }
          this.jobs.set(j.id, j);
        }
      },
    });
  }

  /**
   * CreateJob. The job starts `queued` and turns `running` on the next tick.
   * @param reader who the job's tasks read and write as; @default the account owner `login`
   * @param dirTags role tags of the job's directories (`/<login>/jobs/<id>` and its `stor`), as
   * muskie's `mkdirForJob` creates them with `createMetadata`: the `Role-Tag` header's roles, else a
   * sub-user's active roles (mantav1 lib/jobs/create.js, lib/common.js `createMetadata`)
   * @throws MantaError 400 `InvalidJob`
   */
  create(login: string, body: unknown, reader: JobReader = { login }, dirTags: readonly string[] = []): JobView {
    const spec = parseJobSpec(body);
    const id = randomUUID();
    const job: Job = {
      id,
      login,
      name: spec.name,
      state: 'queued',
      cancelled: false,
      inputDone: false,
      stats: { errors: 0, outputs: 0, retries: 0, tasks: 0, tasksDone: 0 },
      timeCreated: new Date().toISOString(),
      phases: spec.phases,
      options: {},
      inputs: [],
      outputs: [],
      errors: [],
      failures: [],
    };
    this.jobs.set(id, job);
    this.readers.set(id, reader);
    this.runs.set(
      id,
      spec.phases.map(() => ({ pendingReduceInputs: [], reducersStarted: false, running: 0, complete: false })),
    );
    this.store.mkdirp(`/${login}/jobs/${id}/stor`);
    if (dirTags.length > 0) {
      this.store.putDirectory(`/${login}/jobs/${id}`, dirTags);
      this.store.putDirectory(`/${login}/jobs/${id}/stor`, dirTags);
    }
    setImmediate(() => {
      if (job.state === 'queued') Object.assign(job, { state: 'running' });
      this.advance(job);
    });
    return this.view(job);
  }

  /** @throws MantaError 404 `ResourceNotFound` */
  get(login: string, id: string): JobView {
    return this.view(this.find(login, id));
  }

  /** The account's jobs, newest first; only live ones with `running`. */
  list(login: string, onlyRunning: boolean): JobView[] {
    return [...this.jobs.values()]
      .filter((j) => j.login === login && (!onlyRunning || j.state !== 'done'))
      .sort((a, b) => b.timeCreated.localeCompare(a.timeCreated))
      .map((j) => this.view(j));
  }

  /**
   * AddJobInputs: paths are taken in order and processed as received.
   * @throws MantaError 409 `InvalidJobState` once the job is done, cancelled or its input closed
   */
  addInputs(login: string, id: string, paths: readonly string[]): void {
    const job = this.find(login, id);
    checkJobState(job, true);
    const normalized = paths.map((p) => normalizePath(p));
    job.inputs.push(...normalized);
    const first = job.phases[0] as PhaseSpec;
    const run = (this.runs.get(id) as PhaseRun[])[0] as PhaseRun;
    for (const p of normalized) {
      if (first.type === 'map') this.startMap(job, 0, p, p);
      else run.pendingReduceInputs.push({ path: p, p0input: p });
    }
  }

  /**
   * EndJobInput: closes the input; reducers run after this. Repeating it is harmless.
   * @throws MantaError 409 `InvalidJobState` once the job is done or cancelled
   */
  endInput(login: string, id: string): void {
    const job = this.find(login, id);
    checkJobState(job, false);
    Object.assign(job, { inputDone: true });
    this.advance(job);
  }

  /**
   * CancelJob: stops starting tasks, kills running ones; the job turns `done` with `cancelled`.
   * @throws MantaError 409 `InvalidJobState` once the job is done or cancelled
   */
  cancel(login: string, id: string): void {
    const job = this.find(login, id);
    checkJobState(job, false);
    Object.assign(job, { cancelled: true, inputDone: true });
    for (const kill of this.kills.get(id) ?? []) kill();
    this.advance(job);
  }

  /** Input paths (GetJobInput). */
  inputs(login: string, id: string): readonly string[] {
    return this.find(login, id).inputs;
  }

  /** Output object paths of the last phase (GetJobOutput). */
  outputs(login: string, id: string): readonly string[] {
    return this.find(login, id).outputs;
  }

  /** Inputs whose task failed (GetJobFailures). */
  failures(login: string, id: string): readonly string[] {
    return this.find(login, id).failures;
  }

  /** Error records (GetJobErrors). */
  errors(login: string, id: string): readonly JobErrorRecord[] {
    return this.find(login, id).errors;
  }

  /** Resolves once no task is running or waiting (used by shutdown and tests). */
  async drain(): Promise<void> {
    while ([...this.jobs.values()].some((j) => j.state !== 'done' && (j.inputDone || j.cancelled))) {
      await new Promise<void>((resolve) => this.idle.add(resolve));
    }
  }

  /** Kills every running task (emulator shutdown). */
  killAll(): void {
    this.closed = true;
    for (const set of this.kills.values()) for (const kill of set) kill();
  }

  private find(login: string, id: string): Job {
    const job = this.jobs.get(id);
    if (job === undefined || job.login !== login)
      throw new MantaError(404, 'ResourceNotFound', `/${login}/jobs/${id} was not found`);
    return job;
  }

  private view(job: Job): JobView {
    const { login: _l, inputs: _i, outputs: _o, errors: _e, failures: _f, ...rest } = job;
    return { ...rest, stats: { ...job.stats } };
  }

  private startMap(job: Job, phaseNum: number, input: string, p0input: string): void {
    const phase = job.phases[phaseNum] as PhaseSpec;
    this.runTask(job, phaseNum, input, p0input, async () => {
      const obj = this.readable(job, input);
      if (!obj.ok) {
        this.fail(job, phaseNum, input, p0input, obj.code, obj.message, undefined);
        return;
      }
      const name = `/${job.login}/jobs/${job.id}/stor${input}.${phaseNum}.${randomUUID()}`;
      await this.execute(job, phaseNum, phase, obj.blobs, { MANTA_INPUT_OBJECT: input }, name, input, p0input);
    });
  }

  /**
   * Starts `count` reducers, each on its round-robin share of the inputs. An input the job may not
   * read is an error of its own (with `input` and `p0input`, as marlin dispatches each reducer
   * input separately) and is left out of the reducer's stdin; the reducer still runs on the rest.
   */
  private startReducers(job: Job, phaseNum: number, inputs: readonly PendingInput[]): void {
    const phase = job.phases[phaseNum] as PhaseSpec;
    const count = phase.count ?? 1;
    for (let r = 0; r < count; r++) {
      const share = inputs.filter((_, i) => i % count === r);
      this.runTask(job, phaseNum, undefined, undefined, async () => {
        const blobs: string[] = [];
        for (const input of share) {
          const obj = this.readable(job, input.path);
          if (obj.ok) blobs.push(...obj.blobs);
          else this.fail(job, phaseNum, input.path, input.p0input, obj.code, obj.message, undefined);
        }
        const name = `/${job.login}/jobs/${job.id}/stor/reduce.${phaseNum}.${randomUUID()}`;
        await this.execute(job, phaseNum, phase, blobs, { MANTA_REDUCER: String(r) }, name, undefined, undefined);
      });
    }
  }

  /**
   * Counts one task of the phase and runs `body` under the task limiter (not at all once the job
   * is cancelled or the engine closed); a task that throws is recorded as the phase's
   * `InternalError` for `input`, and the job advances when it ends, either way.
   */
  private runTask(
    job: Job,
    phaseNum: number,
    input: string | undefined,
    p0input: string | undefined,
    body: () => Promise<void>,
  ): void {
    const run = (this.runs.get(job.id) as PhaseRun[])[phaseNum] as PhaseRun;
    run.running++;
    job.stats.tasks++;
    void this.limiter
      .run(async () => {
        if (job.cancelled || this.closed) return;
        await body();
      })
      .catch((err: unknown) => {
        this.fail(
          job,
          phaseNum,
          input,
          p0input,
          'InternalError',
          `task could not run: ${(err as Error).message}`,
          undefined,
        );
      })
      .finally(() => {
        run.running--;
        job.stats.tasksDone++;
        this.advance(job);
      });
  }

  private execute(
    job: Job,
    phaseNum: number,
    phase: PhaseSpec,
    inputBlobs: readonly string[],
    env: Record<string, string>,
    outputPath: string,
    input: string | undefined,
    p0input: string | undefined,
  ): Promise<void> {
    const kills = this.kills.get(job.id) ?? new Set<() => void>();
    this.kills.set(job.id, kills);
    return executeTask(
      {
        store: this.store,
        tmpRoot: this.options.tmpRoot,
        timeLimitMs: this.options.timeLimitMs,
        blocked: () => (this.options.exec ? this.execBlocked() : this.options.disabledReason),
        kills,
        readable: (path) => this.readable(job, path),
        mayWrite: () => this.mayWrite(job),
        fail: (code, message, stderr) => this.fail(job, phaseNum, input, p0input, code, message, stderr),
        emitOutput: (path) => this.emitOutput(job, phaseNum, path, p0input),
      },
      job,
      phase,
      { inputBlobs, env, outputPath, input },
    );
  }

  private emitOutput(job: Job, phaseNum: number, path: string, p0input: string | undefined): void {
    const next = phaseNum + 1;
    if (next >= job.phases.length) {
      job.outputs.push(path);
      job.stats.outputs++;
      return;
    }
    if ((job.phases[next] as PhaseSpec).type === 'map') this.startMap(job, next, path, p0input ?? path);
    else ((this.runs.get(job.id) as PhaseRun[])[next] as PhaseRun).pendingReduceInputs.push({ path, p0input });
  }

  /** Whether the job may read `path` now: every input and asset read goes through here. */
  private readable(job: Job, path: string): ReadableObject | RefusedRead {
    return resolveJobRead(this.store, this.readers.get(job.id) ?? { login: job.login }, job.id, path);
  }

  /** Whether the job's principal may save task outputs (private/job-access.ts `mayWriteOutputs`). */
  private mayWrite(job: Job): boolean {
    return mayWriteOutputs(this.store, this.readers.get(job.id), job.login, job.id);
  }

  private fail(
    job: Job,
    phaseNum: number,
    input: string | undefined,
    p0input: string | undefined,
    code: string,
    message: string,
    stderr: string | undefined,
  ): void {
    job.errors.push(jobErrorRecord(job.id, phaseNum, { code, message, input, p0input, stderr }));
    job.stats.errors++;
    // GetJobFailures lists the job inputs that led to an error (marlin jobFetchFailedJobInputs).
    if (p0input !== undefined) job.failures.push(p0input);
  }

  /** Moves phases to complete in order, starting reducers whose upstream is done, and ends the job. */
  private advance(job: Job): void {
    if (job.state === 'done' || job.state === 'queued') return;
    const runs = this.runs.get(job.id) as PhaseRun[];
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i] as PhaseRun;
      if (run.complete) continue;
      const upstreamDone = i === 0 ? job.inputDone : (runs[i - 1] as PhaseRun).complete;
      if (!upstreamDone) break;
      const phase = job.phases[i] as PhaseSpec;
      if (phase.type === 'reduce' && !job.cancelled && !run.reducersStarted) {
        run.reducersStarted = true;
        this.startReducers(job, i, run.pendingReduceInputs);
      }
      if (run.running > 0) break;
      run.complete = true;
    }
    if ((runs.every((r) => r.complete) || (job.cancelled && runs.every((r) => r.running === 0))) && job.inputDone) {
      Object.assign(job, { state: 'done', timeDone: new Date().toISOString() });
      this.runs.delete(job.id);
      this.kills.delete(job.id);
      this.readers.delete(job.id);
      void this.store.save();
      for (const wake of this.idle) wake();
      this.idle.clear();
    }
  }
}
