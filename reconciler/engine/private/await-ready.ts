/**
 * Objects that are not finished when their create answers: a custom image is `creating` for a while
 * and can be exported only once `active`. Handlers never sleep, so the engine waits here, polling the
 * handler's `read` with backoff until the image is ready, then runs the handler's finishing step.
 */
import type { Image } from '../../../provider/cloudapi/types.js';
import { finishImage, imageProgress } from '../../../provider/handlers/image.js';
import type { PlainObject, ResourceHandler } from '../../../provider/handlers/types.js';
import type { ResourceChange } from '../../plan/types.js';
import { ReconcilerError } from '../../errors.js';
import type { EngineClients } from '../types.js';
import { pause } from '../../retry-loop.js';
import type { RunContext } from './run-context.js';

/** How long an image may stay `creating` before the apply gives up on it. */
export const IMAGE_READY_TIMEOUT_MS = 30 * 60_000;

/**
 * Waits until a just-created object is ready and finishes it, returning its live value then.
 * Kinds other than `image` are ready when created.
 * @throws ReconcilerError `APPLY_FAILED` when the image fails (with the server's reason) or the wait times out.
 */
export async function awaitReady(args: {
  readonly run: RunContext;
  readonly handler: ResourceHandler<unknown, EngineClients>;
  readonly change: ResourceChange;
  readonly live: unknown;
  readonly desired: PlainObject;
  readonly timeoutMs?: number;
}): Promise<unknown> {
  if (args.change.kind !== 'image') return args.live;
  const { run, handler, change } = args;
  const started = Date.now();
  const deadline = started + (args.timeoutMs ?? IMAGE_READY_TIMEOUT_MS);
  let live = args.live as Image;
  const id = handler.idOf(live);
  for (let attempt = 1; ; attempt++) {
    const progress = imageProgress(live);
    if (progress === 'ready') break;
    if (progress === 'failed') {
      throw new ReconcilerError('APPLY_FAILED', `image ${change.naturalKey} (${id ?? '?'}) failed to build: ${live.error?.message ?? `state ${live.state}`}`);
    }
    if (Date.now() >= deadline) {
      throw new ReconcilerError('APPLY_FAILED', `image ${change.naturalKey} (${id ?? '?'}) is still ${live.state} after ${Math.round((Date.now() - started) / 1000)} s; run apply again later`);
    }
    await pause(Math.min(200 * 2 ** (attempt - 1), 10_000), undefined); // an action in flight finishes even when the run is cancelled
    // A read inside the consistency window may not see the new image yet: keep the last known state.
    const next = (await handler.read(run.ctx, { ...(id !== undefined ? { id } : {}), naturalKey: change.naturalKey })) as Image | undefined;
    if (next !== undefined) live = next;
  }
  await finishImage(run.ctx as never, live, args.desired);
  return live;
}
