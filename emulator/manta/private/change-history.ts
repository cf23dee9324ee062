import type { Entry } from '../entries.js';

interface Change {
  readonly at: number;
  readonly previous: Entry | undefined;
}

/**
 * What each path looked like before its recent changes, kept for the consistency window so a
 * stale read can be served like a lagging replica would. An entry kept here holds its blobs:
 * `retain`/`release` keep the bytes of an overwritten or deleted object alive until it expires.
 */
export class ChangeHistory {
  private readonly changes = new Map<string, Change[]>();

  /**
   * @param windowMs how long a previous state stays readable; 0 keeps nothing
   * @param clock the emulator clock (ms)
   * @param retain adds a reference to a blob
   * @param release drops a reference to a blob
   */
  constructor(
    private readonly windowMs: number,
    private readonly clock: () => number,
    private readonly retain: (blob: string) => void,
    private readonly release: (blob: string) => void,
  ) {}

  /** Notes that `path` is about to change from `previous` (`undefined`: it did not exist). */
  record(path: string, previous: Entry | undefined): void {
    if (this.windowMs <= 0) return;
    const now = this.clock();
    for (const [p, list] of this.changes) {
      while (list.length > 0 && (list[0] as Change).at <= now - this.windowMs) {
        const gone = list.shift();
        if (gone?.previous?.type === 'object') for (const b of gone.previous.blobs) this.release(b);
      }
      if (list.length === 0) this.changes.delete(p);
    }
    if (previous?.type === 'object') for (const b of previous.blobs) this.retain(b);
    const list = this.changes.get(path) ?? [];
    list.push({ at: now, previous });
    this.changes.set(path, list);
  }

  /**
   * The state of `path` just before its first change after `cutoff`, or `'unchanged'` when it
   * did not change since then.
   */
  before(path: string, cutoff: number): Entry | undefined | 'unchanged' {
    const change = this.changes.get(path)?.find((c) => c.at > cutoff);
    return change === undefined ? 'unchanged' : change.previous;
  }

  /** Paths with a remembered change. */
  paths(): IterableIterator<string> {
    return this.changes.keys();
  }
}
