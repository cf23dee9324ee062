/**
 * `job`: a Manta compute job. Jobs are never updated and never re-run for nothing: `phases`,
 * `inputs` and `staleInputs` are immutable, so a changed definition plans a replacement (a new job) and an unchanged
 * one is a no-op. The natural key is the job name; the server keeps every job, so `read` by name
 * picks the newest job of that name that did not fail.
 *
 * Create = CreateJob, AddJobInputs, EndJobInput, answering at once. With `wait`, the engine waits
 * through `readiness` (a handler never sleeps): it polls GetJob (growing interval) until `done`, then
 * `readiness.finish` reads the outputs and the error count, and a job with errors throws
 * {@link JobFailedError} naming the job and its first error. Delete only forgets: Manta keeps job
 * records and outputs.
 *
 * A create whose outcome was unknown (CreateJob or AddJobInputs failed after taking effect) leaves a
 * job whose input may still be open; `completeAdopted` finishes it the way create would have: the
 * inputs it lacks are added (Manta accepts AddJobInputs until the input is closed) and the input is
 * closed; the engine then waits for it as for a new one.
 *
 * The content of inputs and assets: Manta keeps no digest per job, so `read` reports as
 * `staleInputs` the inputs and assets whose objects were written after the job was created; the
 * desired value is always `[]`, so a rewritten input plans a new run. An input rewritten in the same
 * apply as the job is seen by the next plan (the planner compares before the apply writes it).
 *
 * Why a failed job is not found by name: a failed run is not a finished resource, so the next apply
 * runs it again (after the user fixed the data or the script) instead of adopting the failure.
 */
import type { ErrorHints } from '../../common/errors.js';
import { TritonError } from '../../provider/errors.js';
import type { Job, JobError, JobPhase } from '../../provider/manta/types.js';
import type {
  PlainObject,
  PlainValue,
  ResolvedProperties,
  ResourceHandler,
  ResourceSchema,
} from '../../common/contract/handler.js';
import { inputsChangedSince } from './private/manta-job-inputs.js';
import { mantaLine } from '../../provider/handlers/private/manta-line.js';
import {
  badProperty,
  stringProp,
  unlessNotFound,
  type MantaClients,
  type MantaContext,
} from '../../provider/handlers/private/manta-support.js';
import { booleanDefault, fieldRulesOf } from '../../common/kinds/index.js';
import { job as jobKind } from './descriptor.js';

/** A live job. */
export interface LiveJob {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly cancelled: boolean;
  /** Whether the job's input is closed (EndJobInput was called); until then inputs may be added. */
  readonly inputDone: boolean;
  readonly phases: readonly JobPhase[];
  readonly inputs: readonly string[];
  /** Output object paths (empty until the job produced any). */
  readonly outputs: readonly string[];
  /** Number of job errors. */
  readonly errors: number;
  readonly timeCreated?: string;
  /** Inputs and assets rewritten after the job was created (content the job never saw), sorted. */
  readonly staleInputs: readonly string[];
}

/** Polling knobs of the wait for a job (`wait: true`), which the engine does through `readiness`. */
export interface JobWaitOptions {
  /** First pause between polls. @default 100 */
  readonly initialPollMs?: number;
  /** Longest pause between polls. @default 2000 */
  readonly maxPollMs?: number;
  /** Give up after this long. @default 1 hour */
  readonly timeoutMs?: number;
}

/** A waited-for job that finished with errors. */
export class JobFailedError extends TritonError {
  static override readonly hints: ErrorHints<'JOB_FAILED'> = {
    JOB_FAILED:
      "Read the job's first error above (and the stderr object it names, with `mget`); fix the phase or the input and apply again.",
  };
  /** Always `JOB_FAILED`. */
  readonly code = 'JOB_FAILED' as const;
  /** The job as it finished (outputs and error count included). */
  readonly job: LiveJob;
  /** The first error record the server reported. */
  readonly firstError: JobError;

