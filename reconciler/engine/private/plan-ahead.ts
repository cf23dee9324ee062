/**
 * Planning while reading: as each collection or object arrives, the resources it holds are planned
 * into a {@link ChangeMemo}, in small batches between the answers, so that the plan made once the
 * last answer is in only has to check them (and plan what changed since). Reads are latency-bound
 * and leave the process idle about half the time; the last answer used to be followed by the whole
 * planning, tens of milliseconds for a thousand resources.
 *
 * Until the final match, an address's live object is a guess: the object in its own collection
 * with the state's server id, else with its natural key. A resource whose own object or a
 * referenced one is in a collection not read yet waits for that collection. A wrong guess costs
 * only the work: the memo's reuse check compares every object read against the final match.
 */
import type { ResourceKind, ResourceManifest } from '../../../common/manifest.js';
import type { AnyHandler } from '../../../common/contract/handler.js';
import type { ChangeMemo } from '../../plan/change-memo.js';
import { planResource, type PlanningEnv } from '../../plan/planner.js';
import { readKeyOf, singleKeyOf, type ReadTarget } from '../live-reader.js';

/**
 * How long one batch may hold the thread before answers are handled again (ms): short, since each
 * answer that waits holds back the next read of its connection (0.25 ms rather than 2: the no-op
 * plan of 1,000 objects ~10 ms sooner, with as many resources planned ahead).
 */
const BATCH_MS = 0.25;
/** How long the event loop must have waited for I/O since a batch was due for it to run (ms). */
const IDLE_MS = 0.1;

/** The event loop's total time waiting for I/O so far (ms). */
function loopIdleMs(): number {
  return performance.eventLoopUtilization().idle;
}

/** Raised by the look-up for an address whose collection or object is not read yet. */
class NotReadYet {
  constructor(readonly key: string) {}
}

/** Plans a stack's resources ahead while its live objects are read (see the module comment). */
export class PlanAhead {
  private readonly keyOf = new Map<string, string>();
  private readonly lists = new Map<string, readonly unknown[]>();
  private readonly singles = new Map<string, unknown>();
  private readonly indexes = new Map<string, { byId: Map<unknown, unknown>; byKey: Map<string, unknown> }>();
  /** Resources waiting for a collection or object, by its read key. */
  private readonly waiting = new Map<string, ResourceManifest[]>();
  /** Resources whose own read is in, to plan in the next batch (a reference not read yet sends one back to wait). */
  private readonly queue: ResourceManifest[] = [];
  private scheduled = false;
  private stopped = false;

  /**
   * @param targets every address read, with how it is read
   * @param resources the manifest resources to plan ahead
   */
  constructor(
    private readonly env: PlanningEnv,
    private readonly handlers: ReadonlyMap<ResourceKind, AnyHandler>,
    private readonly memo: ChangeMemo,
    private readonly targets: ReadonlyMap<string, ReadTarget>,
    resources: readonly ResourceManifest[],
  ) {
    for (const target of targets.values()) {
      const handler = handlers.get(target.kind);
      if (handler !== undefined) this.keyOf.set(target.address, readKeyOf(target, handler));
    }
    for (const resource of resources) this.wait(resource, this.keyOf.get(resource.address) ?? '');
  }

  /** A collection has been read (`key` as `readLive` names it). */
  collectionRead(key: string, objects: readonly unknown[]): void {
    this.lists.set(key, objects);
    this.release(key);
  }

  /** An object read on its own (`undefined`: not found). */
  singleRead(address: string, live: unknown): void {
    this.singles.set(address, live);
    this.release(singleKeyOf(address));
  }

  /** No more planning ahead: the final plan is being made. */
  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
    this.waiting.clear();
  }

  private wait(resource: ResourceManifest, key: string): void {
    const list = this.waiting.get(key);
    if (list === undefined) this.waiting.set(key, [resource]);
    else list.push(resource);
  }

  private release(key: string): void {
    const ready = this.waiting.get(key);
    if (ready === undefined || this.stopped) return;
    this.waiting.delete(key);
    for (const r of ready) this.queue.push(r);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    this.whenIdle(loopIdleMs());
  }

  /**
   * Runs the next batch once the event loop has had nothing to do for a moment (it waited for I/O
   * since `idleBefore`), checking each millisecond. Answers come first: at the start of a read,
   * when the first answers arrive together, planning them while others wait delayed the next
   * requests (the reads are what the run waits for); the moments between later answers, when the
   * loop would only wait, leave time enough to plan everything.
   */
  private whenIdle(idleBefore: number): void {
    setTimeout(() => {
      if (this.stopped) return;
      const idle = loopIdleMs();
      if (idle - idleBefore < IDLE_MS) {
        this.whenIdle(idle);
        return;
      }
      this.scheduled = false;
      this.runBatch();
    }, 1);
  }

  private runBatch(): void {
    const until = performance.now() + BATCH_MS;
    while (!this.stopped && this.queue.length > 0 && performance.now() < until) {
      const resource = this.queue.pop()!;
      let missing: string | undefined;
      const liveOf = (address: string): unknown => {
        try {
          return this.guess(address);
        } catch (error) {
          if (error instanceof NotReadYet) missing ??= error.key;
          throw error;
        }
      };
      const kept = this.memo.planAhead(resource.address, liveOf, (l) => planResource(this.env, resource, l));
      if (!kept && missing !== undefined) this.wait(resource, missing);
    }
    this.schedule();
  }

  /** The object the final match will most likely give `address`. */
  private guess(address: string): unknown {
    const key = this.keyOf.get(address);
    if (key === undefined) return undefined;
    if (key === singleKeyOf(address)) {
      if (!this.singles.has(address)) throw new NotReadYet(key);
      return this.singles.get(address);
    }
    const objects = this.lists.get(key);
    if (objects === undefined) throw new NotReadYet(key);
    const target = this.targets.get(address)!;
    const index = this.indexOf(key, objects, this.handlers.get(target.kind)!);
    const serverId = this.env.stateByAddress.get(address)?.serverId;
    return (serverId ? index.byId.get(serverId) : undefined) ?? index.byKey.get(target.naturalKey);
  }

  private indexOf(
    key: string,
    objects: readonly unknown[],
    handler: AnyHandler,
  ): { byId: Map<unknown, unknown>; byKey: Map<string, unknown> } {
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = { byId: new Map(), byKey: new Map() };
      // The first under each key, as the final match takes the first unclaimed one in list order.
      for (const o of objects) {
        const id = handler.idOf(o as never);
        if (id !== undefined && !index.byId.has(id)) index.byId.set(id, o);
        const natural = handler.naturalKeyOf(o as never);
        if (!index.byKey.has(natural)) index.byKey.set(natural, o);
      }
      this.indexes.set(key, index);
    }
    return index;
  }
}
