/**
 * A create that is safe across timeouts, faults and crashes: nothing is ever created twice.
 *
 * - A transient failure (a 5xx, a reset connection, a throttled request: some creates are several
 *   requests, and any of them may fail after the first took effect) is followed, before any retry,
 *   by a read by natural key; what is there is adopted, once the handler finished what the create
 *   would have done (`completeAdopted`: a job's remaining inputs, for one). A read that fails fails
 *   the attempt, and a read that finds nothing is repeated until the consistency window has passed
 *   since the failed attempt: the create is never sent again without knowing the object is not there.
 * - A "name already taken" answer means an earlier attempt (or a crashed run) did create it: the
 *   object is read by natural key and adopted; only after an attempt of this run that may have made
 *   it is a read that does not find it yet retried within the window (otherwise the name is held by
 *   something the natural key cannot find, such as another key of the same name, and retrying a
 *   409 "exists" could never win: the create fails at once). The one
 *   exception is a name this run deleted moments ago (a delete-then-create replacement): then the
 *   server has not caught up with the delete, and the create is retried within the window.
 * - Not-yet-visible dependencies (`Invalid subuser`, a 404 on a just-created parent) are retried
 *   until an attempt sent once the window (plus a margin) has passed since their write was
 *   acknowledged fails too; other failures are final.
 */
import { kindDescriptor } from '../../common/kinds/index.js';
import { TUNABLE_DEFAULTS } from '../../common/tunables.js';
import { apiErrorFacts, latestWriteOf, type ObjectReference } from '../consistency.js';
import type { PlainObject, ResourceHandler } from '../../common/contract/handler.js';
import { AttemptCounter, classify, isConflict, ParkedWrite, pause, type RetryContext } from '../retry-loop.js';
import { untilReady } from '../readiness.js';
import type { ReconcileRun, ResourceIdentity } from './run.js';

/** The outcome of {@link createSafely}. */
export interface CreateOutcome {
  readonly live: unknown;
  /** True when the object already existed (an earlier attempt's) and was adopted instead. */
  readonly adopted: boolean;
  /**
   * With `adopted`: the object is the one an earlier attempt of this create made (sent with every
   * field, write-only ones included), not one made outside this apply.
   */
  readonly ours?: boolean;
}

