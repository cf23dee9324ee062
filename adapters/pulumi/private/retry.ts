/**
 * The reconciler's consistency policy applied to one Pulumi operation: an error saying "X does not
 * exist" is retried only within the window after this process wrote X (the write log lives as long
 * as the Pulumi provider host process, which runs every resource of one `pulumi up`); throttling and
 * server faults are retried with backoff; anything else fails at once.
 */
import { apiErrorFacts, classifyApiError, decideRetry, retryFactsOf, settleMarginFor, WriteLog, type ObjectReference, type RetryPolicy } from '../../../reconciler/consistency.js';

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
  // As in the engine: a refusal counts against the window by when its request was *sent*, with a
  // margin, and each class of failure has its own attempt count, so waiting out the window does not
  // use up the few attempts a throttled request gets.
  const window = policy.consistencyWindowMs ?? 15_000;
  const settled: RetryPolicy = { settleMarginMs: settleMarginFor(window), ...policy };
  const failures = new Map<string, number>();
  for (;;) {
    const sentAt = Date.now();
    try {
      return await fn();
    } catch (error) {
      const classification = classifyApiError(apiErrorFacts(error), target ? { target } : {});
      const attempt = (failures.get(classification.class) ?? 0) + 1;
      failures.set(classification.class, attempt);
      const decision = decideRetry(classification, { ...retryFactsOf(error), attempt, now: Date.now(), sentAt, writeLog: WRITES, policy: settled });
      if (!decision.retry) throw error;
      if (classification.class === 'transient' && classification.mayHaveApplied && onMayHaveApplied) {
        const adopted = await onMayHaveApplied().catch(() => undefined);
        if (adopted !== undefined) return adopted;
      }
      await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
    }
  }
}
