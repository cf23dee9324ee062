/**
 * The second half of apply and destroy: ask (or refuse to ask), run the plan with progress, and say
 * how it went.
 */
import type { StackManifest } from '../../common/manifest.js';
import { planConflicts, planHasChanges, type Plan } from '../../reconciler/index.js';
import { UsageError, type CommandIo } from '../command.js';
import { applyPlan, type ApplyResult, applyReviewed, type EngineOptions } from './engine.js';
import { apiErrorHint } from '../../provider/api-error-hint.js';
import { renderPlan } from './plan-output.js';
import { ProgressReporter } from './progress.js';
import { rateWaits } from './rate-waits.js';
import { confirm, formatDuration, isTerminal, painter } from './terminal.js';
import { whileCancellable } from './interrupts.js';

/** How {@link carryOut} asks for approval. */
export interface Approval {
  /** `--auto-approve` was given. */
  readonly autoApprove: boolean;
  /** The question, e.g. `Apply these changes to stack prod?`. */
  readonly question: string;
  /** The command to suggest when refusing, e.g. `triton-iac apply --auto-approve`. */
  readonly command: string;
  /** Where answers come from. @default process.stdin */
  readonly input?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/**
 * Gets approval for `plan`: given by `--auto-approve`, asked on a terminal, refused otherwise.
 * @returns false when the user said no.
 * @throws UsageError when there is no terminal to ask on and no `--auto-approve`.
 */
export async function approve(plan: Plan, approval: Approval, io: CommandIo): Promise<boolean> {
  return askOrRefuse(io, {
    autoApprove: approval.autoApprove,
    question: approval.question,
    refusal: `refusing to change stack ${plan.stack} without confirmation: there is no terminal to ask on. Review the plan above, then run \`${approval.command}\` (or save a plan with \`triton-iac plan --out FILE\` and apply that file)`,
    ...(approval.input !== undefined ? { input: approval.input } : {}),
  });
}

/**
 * Gets a yes: given by `autoApprove`, asked on a terminal, refused with `refusal` when there is no
 * terminal to ask on (CI must say `--auto-approve`, never hang on a prompt).
 * @returns false when the user said no.
 * @throws UsageError with `refusal` when there is no terminal and no `autoApprove`.
 */
export async function askOrRefuse(
  io: CommandIo,
  ask: {
    readonly autoApprove: boolean;
    readonly question: string;
    readonly refusal: string;
    readonly input?: NodeJS.ReadableStream & { isTTY?: boolean };
  },
): Promise<boolean> {
  if (ask.autoApprove) return true;
  const input = ask.input ?? process.stdin;
  if (!isTerminal(io.stdout) || !isTerminal(input)) throw new UsageError(ask.refusal);
  return confirm(io, ask.question, input);
}

/**
 * Applies `plan` to `stack` with progress, then prints the outcome.
 * @returns the result (`ok: false` when an action failed).
 */
export async function runPlan(
  stack: StackManifest,
  plan: Plan,
  options: EngineOptions,
  io: CommandIo,
): Promise<ApplyResult> {
  return withProgress(stack, io, planMode(plan), (watch, startWatching) => {
    startWatching();
    return applyPlan(stack, plan, { ...options, ...watch });
  });
}

/** How {@link runReviewed} ended: no work, declined by the user, or carried out. */
export type ReviewedOutcome = 'nothing' | 'declined' | ApplyResult;

/**
 * Apply and destroy as a person runs them: under the state lock (taken before anything is read),
 * plans, prints the plan, asks (or refuses to ask, see {@link approve}), then carries out exactly the
 * plan printed, with progress, and prints the outcome.
 * @throws ReconcilerError `STATE_LOCKED` before any plan is printed; `ADOPT_CONFLICT` after the plan
 *   (which names the conflicts) when it would take over objects without consent.
 */
export async function runReviewed(
  stack: StackManifest,
  options: EngineOptions,
  mode: 'apply' | 'destroy',
  approval: Approval,
  io: CommandIo,
  verbose = false,
): Promise<ReviewedOutcome> {
  let outcome: 'nothing' | 'declined' | undefined;
  const reviewed = await withProgress(stack, io, mode, async (watch, startWatching) => {
    const { result } = await applyReviewed(
      stack,
      { ...options, ...watch },
      async (plan) => {
        io.stdout.write(renderPlan(plan, 'text', io, verbose));
        if (!hasWork(plan)) outcome = 'nothing';
        // A plan with conflicts is not asked about: the engine refuses it, naming them.
        else if (planConflicts(plan).length === 0 && !(await approve(plan, approval, io))) outcome = 'declined';
        if (outcome !== undefined) return false;
        io.stdout.write('\n');
        startWatching();
        return true;
      },
      mode,
    );
    return result;
  });
  return outcome ?? reviewed!;
}

/**
 * Runs `body` with progress lines and Ctrl-C handling, then prints the outcome line when it returns
 * a result. Ctrl-C cancels gracefully only once `body` calls `startWatching` (after the question);
 * before that, a Ctrl-C releases the lock and quits (cli/private/interrupts.ts).
 */
async function withProgress<R extends ApplyResult | undefined>(
  stack: StackManifest,
  io: CommandIo,
  mode: 'apply' | 'destroy',
  body: (watch: Pick<EngineOptions, 'signal' | 'onProgress'>, startWatching: () => void) => Promise<R>,
): Promise<R> {
  const reporter = new ProgressReporter(io);
  // The first Ctrl-C lets running actions finish and record themselves in the state, and skips the
  // rest; a second one releases the lock and leaves (cli/private/interrupts.ts).
  const controller = new AbortController();
  const interrupt = (): void => {
    io.stderr.write(
      '\nCancelling: starting nothing more; the actions in flight finish and are recorded in the state. Press Ctrl-C again to quit at once.\n',
    );
    controller.abort();
  };
  let stopWatching: (() => void) | undefined;
  const startWatching = (): void => {
    stopWatching ??= whileCancellable(interrupt);
  };
  let result: R;
  // The clients' waits for a rate limit show among the apply's lines while it runs.
  const unlisten = rateWaits.listen(reporter.rateWait);
  try {
    result = await body({ signal: controller.signal, onProgress: reporter.onProgress }, startWatching);
  } finally {
    unlisten();
    stopWatching?.();
    reporter.stop();
  }
  if (result !== undefined) io.stdout.write(`${outcomeLine(stack.name, result, io, mode)}\n`);
  return result;
}

/**
 * A saved plan that only deletes is a destroy (`plan --destroy --out`): a failure of it is finished
 * by destroy, never by apply, which would make again what it deleted.
 */
function planMode(plan: Plan): 'apply' | 'destroy' {
  const acting = plan.changes.filter((c) => c.action !== 'no-op' && c.action !== 'read');
  return acting.length > 0 && acting.every((c) => c.action === 'delete' || c.action === 'forget') ? 'destroy' : 'apply';
}

/**
 * `Apply complete! 3 created, 1 updated in 2.1s.`, or what was cancelled, or the failure summary.
 * @param mode what ran: a destroy's failure says to run destroy again, never apply (which would
 *   make again what the destroy deleted)
 */
export function outcomeLine(
  stackName: string,
  result: ApplyResult,
  io: CommandIo,
  mode: 'apply' | 'destroy' = 'apply',
): string {
  const Verb = mode === 'destroy' ? 'Destroy' : 'Apply';
  const paint = painter(io);
  const counts = Object.entries(result.counts)
    .filter(([what, n]) => n > 0 && !['failed', 'skipped', 'unchanged'].includes(what))
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
  const took = formatDuration(result.durationMs);
  if (result.ok)
    return paint('green', `${Verb} complete for stack ${stackName}: ${counts || 'nothing to do'} in ${took}.`);
  const notStarted = result.skipped.filter((s) => s.because === 'the run was cancelled');
  const skipped = result.skipped.filter((s) => s.because !== 'the run was cancelled');
  const failures = [
    ...result.failed.map((f) => `  ${f.address}: ${f.message}`),
    ...skipped.map((s) => `  ${s.address}: skipped, ${s.because}`),
  ];
  const hints = [
    ...new Set(
      result.failed.filter((f) => f.status !== undefined || f.apiCode !== undefined).map((f) => apiErrorHint(f)),
    ),
  ];
  if (result.cancelled) {
    return [
      paint(
        'yellow',
        `${Verb} cancelled for stack ${stackName}${counts ? `; done: ${counts}` : '; nothing was changed'} (${took}).`,
      ),
      ...failures,
      `Not started (${notStarted.length}):`,
      ...notStarted.map((s) => `  ${s.address}`),
      `Everything that finished is recorded in the state; run \`triton-iac ${mode}\` again to finish.`,
    ].join('\n');
  }
  return [
    paint(
      'red',
      `${Verb} failed for stack ${stackName}: ${result.failed.length} failed, ${skipped.length} skipped${counts ? `; done: ${counts}` : ''} (${took}).`,
    ),
    ...failures,
    ...hints,
    `Everything that succeeded is recorded in the state; fix the cause and run ${mode} again to finish.`,
  ].join('\n');
}

/** True when `plan` has anything to do. */
export function hasWork(plan: Plan): boolean {
  return planHasChanges(plan);
}
