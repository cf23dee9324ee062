/**
 * A real state backend whose writes are counted and held until the test releases them, so a test
 * decides what is "in flight" instead of racing the disk or the network.
 */
import type { LockHolder, LockRequest, StateBackend, StateSnapshot } from '../../reconciler/state/backend.js';
import type { StateDocument } from '../../reconciler/state/document.js';

/** Wraps `inner`: every write is recorded (its resource count) and waits for {@link release}. */
export class HeldBackend implements StateBackend {
  /** The resource count of each write, in order. */
  readonly writes: number[] = [];
  /** When set, the next released write fails with this error instead of reaching `inner`. */
  failNext: Error | undefined;
  private held: (() => void)[] = [];
  private arrived: (() => void)[] = [];

  constructor(readonly inner: StateBackend) {}

  get location(): string {
    return this.inner.location;
  }

  read(): Promise<StateSnapshot | undefined> {
    return this.inner.read();
  }

  async write(doc: StateDocument, expectedVersion: string | undefined): Promise<StateSnapshot> {
    this.writes.push(doc.resources.length);
    await new Promise<void>((release) => {
      this.held.push(release);
      for (const notify of this.arrived.splice(0)) notify();
    });
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure) throw failure;
    return this.inner.write(doc, expectedVersion);
  }

  /** Resolves once a write is waiting to be released. */
  writeArrived(): Promise<void> {
    return this.held.length > 0 ? Promise.resolve() : new Promise((resolve) => this.arrived.push(resolve));
  }

  /** Lets the oldest held write through. */
  release(): void {
    this.held.shift()?.();
  }

  lock(request: LockRequest): Promise<void> {
    return this.inner.lock(request);
  }

  unlock(): Promise<void> {
    return this.inner.unlock();
  }

  forceUnlock(lockId: string): Promise<LockHolder> {
    return this.inner.forceUnlock(lockId);
  }
}
