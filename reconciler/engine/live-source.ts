/**
 * Where planning gets its live objects: one interface the engine asks, so that the main path
 * (`plan-against-live.ts`) reads the same with or without the speed-ups. Behind it:
 * - **reading** (`live-reader.ts`): one list per collection, one read per object without one;
 * - **reading ahead** (`read-ahead.ts`): collections a stack's state names, listed by the CLI before
 *   the app is built, taken instead of listing them again when the read goes through the very
 *   clients and account they were listed with (each listing is taken once: a second read, such as
 *   drift's confirmation, lists afresh);
 * - **planning ahead** (`private/plan-ahead.ts` into a `ChangeMemo`): resources planned while the
 *   other reads are under way; the final plan reuses a change only when it was planned from the
 *   very objects the final match holds.
 */
import type { ResourceManifest } from '../../common/manifest.js';
import { ChangeMemo } from '../plan/change-memo.js';
import type { PlannedAlready, PlanningEnv } from '../plan/planner.js';
import type { ListedAhead } from './listed-ahead.js';
import { readLive, type LiveRead, type ReadTarget } from './live-reader.js';
import { PlanAhead } from './private/plan-ahead.js';
import type { RunContext } from './private/run-context.js';

/** What a read gave: the live objects, and the changes planned from them while they arrived. */
export interface SourcedLive {
  readonly live: LiveRead;
  /** Changes already planned from these objects, for the planner to reuse (or plan again). */
  readonly plannedAlready?: PlannedAlready;
}

/** The live objects of a run, as planning asks for them. */
export interface LiveSource {
  /**
   * Reads every collection and object `targets` need.
   * @param planning when given, the resources to plan while the reads arrive, and how
   */
  read(
    targets: readonly ReadTarget[],
    planning?: { readonly env: PlanningEnv; readonly resources: readonly ResourceManifest[] },
  ): Promise<SourcedLive>;
}

/** The live source of `run`: reads through its clients, with its read-ahead (if any) and planning ahead. */
export function liveSourceOf(run: RunContext): LiveSource {
  return {
    async read(targets, planning) {
      const memo = new ChangeMemo();
      const planningAhead =
        planning === undefined
          ? undefined
          : new PlanAhead(
              planning.env,
              run.handlers,
              memo,
              new Map(targets.map((t) => [t.address, t])),
              planning.resources,
            );
      const ahead = usableAhead(run);
      try {
        const live = await readLive({
          targets,
          handlers: run.handlers,
          ctx: run.ctx,
          retry: run.retryFor('(read)', { cancellable: true }),
          parallelism: run.parallelism,
          ...(planningAhead !== undefined ? { onRead: planningAhead } : {}),
          ...(ahead !== undefined ? { ahead } : {}),
        });
        if (planningAhead !== undefined) run.log.debug('planned while reading', memo.counts);
        if (ahead !== undefined) run.log.debug('listings read ahead, before the app was built', { used: ahead.taken });
        return { live, ...(planningAhead !== undefined ? { plannedAlready: memo } : {}) };
      } finally {
        planningAhead?.stop();
      }
    },
  };
}

/** The run's read-ahead, when it listed through the run's own clients and for its account. */
function usableAhead(run: RunContext): ListedAhead<RunContext['ctx']['clients']> | undefined {
  const ahead = run.readAhead;
  return ahead !== undefined && ahead.clients === run.ctx.clients && ahead.account === run.ctx.account
    ? ahead
    : undefined;
}