  constructor(job: LiveJob, firstError: JobError) {
    const where = [
      firstError.phaseNum !== undefined ? `phase ${firstError.phaseNum}` : undefined,
      (firstError.input ?? firstError.p0input) ? `input ${firstError.input ?? firstError.p0input}` : undefined,
    ].filter((s) => s !== undefined);
    super(
      `job ${job.name} (${job.id}) finished with ${job.errors} error(s); first: ${firstError.code}: ${firstError.message}` +
        `${where.length > 0 ? ` (${where.join(', ')})` : ''}${firstError.stderr ? `; stderr saved at ${firstError.stderr}` : ''}`,
    );
    this.name = 'JobFailedError';
    this.job = job;
    this.firstError = firstError;
  }
}

const KIND = 'job';
const INPUT_BATCH = 1000;
const GETS_IN_FLIGHT = 4;

const schema: ResourceSchema = {
  ...fieldRulesOf(jobKind),
  // Delete is only "forget", so the new job can start before the old one is dropped.
  replaceStrategy: 'create-then-delete',
  // Manta keeps every job and destroy only forgets one, so taking over one as declared harms no one
  // (a destroyed stack finds its own jobs again): only a difference needs consent.
  adoptWithoutConsent: 'unless-removing',
  // An input or asset written by this very apply is new content the job must run on.
  rerunWhenWritten: { kinds: ['object'], field: 'inputs', what: 'input', staleField: 'staleInputs' },
};

/** One phase in the comparable form: server defaults filled (`map`; one reducer). */
function normalizePhase(raw: PlainValue | JobPhase, i: number): Record<string, PlainValue> {
  const p = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, PlainValue>;
  const type =
    p.type === 'reduce' ? 'reduce' : p.type === undefined && i > 0 ? 'map' : ((p.type as string | undefined) ?? 'map');
  const out: Record<string, PlainValue> = { type, exec: p.exec ?? '' };
  if (p.init !== undefined && p.init !== '') out.init = p.init;
  if (Array.isArray(p.assets) && p.assets.length > 0) out.assets = [...p.assets];
  if (type === 'reduce') out.count = p.count ?? 1;
  if (p.memory !== undefined) out.memory = p.memory;
  if (p.disk !== undefined) out.disk = p.disk;
  return out;
}

/** Inputs as paths; a resolved reference to another job's outputs arrives as a list and is spliced in. */
function flattenInputs(value: PlainValue | undefined, strict: boolean): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return strict ? badProperty(KIND, 'inputs', value, 'must be a list of object paths') : [];
  const out: string[] = [];
  value.forEach((v: PlainValue, i: number) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out.push(...(v as string[]));
    else if (strict)
      badProperty(KIND, `inputs[${i}]`, v, "must be an object path or a list of them (another job's outputs)");
  });
  return out;
}

function phasesOf(props: ResolvedProperties): JobPhase[] {
  const phases = props.phases;
  if (!Array.isArray(phases) || phases.length === 0)
    badProperty(KIND, 'phases', phases, 'must be a non-empty list of phases');
  return phases.map((p, i) => {
    if (
      typeof p !== 'object' ||
      p === null ||
      Array.isArray(p) ||
      typeof (p as Record<string, PlainValue>).exec !== 'string'
    ) {
      badProperty(KIND, `phases[${i}]`, p, 'must be a phase object with an exec command');
    }
    return p as unknown as JobPhase;
  });
}

