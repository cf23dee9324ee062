/**
 * Whether a saved plan still describes the world: the state it was made against has not been
 * written since, and no live object it looked at has changed, appeared or disappeared. Pure.
 */
import type { Plan } from './types.js';

/** What the world looks like at apply time, for {@link checkPlanStillValid}. */
export interface CurrentSituation {
  /** The state's serial now (0 when there is no state). */
  readonly stateSerial: number;
  /** The state's lineage now (`null` when there is no state). */
  readonly stateLineage: string | null;
  /**
   * Digest of each planned resource's normalised live object now (the same `digestOf` the planner
   * used); `undefined` or absent when it is not found live.
   */
  readonly liveDigests: ReadonlyMap<string, string | undefined>;
}

/** The verdict of {@link checkPlanStillValid}. */
export interface PlanValidity {
  readonly valid: boolean;
  /** One sentence per thing that changed since the plan was made. */
  readonly changes: readonly string[];
}

/**
 * Whether a saved plan can still be applied as is: the state has not been written since, and no live
 * object the plan looked at has changed, appeared or disappeared. Pure.
 */
export function checkPlanStillValid(plan: Plan, current: CurrentSituation): PlanValidity {
  const changes: string[] = [];
  if (current.stateLineage !== plan.stateLineage) {
    changes.push(
      `the state lineage is ${current.stateLineage ?? '(no state)'} but the plan was made against ${plan.stateLineage ?? '(no state)'}`,
    );
  } else if (current.stateSerial !== plan.stateSerial) {
    changes.push(
      `the state was written since the plan was made (serial ${plan.stateSerial} then, ${current.stateSerial} now)`,
    );
  }
  for (const change of plan.changes) {
    if (change.action === 'read') continue;
    const now = current.liveDigests.get(change.address);
    if (change.liveDigest === undefined && now !== undefined) {
      changes.push(`${change.address} now exists live but did not when the plan was made`);
    } else if (change.liveDigest !== undefined && now === undefined) {
      changes.push(`${change.address} no longer exists live`);
    } else if (change.liveDigest !== now) {
      changes.push(`${change.address} changed live since the plan was made`);
    }
  }
  return { valid: changes.length === 0, changes };
}
