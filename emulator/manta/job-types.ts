import type { PhaseSpec } from './private/job-spec.js';

/** One record of GetJobErrors (`application/x-json-stream; type=job-error`). */
export interface JobErrorRecord {
  readonly id: string;
  readonly taskId: string;
  readonly phase: string;
  readonly phaseNum: number;
  readonly what: string;
  readonly code: string;
  readonly message: string;
  readonly server: string;
  readonly machine: string;
  readonly input?: string;
  readonly p0input?: string;
  readonly stderr?: string;
}

/** The job object GetJob returns. */
export interface JobView {
  readonly id: string;
  readonly name: string;
  readonly state: 'queued' | 'running' | 'done';
  readonly cancelled: boolean;
  readonly inputDone: boolean;
  readonly stats: { errors: number; outputs: number; retries: number; tasks: number; tasksDone: number };
  readonly timeCreated: string;
  readonly timeDone?: string;
  readonly phases: readonly PhaseSpec[];
  readonly options: Record<string, never>;
}

/** Whether and how tasks run. */
export interface JobEngineOptions {
  /** `false` makes every task fail with `TaskInitError` and `disabledReason`. */
  readonly exec: boolean;
  /** Message of the `TaskInitError` when execution is off. */
  readonly disabledReason?: string;
  /** Asked before each task: a reason why tasks may not run now (e.g. not on loopback), or `undefined`. */
  readonly execBlocked?: () => string | undefined;
  /** Wall-clock limit per task. @default 60000 */
  readonly timeLimitMs?: number;
  /** Tasks running at once across all jobs. @default 2 */
  readonly concurrency?: number;
  /** Where task directories are made. @default the OS temp dir */
  readonly tmpRoot?: string;
}