/** Creates `change`'s object with `desired`, or adopts the one an earlier attempt created. */
export async function createSafely<Clients>(args: {
  readonly run: ReconcileRun<Clients>;
  readonly handler: ResourceHandler<unknown, Clients>;
  readonly change: ResourceIdentity;
  readonly desired: PlainObject;
  readonly refs: readonly ObjectReference[];
  readonly retry: RetryContext;
  /** This run deleted the same natural key just before (delete-then-create). */
  readonly deletedJustNow?: boolean;
  /**
   * Called with an object the server says already has the name when no earlier attempt of this run
   * can have made it (made outside this apply, or not yet visible when the plan read), before
   * anything is written to it: throwing refuses the takeover.
   */
  readonly onFoundExisting?: (live: unknown) => void;
  /**
   * The natural key of what is sent, when it differs from the plan's (which holds a placeholder for
   * an id this apply made, as a firewall rule naming a new instance): what a create that may have
   * taken effect is looked up by before it is sent again.
   */
  readonly sentKey?: string;
}): Promise<CreateOutcome> {
  const { run, handler, change, retry } = args;
  const self: ObjectReference = { kind: change.kind, name: change.naturalKey };
  const ref = { naturalKey: args.sentKey ?? change.naturalKey };
  let outcomeUnknown = false;
  // When the last attempt that may have made the object failed: a "not found" inside the window
  // after it may be a stale read.
  let mayHaveMadeAt: number | undefined;
  let staleReads = 0;
  const attempts = new AttemptCounter();
  // A refused create gives up its place in the walk while it waits (parking.ts).
  const parked = new ParkedWrite(retry, change.kind, args.refs);
  try {
    await parked.beforeFirst();
    return await attemptUntilDone();
  } finally {
    parked.done();
  }

  async function attemptUntilDone(): Promise<CreateOutcome> {
    for (;;) {
      const sentAt = Date.now();
      try {
        if (outcomeUnknown) {
          // A failed look-up fails this attempt (and is retried as such): creating again without
          // knowing whether the object exists could make it twice.
          const existing = await handler.read(run.ctx, ref);
          if (existing !== undefined) {
            run.log.info('adopting the object an earlier create attempt made', { address: change.address });
            // Finishing may fail like a create: it is then retried the same way, from a fresh read.
            return { live: await complete(args, existing, true), adopted: true, ours: true };
          }
          // Not found, but perhaps only not yet: until the window has passed since the attempt that
          // may have made it, look again rather than create again. Names a server does not keep
          // unique (instances) would otherwise be made twice, the second never recorded.
          // A kind whose server refuses a second object of the key needs no wait: creating again
          // either makes the only one or is refused as taken, and the conflict is adopted below.
          const settled = (mayHaveMadeAt ?? 0) + run.windowMs;
          if (Date.now() < settled && kindDescriptor(change.kind)?.refusesDuplicateCreate !== true) {
            staleReads += 1;
            retry.onRetry?.(`${change.naturalKey} is not visible yet after a create that may have made it`, staleReads);
            await pause(
              Math.min(run.policy.baseDelayMs! * 2 ** (staleReads - 1), 1000, Math.max(0, settled - Date.now())),
              undefined,
            );
            continue;
          }
        }
        const live = await handler.create(run.ctx, args.desired);
        parked.succeeded(sentAt);
        return { live, adopted: false };
      } catch (error) {
        if (isConflict(error) && !args.deletedJustNow) {
          // Only a create this run may have made (an earlier attempt's lost answer) is worth waiting
          // for: anything else holding the name was there before, and a read shows it now or never.
          // A name taken by an object the natural key cannot find (another key of the same name)
          // fails at once: retrying a 409 that says "exists" can never win.
          // A reference this run wrote moments ago (a user renamed just before its key is made under
          // the new login) may still read stale: its window is waited out too, and only its window.
          const refWrittenAt = latestWriteOf(args.refs, run.writeLog);
          const refWindow = refWrittenAt === undefined ? 0 : Math.max(0, refWrittenAt + run.windowMs - Date.now());
          const existing = await readUntilVisible(args, ref, error, outcomeUnknown ? run.windowMs : refWindow);
          if (existing !== undefined) {
            // Judged as found, before finishing it: completeAdopted may write (a job's inputs, a link's source).
            if (!outcomeUnknown) args.onFoundExisting?.(existing);
            return { live: await complete(args, existing, outcomeUnknown), adopted: true, ours: outcomeUnknown };
          }
          throw error;
        }
        let c = classify(error, args.refs);
        if (isConflict(error) && args.deletedJustNow) {
          c = {
            class: 'not-yet-visible',
            references: [self],
            reason: `the server still sees the deleted ${change.kind} ${change.naturalKey}`,
          };
        }
        // Any transient failure may follow a part of the create that took effect: some creates are
        // several requests (a job's inputs, its wait), and a throttled later request says nothing
        // about the earlier ones. So the object is looked up before the create is tried again.
        if (c.class === 'transient') outcomeUnknown = true;
        // A create of several requests (one that finishes what it adopts) may have made its object
        // before a later request was refused as not visible yet (an instance's role tags naming a
        // role not replicated here yet): look it up before creating again, or it is made twice.
        if (c.class === 'not-yet-visible' && handler.completeAdopted !== undefined && !outcomeUnknown) {
          outcomeUnknown = true;
          mayHaveMadeAt = Date.now();
        }
        if (c.class === 'transient' && c.mayHaveApplied) {
          // The attempt may have written the object: a later "not found" on it is then worth waiting out.
          mayHaveMadeAt = Date.now();
          run.writeLog.record(self, mayHaveMadeAt);
        }
        const { attempt, decision } = attempts.decide(c, error, sentAt, run);
        if (!decision.retry) {
          run.log.debug('not retrying the create', { address: change.address, reason: decision.reason });
          throw error;
        }
        retry.onRetry?.(c.reason, attempt);
        // An action in flight finishes even when the run is cancelled: no signal on these waits.
        if (c.class === 'not-yet-visible') await parked.refused(c, sentAt, decision.delayMs);
        else await pause(decision.delayMs, undefined);
      }
    }
  }
}

