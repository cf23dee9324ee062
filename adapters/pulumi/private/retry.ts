/**
 * The reconciler's retry loop applied to one Pulumi operation: an error saying "X does not exist" is
 * retried only within the window after this process wrote X (the write log lives as long as the
 * Pulumi provider host process, which runs every resource of one `pulumi up`); throttling and server
 * faults are retried with backoff; anything else fails at once.
 */
import { settleMarginFor, WriteLog, type ObjectReference, type RetryPolicy } from '../../../reconciler/consistency.js';
import { withRetries } from '../../../reconciler/retry-loop.js';

/** Every write this process made, shared by all resources of the run. */
const WRITES = new WriteLog();

/** Records that this process wrote `ref` just now. */
export function recordWrite(ref: ObjectReference): void {
  WRITES.record(ref, Date.now());
}

/**
 * Runs `fn` until it succeeds or the policy says to stop.
 * @param target the object the call addresses (a 404 on it right after our own write is retried)
 * @param onMayHaveApplied for creates: called after a failure that may have taken effect; a
 *   non-undefined result is taken as the outcome (the object was created after all: adopt it)
 */
export async function withConsistencyRetries<T>(
  policy: RetryPolicy,
  target: ObjectReference | undefined,
  fn: () => Promise<T>,
  onMayHaveApplied?: () => Promise<T | undefined>,
): Promise<T> {
  const window = policy.consistencyWindowMs ?? 15_000;
  const settled: RetryPolicy = { settleMarginMs: settleMarginFor(window), ...policy };
  return withRetries({ writeLog: WRITES, policy: settled }, target ? [target] : [], fn, onMayHaveApplied);
}
