/**
 * Long synchronous work (building and synthesizing a large app) written once, as a generator that
 * yields between steps, and run either at once or paced: with a turn for the event loop every
 * quarter of a millisecond, so that I/O the caller started before (the CLI's reads, which a plan
 * waits for) keeps moving while the work is done.
 */

/** Work in steps: a generator that yields (nothing) between them and returns the result. */
export type Steps<T> = Generator<void, T, void>;

/**
 * How long paced work holds the thread before the event loop gets a turn (ms). Each answer that
 * arrives meanwhile waits up to this long before its connection sends the next read: 2 ms made the
 * no-op plan of 1,000 objects ~10 ms slower than 0.25 ms (docs/performance.md), for a few hundred
 * more turns of about a microsecond each.
 */
export const PACED_BUDGET_MS = 0.25;

/** Runs `steps` to the end, without a pause. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs `steps` to the end, giving the event loop a turn (a `setImmediate`) whenever `budgetMs` have
 * passed since the last one.
 */
export async function runPaced<T>(steps: Steps<T>, budgetMs = PACED_BUDGET_MS): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since >= budgetMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}