/** What the handler must still do to an adopted object so it is what create would have made. */
function complete<Clients>(
  args: {
    readonly run: ReconcileRun<Clients>;
    readonly handler: ResourceHandler<unknown, Clients>;
    readonly desired: PlainObject;
  },
  live: unknown,
  madeByThisCreate: boolean,
): Promise<unknown> {
  return (
    args.handler.completeAdopted?.(args.run.ctx, live, args.desired, { madeByThisCreate }) ?? Promise.resolve(live)
  );
}

/**
 * Reads the object whose name the server says is taken, retrying "not found" (a stale read) for up
 * to `windowMs` (the consistency window after a create of this run that may have made it; 0 for
 * one read) and transient failures a few times.
 */
async function readUntilVisible<Clients>(
  args: {
    readonly run: ReconcileRun<Clients>;
    readonly handler: ResourceHandler<unknown, Clients>;
    readonly change: ResourceIdentity;
    readonly retry: RetryContext;
  },
  ref: { naturalKey: string },
  conflict: unknown,
  windowMs: number,
): Promise<unknown> {
  const { run } = args;
  const deadline = Date.now() + windowMs;
  for (let attempt = 1; attempt <= TUNABLE_DEFAULTS.createLookupAttempts; attempt++) {
    let readFailed = false;
    try {
      const live = await args.handler.read(run.ctx, ref);
      if (live !== undefined) return live;
    } catch (error) {
      const f = apiErrorFacts(error);
      if (f.status !== undefined && f.status < 500 && f.status !== 429 && f.status !== 420) throw error;
      readFailed = true;
    }
    // A read that failed (a fault, throttling) says nothing yet: it gets a few tries even with no window.
    if (Date.now() >= deadline && !(readFailed && attempt < 4)) break;
    args.retry.onRetry?.(
      `the server says ${args.change.naturalKey} exists (${apiErrorFacts(conflict).message ?? 'conflict'}) but a read does not show it yet`,
      attempt,
    );
    await pause(
      Math.min(run.policy.baseDelayMs! * 2 ** (attempt - 1), 1000, Math.max(0, deadline - Date.now())),
      undefined,
    );
  }
  return undefined;
}

/**
 * Creates the object safely ({@link createSafely}) and waits until the server reports it ready
 * (`readiness`): the create half of a create and of both kinds of replacement.
 * @param args.onCreated called, for a kind with `readiness`, once the server made the object and
 *   before the wait: the caller records it (marked unfinished), so that a wait that fails, or a
 *   process that ends while waiting, never leaves an object the state does not know.
 */
export async function createReady<Clients>(
  args: Parameters<typeof createSafely<Clients>>[0] & {
    readonly onCreated?: (created: CreateOutcome) => Promise<void>;
  },
): Promise<CreateOutcome> {
  const created = await createSafely(args);
  if (args.handler.readiness !== undefined) await args.onCreated?.(created);
  const live = await untilReady({
    handler: args.handler,
    ctx: args.run.ctx,
    live: created.live,
    desired: args.desired,
    naturalKey: args.change.naturalKey,
    ...(args.retry.slot !== undefined ? { slot: args.retry.slot } : {}),
    ...(args.retry.onWait !== undefined ? { onWait: args.retry.onWait } : {}),
    retry: args.retry,
  });
  return { ...created, live };
}
