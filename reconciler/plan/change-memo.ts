/**
 * Changes planned ahead, while the reads of other objects are still under way, each kept with the
 * live objects it was planned from. Planning a resource depends only on the run's inputs and on the
 * live objects it reads (its own, and those its references name: see `planResource`), so the final
 * plan may reuse a change whenever every one of those addresses holds the very same object (by
 * identity) in the final match; otherwise the change is planned again. Reuse is therefore never a
 * guess: at worst the work done ahead was wasted.
 */
import type { ResourceChange } from './types.js';

/** One change planned ahead, with what it read. */
interface Planned {
  /** Each address read, with the object it held then (`undefined`: none found). */
  readonly reads: readonly (readonly [string, unknown])[];
  readonly change: ResourceChange;
}

/** Changes planned ahead, by address (see the module comment). */
export class ChangeMemo {
  private readonly planned = new Map<string, Planned>();
  private reused = 0;

  /**
   * Plans `address` now with `plan`, recording every live object it reads through the look-up it is
   * given, and keeps the result. A plan that throws keeps nothing: the final plan reports it.
   * @param liveOf the live objects known so far
   * @returns whether a change was kept
   */
  planAhead(
    address: string,
    liveOf: (address: string) => unknown,
    plan: (liveOf: (address: string) => unknown) => ResourceChange,
  ): boolean {
    try {
      this.planAndKeep(address, liveOf, plan);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The change for `address`: the one kept, when {@link reuse} gives it, else planned now with `plan`
   * and kept. Unlike {@link planAhead}, a plan that throws throws to the caller.
   */
  planOnce(
    address: string,
    liveOf: (address: string) => unknown,
    plan: (liveOf: (address: string) => unknown) => ResourceChange,
  ): ResourceChange {
    return this.reuse(address, liveOf) ?? this.planAndKeep(address, liveOf, plan);
  }

  private planAndKeep(
    address: string,
    liveOf: (address: string) => unknown,
    plan: (liveOf: (address: string) => unknown) => ResourceChange,
  ): ResourceChange {
    const reads: [string, unknown][] = [];
    const recording = (a: string): unknown => {
      const live = liveOf(a);
      reads.push([a, live]);
      return live;
    };
    const change = plan(recording);
    this.planned.set(address, { reads, change });
    return change;
  }

  /**
   * The change planned ahead for `address`, when every live object it read is the one `liveOf`
   * gives now; `undefined` otherwise (plan it again).
   */
  reuse(address: string, liveOf: (address: string) => unknown): ResourceChange | undefined {
    const planned = this.planned.get(address);
    if (planned === undefined) return undefined;
    for (const [a, live] of planned.reads) if (liveOf(a) !== live) return undefined;
    this.reused++;
    return planned.change;
  }

  /** How many changes were planned ahead, and how many of them {@link reuse} gave (for debug lines and tests). */
  get counts(): { plannedAhead: number; reused: number } {
    return { plannedAhead: this.planned.size, reused: this.reused };
  }
}
