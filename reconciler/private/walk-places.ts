/**
 * The places of a graph walk: at most `limit` nodes run in place at once. A node may wait away from
 * its place (`WalkSlot.away`: a parked write) and then waits for a place again, ahead of nodes that
 * have not started; or leave its place for good (`WalkSlot.leave`: it sends nothing more) while it
 * finishes. The walk is over when no node runs, waits away or is still finishing after leaving.
 */
/**
 * What a running node may do with its place among the `concurrency` nodes that run at once: give it
 * up while it only waits (for the server to catch up), so that other nodes run meanwhile.
 */
export interface WalkSlot {
  /**
   * Runs `wait` without holding a place; afterwards waits for a place again, ahead of nodes that
   * have not started (a node that already started should finish first).
   */
  away<T>(wait: () => Promise<T>): Promise<T>;
  /**
   * Gives up the place for good: what is left of the node sends nothing to the server (recording
   * its result), so another node may start meanwhile. The node's dependents still start only once
   * it has finished, and the walk still waits for it. Later calls, and `away` after it, hold no place.
   */
  leave(): void;
  /**
   * Lets the node's dependents start now, before it finishes: what is left of it only records its
   * result, and what they need of it (the server's answer) is there. The walk still waits for it;
   * should it fail afterwards, its dependents have started and are not skipped. Later calls do nothing.
   */
  release(): void;
  /**
   * The server accepted the node's delete, which a job of its own finishes later: the dependents
   * whose edge needs only that ({@link EdgeNeeds} `accepted`: a role deleted while the machine
   * tagged with it is destroyed) start now; the others wait until the node is done (or released).
   * Later calls do nothing.
   */
  deleteAccepted(): void;
}

/**
 * What a dependent needs of the node it depends on: the node done (`done`: for a delete, the object
 * gone), or only its delete accepted by the server (`accepted`, see {@link WalkSlot.deleteAccepted}).
 */
export type EdgeNeeds = 'done' | 'accepted';

/** One node's slot, with whether it still holds a place (it has not left for good). */
export type HeldSlot = WalkSlot & { readonly held: boolean };

/** What a slot's `release` does: set by the walk, which alone knows the node's dependents. */
export type ReleaseDependents = () => void;

/** The places of one walk (see the module comment). */
export class WalkPlaces {
  /** Nodes counted in a place now. */
  private running = 0;
  /** Nodes waiting away from their place, and those whose wait ended, waiting for a place again. */
  private away = 0;
  /** Nodes that left their place for good and have not finished yet. */
  private leaving = 0;
  /** Nodes whose wait away ended, in order, each resumed once it has a place again. */
  private readonly resuming: (() => void)[] = [];

  /**
   * @param limit the most nodes in place at once
   * @param changed called whenever a place may have come free (the walk starts or resumes nodes)
   */
  constructor(
    private readonly limit: number,
    private readonly changed: () => void,
  ) {}

  /** Gives free places to nodes whose wait away ended, before any node that has not started. */
  resumeWaiting(): void {
    while (this.running < this.limit && this.resuming.length > 0) {
      this.running++;
      this.away--;
      this.resuming.shift()!();
    }
  }

  /** Whether a node could start now. */
  get free(): boolean {
    return this.running < this.limit;
  }

  /** Whether every node that started has finished. */
  get idle(): boolean {
    return this.running === 0 && this.away === 0 && this.leaving === 0;
  }

  /**
   * A node starts in a free place: its slot.
   * @param release lets all its dependents start
   * @param deleteAccepted lets the dependents start that need only its delete accepted
   */
  start(release: ReleaseDependents = () => undefined, deleteAccepted: ReleaseDependents = () => undefined): HeldSlot {
    this.running++;
    // Arrow functions: `this` in the slot's methods is the walk's places.
    const slot = {
      held: true,
      /** Counted among the `running` now (not while it waits away). */
      inPlace: true,
      away: async <R>(wait: () => Promise<R>): Promise<R> => {
        if (!slot.held) return wait();
        slot.inPlace = false;
        this.running--;
        this.away++;
        this.changed();
        try {
          return await wait();
        } finally {
          if (slot.held) {
            await new Promise<void>((resume) => {
              this.resuming.push(() => {
                slot.inPlace = true;
                resume();
              });
              this.changed();
            });
          } else {
            // It left while away: it wants no place back.
            this.away--;
            this.changed();
          }
        }
      },
      leave: (): void => {
        if (!slot.held) return;
        slot.held = false;
        this.leaving++;
        if (slot.inPlace) {
          slot.inPlace = false;
          this.running--;
          this.changed();
        }
      },
      release,
      deleteAccepted,
    };
    return slot;
  }

  /** A node's run ended (succeeded or failed). */
  finished(slot: HeldSlot): void {
    if (slot.held) this.running--;
    else this.leaving--;
  }
}
