/**
 * Where the clients' waits for a service's rate limit are told (`RateHold`, from the provider's
 * adaptive rate): to the progress display of the apply or destroy under way, or else to the one the
 * session keeps on standard error. The clients are connected before an apply's progress display
 * exists (the plan comes first), so they tell this relay, which passes each wait on to the display
 * listening now: the provider knows nothing of the CLI.
 */
import type { RateHold } from '../../provider/index.js';

/** Receives a service's rate wait. */
export type RateWaitListener = (service: 'CloudAPI' | 'Manta', hold: RateHold) => void;

/** The listeners, the one pushed last hearing each wait. */
export class RateWaitRelay {
  private readonly listeners: RateWaitListener[] = [];
  /** Who was told of each service's wait under way: its end goes there too, whoever listens by then. */
  private readonly open = new Map<string, RateWaitListener | undefined>();

  /**
   * Makes `listener` the one told, until the returned function is called (which then restores the
   * one before).
   */
  listen(listener: RateWaitListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.lastIndexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Tells the listener of the moment (a wait's end: the one told of its start). */
  readonly tell: RateWaitListener = (service, hold) => {
    if (hold.phase === 'start') {
      const listener = this.listeners.at(-1);
      this.open.set(service, listener);
      listener?.(service, hold);
      return;
    }
    const listener = this.open.has(service) ? this.open.get(service) : this.listeners.at(-1);
    this.open.delete(service);
    listener?.(service, hold);
  };
}

/** The process's relay: one command runs per process, and its session and progress display share it. */
export const rateWaits = new RateWaitRelay();
