/**
 * The retry loop around one API call, the engine's and the Pulumi adapter's: classifies each failure (`consistency.ts`), waits
 * as `decideRetry` says, and reports each retry. Nothing here sleeps on a hunch: every wait follows
 * a failure, and a not-yet-visible failure waits only within the window after this run's own write.
 *
 * One retry layer per request: a transient failure the transport already retried (an idempotent
 * request; its error says how many attempts it took) is final here, so a call throttled for ever
 * costs the transport's attempts, not that many times the engine's. The engine retries what the
 * transport cannot: a non-idempotent request, "not visible yet" refusals within the window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiErrorFacts, classifyApiError, decideRetry, retryFactsOf, type ErrorClassification, type ObjectReference, type RetryPolicy, type WriteLog } from './consistency.js';
import { ReconcilerError } from './errors.js';

/** What the loop needs from its caller. */
export interface RetryContext {
  readonly writeLog: WriteLog;
  readonly policy: RetryPolicy;
  readonly signal?: AbortSignal;
  /** Called before each wait. */
  readonly onRetry?: (reason: string, attempt: number) => void;
}

/** Statuses and codes that mean "not found" on a write. */
export function isNotFound(error: unknown): boolean {
  const f = apiErrorFacts(error);
  return f.status === 404 || f.code === 'ResourceNotFound' || f.code === 'DirectoryDoesNotExistError' || f.code === 'ParentNotDirectoryError';
}

/**
 * True when a create failed because the natural key is already taken. A conflict on another unique
 * field (an email address another user has) is not: no read by natural key can find that object,
 * and retrying cannot help, so it fails the action at once.
 */
export function isConflict(error: unknown): boolean {
  return apiErrorFacts(error).nameTaken === true;
}

/**
 * Classifies `error`. A 404 on a write (or any failure naming an object as missing) is
 * not-yet-visible with respect to `refs`, the call's own object and what it depends on; `decideRetry`
 * keeps only those this run wrote.
 */
export function classify(error: unknown, refs: readonly ObjectReference[]): ErrorClassification {
  const facts = apiErrorFacts(error);
  const c = classifyApiError(facts);
  if (c.class === 'terminal' && isNotFound(error) && refs.length > 0) {
    return { class: 'not-yet-visible', references: refs, reason: `the server answered 404 (${facts.message ?? 'not found'})` };
  }
  return c;
}

/**
 * Failed attempts per class of failure: waiting out the window takes many attempts, and they must
 * not use up the few a transient failure (a throttled request, a server fault) is allowed.
 */
export class AttemptCounter {
  private readonly counts = new Map<ErrorClassification['class'], number>();

  /** Counts a failure of class `c.class`; returns how many of that class have failed so far. */
  failed(c: ErrorClassification): number {
    const n = (this.counts.get(c.class) ?? 0) + 1;
    this.counts.set(c.class, n);
    return n;
  }
}

/** Waits `ms`, or throws ABORTED when the run is cancelled. */
export async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(Math.max(0, ms), undefined, signal ? { signal } : undefined);
  } catch {
    throw new ReconcilerError('ABORTED', 'the run was cancelled');
  }
}

/**
 * Runs `fn` until it succeeds or `decideRetry` gives up; then rethrows the last error.
 * @param refs the objects a 404 may refer to (see {@link classify})
 * @param onMayHaveApplied for a create without the engine's adoption (the Pulumi adapter): called
 *   after a failure that may have taken effect; a result other than `undefined` is taken as the
 *   outcome (the object was created after all)
 */
export async function withRetries<T>(ctx: RetryContext, refs: readonly ObjectReference[], fn: () => Promise<T>, onMayHaveApplied?: () => Promise<T | undefined>): Promise<T> {
  const attempts = new AttemptCounter();
  for (;;) {
    if (ctx.signal?.aborted) throw new ReconcilerError('ABORTED', 'the run was cancelled');
    const sentAt = Date.now();
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ReconcilerError) throw error;
      const c = classify(error, refs);
      const attempt = attempts.failed(c);
      const decision = decideRetry(c, { ...retryFactsOf(error), attempt, now: Date.now(), sentAt, writeLog: ctx.writeLog, policy: ctx.policy });
      if (!decision.retry) throw error;
      if (c.class === 'transient' && c.mayHaveApplied && onMayHaveApplied) {
        const adopted = await onMayHaveApplied().catch(() => undefined);
        if (adopted !== undefined) return adopted;
      }
      ctx.onRetry?.(c.reason, attempt);
      await pause(decision.delayMs, ctx.signal);
    }
  }
}
