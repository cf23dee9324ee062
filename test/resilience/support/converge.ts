/**
 * Helpers shared by the resilience tests: apply until the run succeeds (a bounded number of times),
 * turn the emulator's faults off before counting what exists, and the changes a plan still shows.
 */
import type { StackManifest } from '../../../common/manifest.js';
import { applyStack, type ApplyResult, type EngineOptions, type Plan } from '../../../reconciler/index.js';
import type { World } from '../../reconciler/support/world.js';

/** What each apply run returned, or the error that aborted it (a read that failed every retry). */
export type RunOutcome = ApplyResult | { readonly ok: false; readonly aborted: string };

/** Applies `stack` up to `maxRuns` times, stopping at the first successful run. */
export async function applyUntilOk(stack: StackManifest, opts: EngineOptions, maxRuns: number): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  for (let run = 0; run < maxRuns; run++) {
    try {
      const { result } = await applyStack(stack, opts);
      outcomes.push(result);
      if (result.ok) break;
    } catch (error) {
      outcomes.push({ ok: false, aborted: (error as Error).message });
    }
  }
  return outcomes;
}

/** Turns the emulator's faults, throttling and latency off, to look at the result undisturbed. */
export function calm(world: World): void {
  const options = world.emulator.context.faults.options as {
    faultRate?: number;
    throttleRps?: number;
    latencyMs?: number;
  };
  options.faultRate = 0;
  options.throttleRps = 0;
  options.latencyMs = 0;
}

/** The non-no-op changes of a plan, as `action address` lines (empty when the stack converged). */
export function pending(plan: Plan): string[] {
  return plan.changes.filter((c) => c.action !== 'no-op').map((c) => `${c.action} ${c.address}`);
}
