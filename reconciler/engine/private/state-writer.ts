/**
 * Writes state after every completed action, one write at a time (each a compare-and-swap on the
 * version of the previous write), so that parallel actions never lose each other's entries and a
 * crash leaves everything done so far recorded.
 */
import type { StateBackend, StateSnapshot } from '../../state/backend.js';
import { emptyState, type StateDocument, type StateResource } from '../../state/document.js';
import { putResource, renameEntries } from '../../state/operations.js';

/** Serialised state updates for one run, under a lock the caller holds. */
export class StateWriter {
  private doc: StateDocument;
  private version: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();

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

  /** Adds or replaces an entry and writes the state. */
  put(entry: StateResource): Promise<void> {
    return this.enqueue((doc) => putResource(doc, entry));
  }

  /**
   * Renames entries (a renamed construct's object keeps being managed, at its new address), with
   * every `dependsOn` reference to them, in one write.
   */
  move(moves: readonly { readonly from: string; readonly to: string }[]): Promise<void> {
    return this.enqueue((doc) => renameEntries(doc, new Map(moves.map((m) => [m.from, m.to]))));
  }

  /** Removes an entry (a no-op when absent) and writes the state. */
  remove(address: string): Promise<void> {
    return this.enqueue((doc) => (doc.resources.some((r) => r.address === address) ? { ...doc, resources: doc.resources.filter((r) => r.address !== address) } : doc));
  }

  private enqueue(mutate: (doc: StateDocument) => StateDocument): Promise<void> {
    const run = async (): Promise<void> => {
      const next = mutate(this.doc);
      if (next === this.doc) return;
      const written = await this.backend.write(next, this.version);
      this.doc = written.doc;
      this.version = written.version;
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }
}