async function liveOf(ctx: MantaContext, job: Job): Promise<LiveJob> {
  const { manta } = ctx.clients;
  const [inputs, outputs] = await Promise.all([
    manta.getJobInput(job.id, { signal: ctx.signal }),
    manta.getJobOutput(job.id, { signal: ctx.signal }),
  ]);
  const statErrors = job.stats?.errors;
  const errors =
    typeof statErrors === 'number' ? statErrors : (await manta.getJobErrors(job.id, { signal: ctx.signal })).length;
  const assets = job.phases.flatMap((p) => p.assets ?? []);
  const staleInputs =
    job.timeCreated === undefined
      ? []
      : await inputsChangedSince(manta, [...inputs, ...assets], job.timeCreated, ctx.signal);
  return {
    staleInputs,
    id: job.id,
    name: job.name ?? '',
    state: job.state,
    cancelled: job.cancelled === true,
    inputDone: job.inputDone === true || job.state === 'done',
    phases: job.phases,
    inputs,
    outputs,
    errors,
    ...(job.timeCreated !== undefined ? { timeCreated: job.timeCreated } : {}),
  };
}

/** Finds the newest job called `name` that neither failed nor was cancelled. */
async function findByName(ctx: MantaContext, name: string): Promise<LiveJob | undefined> {
  const { manta } = ctx.clients;
  // Listed newest first, fetched a few at a time, stopping at the first match: the common case
  // (the job was the last one run) costs one ListJobs and a handful of GetJobs.
  const entries = (await manta.listJobs({ signal: ctx.signal })).sort((a, b) =>
    a.mtime < b.mtime ? 1 : a.mtime > b.mtime ? -1 : 0,
  );
  for (let i = 0; i < entries.length; i += GETS_IN_FLIGHT) {
    const batch = entries.slice(i, i + GETS_IN_FLIGHT);
    const jobs = await Promise.all(
      batch.map((e) => unlessNotFound(() => manta.getJob(e.name, { signal: ctx.signal }))),
    );
    for (const job of jobs) {
      if (job === undefined || job.name !== name || job.cancelled === true) continue;
      const live = await liveOf(ctx, job);
      if (live.errors === 0) return live;
    }
  }
  return undefined;
}

function waitOf(desired: ResolvedProperties): boolean {
  const waitForIt = desired.wait ?? booleanDefault(jobKind, 'wait');
  if (typeof waitForIt !== 'boolean') badProperty(KIND, 'wait', waitForIt, 'must be true or false');
  return waitForIt;
}

/**
 * What create does once the job exists: adds the desired inputs `job` does not have yet (while its
 * input is open) and closes the input. Safe to repeat: a second call adds nothing twice and closing
 * the input again is harmless.
 */
async function complete(ctx: MantaContext, job: LiveJob, inputs: readonly string[]): Promise<LiveJob> {
  const { manta } = ctx.clients;
  const { id } = job;
  const present = new Set(job.inputs);
  const missing = job.inputDone ? [] : inputs.filter((p) => !present.has(p));
  if (!job.inputDone) {
    for (let i = 0; i < missing.length; i += INPUT_BATCH) {
      await manta.addJobInputs(id, missing.slice(i, i + INPUT_BATCH), { signal: ctx.signal });
    }
    await manta.endJobInput(id, { signal: ctx.signal });
  }
  return { ...job, inputDone: true, inputs: [...job.inputs, ...missing] };
}

/** The finished job's outputs and errors; a job with errors fails the action. */
async function finished(ctx: MantaContext, job: LiveJob): Promise<LiveJob> {
  const { manta } = ctx.clients;
  // Inputs rewritten while the job ran are reported by the next read, not hidden here.
  const live = await liveOf(ctx, await manta.getJob(job.id, { signal: ctx.signal }));
  if (live.errors > 0) {
    const [first] = await manta.getJobErrors(job.id, { signal: ctx.signal });
    throw new JobFailedError(
      live,
      first ?? { code: 'UnknownError', message: 'the server counted errors but listed none' },
    );
  }
  return live;
}

