/**
 * The in-place update (and, when the kind says an update starts a job, the wait for it) and the delete of one object, with the retries every write gets (a refusal
 * because something is not visible yet is waited out within the window; transient faults are
 * retried) and the write recorded, so a stale "not found" on it later is recognised as such.
 */
import type { ObjectReference } from '../consistency.js';
import type { JsonPatchOperation, ObjectRef, PlainObject, ResourceHandler } from '../../common/contract/handler.js';
import { untilReady } from '../readiness.js';
import { untilGone } from '../deletion.js';
import { withRetries, type RetryContext } from '../retry-loop.js';
import type { ReconcileRun, ResourceIdentity } from './run.js';

/** Changes the object in place with `patch`; returns the live object the server answered with. */
export async function updateInPlace<Clients>(args: {
  readonly run: ReconcileRun<Clients>;
  readonly handler: ResourceHandler<unknown, Clients>;
  readonly resource: Pick<ResourceIdentity, 'kind' | 'naturalKey'>;
  /** The server id, or the natural key for kinds without ids. */
  readonly id: string;
  /** The resolved desired properties (write-only values in clear where they must be sent). */
  readonly desired: PlainObject;
  readonly patch: readonly JsonPatchOperation[];
  /** What the state recorded at the last apply (see `ResourceHandler.update`). */
  readonly applied?: PlainObject;
  readonly retry: RetryContext;
  /** The object and what it references: a 404 on any of them right after this run wrote it is retried. */
  readonly refs: readonly ObjectReference[];
}): Promise<unknown> {
  const { run, handler } = args;
  const updated = await withRetries(args.retry, args.refs, () =>
    handler.update(run.ctx, args.id, args.desired, args.patch, args.applied),
  );
  run.writeLog.record({ kind: args.resource.kind, name: args.resource.naturalKey }, Date.now());
  if (handler.readiness?.afterUpdate !== true) return updated;
  // An update that starts a job on the object (a NIC added) is done when the job is.
  return untilReady({
    handler,
    ctx: run.ctx,
    live: updated,
    desired: args.desired,
    naturalKey: args.resource.naturalKey,
    ...(args.retry.slot !== undefined ? { slot: args.retry.slot } : {}),
    ...(args.retry.onWait !== undefined ? { onWait: args.retry.onWait } : {}),
    retry: args.retry,
  });
}

/**
 * Deletes the object `ref` names (one already gone counts as deleted: the handler says so) and,
 * when its kind's delete is finished by a job, waits until it is gone.
 */
export async function deleteObject<Clients>(args: {
  readonly run: ReconcileRun<Clients>;
  readonly handler: ResourceHandler<unknown, Clients>;
  readonly kind: ResourceIdentity['kind'];
  readonly ref: ObjectRef;
  readonly retry: RetryContext;
  readonly refs?: readonly ObjectReference[];
}): Promise<void> {
  const { run, handler, ref } = args;
  await withRetries(args.retry, args.refs ?? [], () => handler.delete(run.ctx, ref));
  run.writeLog.record({ kind: args.kind, name: ref.naturalKey }, Date.now());
  // What needs only the delete accepted (a role the machine was tagged with) starts now.
  args.retry.slot?.deleteAccepted();
  // A delete a job finishes later is done when the object is gone: what depends on it comes after.
  await untilGone({ handler, ctx: run.ctx, ref, retry: args.retry });
}
