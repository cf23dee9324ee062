/**
 * Writes state as actions complete, with group commit: one write at a time (each a
 * compare-and-swap on the version of the previous write), and every change that arrives while a
 * write is in flight goes into the next write together. The number of writes therefore grows with
 * the apply's duration divided by the write latency, not with the number of actions, while each
 * caller's promise still settles only once its change is stored: a crash leaves everything
 * reported done recorded, as with one write per action.
 */
import type { StateBackend, StateSnapshot } from '../../state/backend.js';
import { emptyState, type StateDocument, type StateResource } from '../../state/document.js';
import { putResources, renameEntries } from '../../state/operations.js';

/**
 * One change waiting for the next write (a put of an entry, kept as data so that a batch's puts
 * merge into the document in one pass, or any other edit), and how to tell its caller the outcome.
 */
type PendingChange = (
  | { readonly entry: StateResource }
  | { readonly entry?: undefined; readonly mutate: (doc: StateDocument) => StateDocument }
) & {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
};

/** Serialised, group-committed state updates for one run, under a lock the caller holds. */
export class StateWriter {
  private doc: StateDocument;
  private version: string | undefined;
  private pending: PendingChange[] = [];
  private writing = false;

  /**
   * @param backend where state lives (locked by the caller)
   * @param snapshot what was read under the lock, or `undefined` when there is no state yet
   */
  constructor(
    private readonly backend: StateBackend,
    snapshot: StateSnapshot | undefined,
    stack: string,
    account: string,
  ) {
    this.doc = snapshot?.doc ?? emptyState(stack, account);
    this.version = snapshot?.version;
  }

  /** The document as last written (or read). */
  get current(): StateDocument {
    return this.doc;
  }

  /** Adds or replaces an entry; settles once it is written. */
  put(entry: StateResource): Promise<void> {
    return this.enqueue({ entry });
  }

  /**
   * Renames entries (a renamed construct's object keeps being managed, at its new address), with
   * every `dependsOn` reference to them, in one write.
   */
  move(moves: readonly { readonly from: string; readonly to: string }[]): Promise<void> {
    return this.enqueue({ mutate: (doc) => renameEntries(doc, new Map(moves.map((m) => [m.from, m.to]))) });
  }

  /**
   * Any other change of the document (returning the same object writes nothing); settles once it
   * is written.
   */
  edit(mutate: (doc: StateDocument) => StateDocument): Promise<void> {
    return this.enqueue({ mutate });
  }

  /** Removes an entry (a no-op when absent); settles once the removal is written. */
  remove(address: string): Promise<void> {
    return this.enqueue({
      mutate: (doc) =>
        doc.resources.some((r) => r.address === address)
          ? { ...doc, resources: doc.resources.filter((r) => r.address !== address) }
          : doc,
    });
  }

  private enqueue(
    change: { readonly entry: StateResource } | { readonly mutate: (doc: StateDocument) => StateDocument },
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ ...change, resolve, reject } as PendingChange);
      if (!this.writing) {
        this.writing = true;
        void this.drain();
      }
    });
  }

  /** Writes batches until no change is waiting; the changes of one batch share one write. */
  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      let next = this.doc;
      const applied: PendingChange[] = [];
      // Consecutive puts go in together (one merge, not one sort of the document each), in order
      // with the other changes of the batch.
      let puts: PendingChange[] = [];
      const flushPuts = (): void => {
        if (puts.length === 0) return;
        next = putResources(
          next,
          puts.map((p) => p.entry!),
        );
        applied.push(...puts);
        puts = [];
      };
      for (const change of batch) {
        if (change.entry !== undefined) {
          puts.push(change);
          continue;
        }
        flushPuts();
        try {
          next = change.mutate(next);
          applied.push(change);
        } catch (error) {
          change.reject(error);
        }
      }
      flushPuts();
      try {
        if (next !== this.doc) {
          const written = await this.backend.write(next, this.version);
          this.doc = written.doc;
          this.version = written.version;
        }
      } catch (error) {
        // Nothing of the batch is stored: every change in it fails, as its own write would have.
        for (const change of applied) change.reject(error);
        continue;
      }
      for (const change of applied) change.resolve();
    }
    this.writing = false;
  }
}
