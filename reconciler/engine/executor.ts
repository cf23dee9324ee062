/**
 * The executor: carries out a plan by walking its one dependency graph (`applyGraph`: creates,
 * updates, adopts and reads after what they depend on; a delete after every former dependent stopped
 * referring to it), up to `parallelism` actions at once. A failure skips what depends on it (reported
 * once); independent branches finish; state is written after every completed action, so a re-run
 * converges from wherever this one stopped. A cancelled run starts nothing more, lets the actions in
 * flight finish and record themselves, and lists what it did not start.
 */
import type { StackManifest } from '../../common/manifest.js';
import { apiErrorFacts } from '../consistency.js';
import { ReconcilerError } from '../errors.js';
import type { WalkResult, WalkSlot } from '../graph.js';
import { applyGraph, deleteFirstNodeOf } from '../plan/apply-order.js';
import type { Plan } from '../plan/types.js';
import type { ApplyResult } from './api-types.js';
import { deleteBeforeReplacing, deleteReplaced, perform, type ActionArgs } from './private/actions.js';
import { keepsOldObjectInState } from './private/old-object.js';
import type { RunContext } from './private/run-context.js';
import type { StateWriter } from './private/state-writer.js';

/** What {@link executePlan} needs. */
export interface ExecuteArgs {
  readonly run: RunContext;
  readonly stack: StackManifest;
  readonly plan: Plan;
  readonly state: StateWriter;
  /** Live objects by address as read for the plan (resolves references to unchanged resources). */
  readonly live: ReadonlyMap<string, unknown>;
}

/** Carries out `plan`. Never throws for a failed action: failures are in the result. */
export async function executePlan(args: ExecuteArgs): Promise<ApplyResult> {
  const started = Date.now();
  const { run, plan } = args;
  const { graph, steps } = applyGraph(plan, args.state.current);
  const manifest = new Map(args.stack.resources.map((r) => [r.address, r]));
  const stateAtStart = new Map(args.state.current.resources.map((r) => [r.address, r]));
  const oldObjectsKept = new Set(plan.changes.filter(keepsOldObjectInState).map((c) => c.address));
  const results = new Map(args.live);
  const counts: Record<string, number> = {};
  const failed: ApplyResult['failed'] = [];
  const skipped: ApplyResult['skipped'] = [];
  const bump = (k: string): void => {
    counts[k] = (counts[k] ?? 0) + 1;
  };

  const total = plan.changes.filter((c) => c.action !== 'no-op').length;
  run.emit({ type: 'start', total });

  const act = async (node: string, slot: WalkSlot): Promise<void> => {
    const step = steps.get(node)!;
    const change = step.change;
    if (change.action === 'no-op') {
      bump('unchanged');
      return;
    }
    const t0 = Date.now();
    const a: ActionArgs = {
      run,
      change,
      manifest,
      results,
      stateEntry: stateAtStart.get(change.address),
      state: args.state,
      slot,
      oldObjectsKept,
      oldDeletedFirst: steps.has(deleteFirstNodeOf(change.address)),
    };
    if (step.part === 'action') run.emit({ type: 'action-start', address: change.address, action: change.action });
    try {
      const outcome =
        step.part === 'delete-old'
          ? await deleteReplaced(a)
          : step.part === 'delete-first'
            ? await deleteBeforeReplacing(a)
            : await perform(a);
      // The create half of a create-then-delete replacement is reported with its delete-old step;
      // the delete-first step of a delete-then-create replacement with its create.
      if (outcome === 'created-replacement' || outcome === 'deleted-first') return;
      bump(outcome);
      run.emit({
        type: 'action-done',
        address: change.address,
        action: change.action,
        outcome,
        durationMs: Date.now() - t0,
      });
    } catch (error) {
      const message = run.secrets.scrub(messageOf(error));
      // Said by the progress line too: not a warning of its own.
      run.log.info('action failed', { address: node, action: change.action, message });
      run.emit({
        type: 'action-failed',
        address: change.address,
        action: change.action,
        message,
        durationMs: Date.now() - t0,
      });
      throw new ReconcilerError('APPLY_FAILED', message, { cause: error });
    }
  };

  // An action waiting for the server to see what it references gives up its place meanwhile (parking.ts).
  const walked = await graph.walk((node, _signal, slot) => act(node, slot), {
    concurrency: run.parallelism,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  const cancelled = [...walked.outcomes.values()].some((o) => o.status === 'skipped' && o.because === '(aborted)');
  tallyOutcomes(walked.outcomes, steps, run, { bump, failed, skipped });
  failed.sort((a, b) => (a.address < b.address ? -1 : 1));
  skipped.sort((a, b) => (a.address < b.address ? -1 : 1));
  return {
    ok: failed.length === 0 && skipped.length === 0,
    cancelled,
    counts,
    failed,
    skipped,
    durationMs: Date.now() - started,
  };
}

/**
 * Adds each action's outcome to the result: a failure once, with the server's facts; a skipped
 * action with why (a failed dependency, or the run cancelled), and said as progress.
 */
function tallyOutcomes(
  outcomes: WalkResult<void>['outcomes'],
  steps: ReturnType<typeof applyGraph>['steps'],
  run: RunContext,
  into: {
    readonly bump: (k: string) => void;
    readonly failed: ApplyResult['failed'];
    readonly skipped: ApplyResult['skipped'];
  },
): void {
  const { bump, failed, skipped } = into;
  for (const [node, outcome] of outcomes) {
    const step = steps.get(node)!;
    if (outcome.status === 'failed') {
      failed.push({
        address: node,
        message: (outcome.error as Error).message,
        ...failureFacts((outcome.error as Error).cause),
      });
      bump('failed');
    } else if (outcome.status === 'skipped') {
      // An unchanged resource had nothing to do: it is neither skipped nor "not started".
      if (step.change.action === 'no-op') {
        bump('unchanged');
        continue;
      }
      const because = outcome.because === '(aborted)' ? 'the run was cancelled' : `${outcome.because} failed`;
      skipped.push({ address: node, because });
      bump('skipped');
      run.emit({ type: 'action-skipped', address: node, because });
    }
  }
}

/** The server's status, error code and operation behind a failed action, when it answered. */
function failureFacts(error: unknown): { status?: number; apiCode?: string; operation?: string } {
  // Only an API error carries the server's code (a ReconcilerError's code is the engine's own).
  if (typeof (error as { apiCode?: unknown } | null)?.apiCode !== 'string') return {};
  const { status, code } = apiErrorFacts(error);
  const operation = (error as { operation?: unknown } | null)?.operation;
  return {
    ...(status !== undefined ? { status } : {}),
    ...(code !== undefined ? { apiCode: code } : {}),
    ...(typeof operation === 'string' ? { operation } : {}),
  };
}

/** A one-line message for a failure: the API's own words when it has them. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
