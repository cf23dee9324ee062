/**
 * Waiting for an object that is not finished when its create answers (a custom image building, a
 * compute job the user waits for), through the handler contract's `readiness` alone: the handler
 * says where the object is (`progress`), how to look again (`poll`), and what to do once it is ready
 * (`finish`); the waiting is done here, because a handler never sleeps.
 */
import type { HandlerContext, PlainObject, ResourceHandler } from '../common/contract/handler.js';
import { ReconcilerError } from './errors.js';
import type { WalkSlot } from './graph.js';
import { waitAway } from './parking.js';
import { pause, withRetries, type RetryContext } from './retry-loop.js';
import { nextPollMs } from './poll-delay.js';
import type { WaitReport } from './wait-report.js';

/** What {@link untilReady} takes. */
export interface UntilReadyArgs<Live> {
  readonly handler: ResourceHandler<Live>;
  readonly ctx: HandlerContext;
  /** The object as its create (or its adoption) answered. */
  readonly live: Live;
  /** The resolved desired properties the object was created from. */
  readonly desired: PlainObject;
  /** The object's natural key, for messages and reads. */
  readonly naturalKey: string;
  /** How long the object may stay pending. @default the handler's `readiness.timeoutMs` */
  readonly timeoutMs?: number;
  /**
   * Stops the wait (ReconcilerError `ABORTED`) when aborted. The engine passes none: an action in
   * flight finishes even when the run is cancelled, so that what it did is recorded.
   */
  readonly signal?: AbortSignal;
  /**
   * The action's place in the apply walk: given up while the wait sleeps between polls, so that an
   * instance booting for a minute does not keep another action from running.
   */
  readonly slot?: WalkSlot;
  /** Told when the wait starts (the object is not ready at the first look) and ends. */
  readonly onWait?: (report: WaitReport) => void;
  /**
   * The action's retries: each look and the finishing step get them, as every other call of the
   * action does, so a transient fault (a 500, a reset connection) on ExportImage after a
   * two-minute image build, or on the stop after a boot, is tried again instead of failing the
   * apply. Without it, a failed call fails the wait.
   */
  readonly retry?: RetryContext;
}

/**
 * Polls until the handler says the object is ready, then runs its finishing step (and, when that
 * leaves the object pending again, waits for it once more), and returns the live object to record. A kind without `readiness` is ready when created.
 * @throws ReconcilerError `APPLY_FAILED` when the object fails (with the handler's reason) or stays pending past the timeout;
 *   whatever the handler's `finish` throws (a job that finished with errors)
 */
export async function untilReady<Live>(args: UntilReadyArgs<Live>): Promise<Live> {
  const { handler, ctx, desired, naturalKey } = args;
  const readiness = handler.readiness;
  if (readiness === undefined) return args.live;
  const started = Date.now();
  const timeoutMs = args.timeoutMs ?? readiness.timeoutMs;
  const what = `${handler.kind} ${naturalKey}`;
  let live = args.live;
  let reported = false;
  const retried = <T>(fn: () => Promise<T>): Promise<T> => (args.retry ? withRetries(args.retry, [], fn) : fn());
  // `finish` may start another job (an instance stopped once it booted): what it answers is waited
  // for in turn, a bounded number of times.
  for (let finishes = 0; ;) {
    const progress = readiness.progress(live, desired);
    if (progress.state === 'ready') {
      if (readiness.finish === undefined) break;
      const finish = readiness.finish;
      const ready = live;
      live = await retried(() => finish(ctx, ready, desired));
      if (++finishes >= MAX_FINISHES || readiness.progress(live, desired).state !== 'pending') break;
      continue;
    }
    if (!reported && progress.state === 'pending') {
      args.onWait?.({
        waitsFor: readiness.waitsFor ?? 'it to be ready',
        ...(progress.detail !== undefined ? { detail: progress.detail } : {}),
        phase: 'start',
      });
      reported = true;
    }
    const id = handler.idOf(live);
    if (progress.state === 'failed')
      throw new ReconcilerError('APPLY_FAILED', `${what} (${id ?? '?'}): ${progress.reason}`);
    const waited = Date.now() - started;
    if (waited >= timeoutMs) {
      throw new ReconcilerError(
        'APPLY_FAILED',
        `${what} (${id ?? '?'}) is still ${progress.detail ?? 'pending'} after ${Math.round(waited / 1000)} s; ${readiness.onTimeout ?? 'run apply again later'}`,
      );
    }
    const delay = nextPollMs(waited, readiness.initialPollMs ?? 200, readiness.maxPollMs ?? 10_000);
    await waitAway(args.slot, () => pause(Math.min(delay, timeoutMs - waited), args.signal));
    // A read inside the consistency window may not see the new object yet: keep the last known state.
    const last = live;
    const next = await retried(() =>
      readiness.poll
        ? readiness.poll(ctx, last)
        : handler.read(ctx, { ...(id !== undefined ? { id } : {}), naturalKey }),
    );
    if (next !== undefined) live = next;
  }
  if (reported)
    args.onWait?.({ waitsFor: readiness.waitsFor ?? 'it to be ready', phase: 'end', durationMs: Date.now() - started });
  return live;
}

/** How many times `finish` may leave the object pending again (a stop after the boot) before its answer is taken as final. */
const MAX_FINISHES = 3;
