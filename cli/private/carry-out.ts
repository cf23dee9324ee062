/**
 * The second half of apply and destroy: ask (or refuse to ask), run the plan with progress, and say
 * how it went.
 */
import type { StackManifest } from '../../common/manifest.js';
import { planHasChanges, type Plan } from '../../reconciler/index.js';
import { UsageError, type CommandIo } from '../command.js';
import { engine, type ApplyResult, type EngineOptions } from './engine.js';
import { apiErrorHint } from './errors.js';
import { ProgressReporter } from './progress.js';
import { confirm, formatDuration, isTerminal, painter } from './terminal.js';

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
  if (approval.autoApprove) return true;
  const input = approval.input ?? process.stdin;
  if (!isTerminal(io.stdout) || !isTerminal(input)) {
    throw new UsageError(
      `refusing to change stack ${plan.stack} without confirmation: there is no terminal to ask on. Review the plan above, then run \`${approval.command}\` (or save a plan with \`triton-iac plan --out FILE\` and apply that file)`,
    );
  }
  return confirm(io, approval.question, input);
}

/**
 * Applies `plan` to `stack` with progress, then prints the outcome.
 * @returns the result (`ok: false` when an action failed).
 */
export async function runPlan(stack: StackManifest, plan: Plan, options: EngineOptions, io: CommandIo): Promise<ApplyResult> {
  const reporter = new ProgressReporter(io);
  // The first Ctrl-C lets running actions finish and record themselves in the state, and skips the
  // rest; a second one leaves at once (Node's default).
  const controller = new AbortController();
  const interrupt = (): void => {
    io.stderr.write('\nCancelling: starting nothing more; the actions in flight finish and are recorded in the state. Press Ctrl-C again to quit at once.\n');
    controller.abort();
  };
  process.once('SIGINT', interrupt);
  let result: ApplyResult;
  try {
    result = await engine().applyPlan(stack, plan, { ...options, signal: controller.signal, onProgress: reporter.onProgress });
  } finally {
    process.off('SIGINT', interrupt);
    reporter.stop();
  }
  io.stdout.write(`${outcomeLine(stack.name, result, io)}\n`);
  return result;
}

/** `Apply complete! 3 created, 1 updated in 2.1s.`, or what was cancelled, or the failure summary. */
export function outcomeLine(stackName: string, result: ApplyResult, io: CommandIo): string {
  const paint = painter(io);
  const counts = Object.entries(result.counts)
    .filter(([what, n]) => n > 0 && !['failed', 'skipped', 'unchanged'].includes(what))
    .map(([what, n]) => `${n} ${what}`)
    .join(', ');
  const took = formatDuration(result.durationMs);
  if (result.ok) return paint('green', `Apply complete for stack ${stackName}: ${counts || 'nothing to do'} in ${took}.`);
  const notStarted = result.skipped.filter((s) => s.because === 'the run was cancelled');
  const skipped = result.skipped.filter((s) => s.because !== 'the run was cancelled');
  const failures = [...result.failed.map((f) => `  ${f.address}: ${f.message}`), ...skipped.map((s) => `  ${s.address}: skipped, ${s.because}`)];
  const hints = [...new Set(result.failed.filter((f) => f.status !== undefined || f.apiCode !== undefined).map((f) => apiErrorHint(f)))];
  if (result.cancelled) {
    return [
      paint('yellow', `Apply cancelled for stack ${stackName}${counts ? `; done: ${counts}` : '; nothing was changed'} (${took}).`),
      ...failures,
      `Not started (${notStarted.length}):`,
      ...notStarted.map((s) => `  ${s.address}`),
      'Everything that finished is recorded in the state; run `triton-iac apply` again to finish.',
    ].join('\n');
  }
  return [
    paint('red', `Apply failed for stack ${stackName}: ${result.failed.length} failed, ${skipped.length} skipped${counts ? `; done: ${counts}` : ''} (${took}).`),
    ...failures,
    ...hints,
    'Everything that succeeded is recorded in the state; fix the cause and run apply again to finish.',
  ].join('\n');
}

/** True when `plan` has anything to do. */
export function hasWork(plan: Plan): boolean {
  return planHasChanges(plan);
}