/** Creates a job handler; {@link jobHandler} is the one with default polling. @param wait how the engine polls a job it waits for */
export function createJobHandler(wait: JobWaitOptions = {}): ResourceHandler<LiveJob, MantaClients> {
  const handler: ResourceHandler<LiveJob, MantaClients> = {
    kind: KIND,
    mode: 'managed',
    schema,

    async unavailable(ctx) {
      return (await mantaLine(ctx)) === 2
        ? 'its Manta is Manta v2, which has no compute jobs (muskie master mounts no job route)'
        : undefined;
    },

    normalizeDesired(props): PlainObject {
      const phases = Array.isArray(props.phases) ? props.phases.map(normalizePhase) : [];
      return {
        name: typeof props.name === 'string' ? props.name : '',
        phases,
        inputs: flattenInputs(props.inputs, false),
        staleInputs: [],
      };
    },

    normalizeLive(live): PlainObject {
      return {
        name: live.name,
        phases: live.phases.map(normalizePhase),
        inputs: [...live.inputs],
        staleInputs: [...live.staleInputs],
        id: live.id,
        state: live.state,
        outputs: [...live.outputs],
        errors: live.errors,
      };
    },

    naturalKeyOf: (live) => live.name,
    idOf: (live) => live.id,

    readiness: {
      progress(live, desired) {
        if (!waitOf(desired) || live.state === 'done') return { state: 'ready' };
        return { state: 'pending', detail: live.state };
      },
      async poll(ctx, live) {
        // GetJob alone says whether it is done; the outputs are read once, by `finish`.
        const job = await unlessNotFound(() => ctx.clients.manta.getJob(live.id, { signal: ctx.signal }));
        return job === undefined
          ? undefined
          : { ...live, state: job.state, inputDone: job.inputDone === true || job.state === 'done' };
      },
      async finish(ctx, live, desired) {
        return waitOf(desired) ? finished(ctx, live) : live;
      },
      timeoutMs: wait.timeoutMs ?? 3_600_000,
      initialPollMs: wait.initialPollMs ?? 100,
      maxPollMs: wait.maxPollMs ?? 2000,
      onTimeout: 'it keeps running on the server; wait for it with GetJob, or set wait: false',
    },

    async read(ctx, ref) {
      if (ref.id !== undefined) {
        const job = await unlessNotFound(() => ctx.clients.manta.getJob(ref.id!, { signal: ctx.signal }));
        return job === undefined ? undefined : liveOf(ctx, job);
      }
      return findByName(ctx, ref.naturalKey);
    },

    async create(ctx, desired) {
      const name = stringProp(KIND, desired, 'name');
      const phases = phasesOf(desired);
      const inputs = flattenInputs(desired.inputs, true);
      waitOf(desired);
      const { id } = await ctx.clients.manta.createJob({ name, phases }, { signal: ctx.signal });
      ctx.log.info('job created', { name, id, inputs: inputs.length });
      const started: LiveJob = {
        id,
        name,
        state: 'running',
        cancelled: false,
        inputDone: false,
        phases,
        inputs: [],
        outputs: [],
        errors: 0,
        staleInputs: [],
      };
      return complete(ctx, started, inputs);
    },

    async completeAdopted(ctx, live, desired) {
      const inputs = flattenInputs(desired.inputs, true);
      if (live.inputDone) return live;
      ctx.log.info('finishing a job an earlier create attempt left', {
        name: live.name,
        id: live.id,
        inputDone: live.inputDone,
        inputs: live.inputs.length,
      });
      return complete(ctx, live, inputs);
    },

    async update(ctx, id) {
      // Every definition field is immutable (a change is a new job), so there is nothing to change
      // in place; answer with the job as it is.
      const live = await handler.read(ctx, { id, naturalKey: id });
      if (live === undefined) throw badProperty(KIND, 'id', id, 'must name an existing job to update');
      return live;
    },

    async delete(ctx, ref) {
      ctx.log.debug('forgetting job; Manta keeps job records and outputs', {
        name: ref.naturalKey,
        ...(ref.id !== undefined ? { id: ref.id } : {}),
      });
    },
  };
  return handler;
}

/** The job handler with default polling (100 ms growing to 2 s, for at most an hour). */
export const jobHandler: ResourceHandler<LiveJob, MantaClients> = createJobHandler();
