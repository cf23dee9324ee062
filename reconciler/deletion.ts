/**
 * Waiting for a delete the server finishes after answering (a machine's destroy job, a volume
 * `deleting`), through the handler contract's `deletion` alone: the handler says where the object
 * is, the waiting is done here. Every delete runs through it (destroy, replacements, `--replace`),
 * so what depends on the object is deleted only once it is gone, and a destroy leaves nothing.
 */
import { TUNABLE_DEFAULTS } from '../common/tunables.js';
import type { HandlerContext, ObjectRef, ResourceHandler } from '../common/contract/handler.js';
import { ReconcilerError } from './errors.js';
import { waitAway } from './parking.js';
import { pause, withRetries, type RetryContext } from './retry-loop.js';
import { nextPollMs } from './poll-delay.js';

/** What {@link untilGone} takes. */
export interface UntilGoneArgs<Clients> {
  readonly handler: ResourceHandler<unknown, Clients>;
  readonly ctx: HandlerContext<Clients>;
  readonly ref: ObjectRef;
  /** The action's retries (a look that fails transiently is tried again); its slot is given up while the wait sleeps. */
  readonly retry: RetryContext;
}

/**
 * Polls until the handler says the deleted object is gone. A kind without `deletion` is gone when
 * its delete answers.
 * @throws ReconcilerError `APPLY_FAILED` when the delete fails (with the server's reason) or the
 *   object is still there past the timeout
 */
export async function untilGone<Clients>(args: UntilGoneArgs<Clients>): Promise<void> {
  const { handler, ctx, ref } = args;
  const deletion = handler.deletion;
  if (deletion === undefined) return;
  const started = Date.now();
  const timeoutMs = deletion.timeoutMs ?? TUNABLE_DEFAULTS.deleteWaitMs;
  const what = `${handler.kind} ${ref.naturalKey}${ref.id !== undefined && ref.id !== ref.naturalKey ? ` (${ref.id})` : ''}`;
  let reported = false;
  for (;;) {
    const progress = await withRetries(args.retry, [], () => deletion.progress(ctx, ref));
    if (progress.state === 'gone') break;
    if (progress.state === 'failed')
      throw new ReconcilerError('APPLY_FAILED', `${what} could not be deleted: ${progress.reason}`);
    if (!reported) {
      args.retry.onWait?.({
        waitsFor: deletion.waitsFor,
        ...(progress.detail !== undefined ? { detail: progress.detail } : {}),
        phase: 'start',
      });
      reported = true;
    }
    const waited = Date.now() - started;
    if (waited >= timeoutMs)
      throw new ReconcilerError(
        'APPLY_FAILED',
        `${what} is still there ${Math.round(waited / 1000)} s after its delete (${progress.detail ?? deletion.waitsFor}); run the command again later, or raise the deleteWaitMs tunable`,
      );
    const delay = nextPollMs(waited, deletion.initialPollMs ?? 200, deletion.maxPollMs ?? 5000);
    await waitAway(args.retry.slot, () => pause(Math.min(delay, timeoutMs - waited), undefined));
  }
  if (reported) args.retry.onWait?.({ waitsFor: deletion.waitsFor, phase: 'end', durationMs: Date.now() - started });
}
