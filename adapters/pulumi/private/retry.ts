/**
 * The reconcile core's run for one Pulumi operation: its handler context, and the retry rules of the
 * engine. An error saying "X does not exist" is retried only within the window after this process
 * wrote X (the write log lives as long as the Pulumi provider host process, which runs every resource
 * of one `pulumi up`); throttling and server faults are retried with backoff; anything else fails at
 * once.
 */
import type { Clients } from '../../../provider/handlers/clients.js';
import { retryPolicyFor, WriteLog, type ObjectReference } from '../../../reconciler/consistency.js';
import type { HandlerContext } from '../../../common/contract/handler.js';
import type { ReconcileRun } from '../../../reconciler/core/run.js';
import { withRetries, type RetryContext } from '../../../reconciler/retry-loop.js';

/** Every write this process made, shared by all resources of the run. */
const WRITES = new WriteLog();

/** The reconcile core's run for one operation, with the retry context its writes use. */
export function runOf(
  ctx: HandlerContext<Clients>,
  windowMs: number,
): { readonly run: ReconcileRun<Clients>; readonly retry: RetryContext } {
  const policy = retryPolicyFor(windowMs);
  return { run: { ctx, log: ctx.log, writeLog: WRITES, policy, windowMs }, retry: { writeLog: WRITES, policy } };
}

/**
 * Runs a read until it succeeds or the policy says to stop.
 * @param target the object the call addresses (a 404 on it right after our own write is retried)
 */
export async function withConsistencyRetries<T>(
  windowMs: number,
  target: ObjectReference | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  const policy = retryPolicyFor(windowMs);
  return withRetries({ writeLog: WRITES, policy }, target ? [target] : [], fn);
}
