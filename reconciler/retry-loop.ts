/**
 * The retry loop around one API call, the engine's and the Pulumi adapter's (creates, which must never
 * happen twice, go through `core/create-safely.ts` instead): classifies each failure (`consistency.ts`), waits
 * as `decideRetry` says, and reports each retry. Nothing here sleeps on a hunch: every wait follows
 * a failure, and a not-yet-visible failure waits only within the window after this run's own write.
 *
 * One retry layer per request: a transient failure the transport already retried (an idempotent
 * request; its error says how many attempts it took) is final here, so a call throttled for ever
 * costs the transport's attempts, not that many times the engine's. The engine retries what the
 * transport cannot: a non-idempotent request, "not visible yet" refusals within the window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  apiErrorFacts,
  classifyApiError,
  decideRetry,
  describeDatacenter,
  latestWriteOf,
  replicatedRefs,
  windowEndAfter,
  windowEndOf,
  retryFactsOf,
  type ErrorClassification,
  type ObjectReference,
  type RetryDecision,
  type RetryPolicy,
  type WriteLog,
} from './consistency.js';
import { ReconcilerError } from './errors.js';
import type { WalkSlot } from './graph.js';
import { waitAway, type ParkingTicket, type VisibilityLag } from './parking.js';
import type { WaitReport } from './wait-report.js';

/** What the loop needs from its caller. */
export interface RetryContext {
  readonly writeLog: WriteLog;
  readonly policy: RetryPolicy;
  readonly signal?: AbortSignal;
  /** Called before each wait. */
  readonly onRetry?: (reason: string, attempt: number) => void;
  /** Where writes refused as not visible yet are parked (see parking.ts); without it they back off. */
  readonly visibility?: VisibilityLag;
  /** The place in the apply walk of the action retrying: given up while it waits. */
  readonly slot?: WalkSlot;
  /** Told when the action starts and ends a wait for a job of the server (`deletion.ts`, `readiness.ts`). */
  readonly onWait?: (report: WaitReport) => void;
}

/**
 * The parking side of one write's retries: it learns from the write's refusals and successes, and
 * waits (away from the walk's place) until its references are likely visible.
 */
export class ParkedWrite {
  private readonly ticket: ParkingTicket;
  /** When this write started waiting for another datacenter's write to replicate, once told. */
  private replicationWaitSince: number | undefined;
  /** What that wait is for (`role ops to replicate to us-east-2`). */
  private replicationWaitFor = '';

  /**
   * @param kind the kind of the object written (the lag is learned per kind of write)
   * @param refs the objects the write references; those this run wrote decide when to release it
   */
  constructor(
    private readonly ctx: RetryContext,
    private readonly kind: string,
    private readonly refs: readonly ObjectReference[],
  ) {
    this.ticket = ctx.visibility?.ticket() ?? {};
  }

  /** Before the first attempt: waits while a write of this kind is known to be refused so soon after its references' write. */
  async beforeFirst(): Promise<void> {
    const at = this.latestWrite(this.refs);
    if (at === undefined || this.ctx.visibility === undefined) return;
    await this.ctx.visibility.park(this.kind, this.ticket, at, this.endOf(this.refs, at), this.ctx.slot);
  }

  /** After a refusal that `decideRetry` says to retry: learns from it and waits until the next attempt. */
  async refused(c: ErrorClassification & { class: 'not-yet-visible' }, sentAt: number, delayMs: number): Promise<void> {
    const at = this.latestWrite(c.references);
    this.tellReplicationWait(c.references);
    if (at === undefined || this.ctx.visibility === undefined) {
      await waitAway(this.ctx.slot, () => pause(delayMs, this.ctx.signal));
      return;
    }
    this.ctx.visibility.refused(this.kind, this.ticket, at, sentAt);
    await this.ctx.visibility.park(this.kind, this.ticket, at, this.endOf(c.references, at), this.ctx.slot);
  }

  /** The attempt sent at `sentAt` went through; its answer came now. */
  succeeded(sentAt: number): void {
    const at = this.latestWrite(this.refs);
    if (at !== undefined && sentAt < this.endOf(this.refs, at))
      this.ctx.visibility?.visible(this.kind, this.ticket, at, Date.now());
    this.done();
  }

  /** The write is over, one way or another. */
  done(): void {
    this.ctx.visibility?.release(this.kind, this.ticket);
    if (this.replicationWaitSince !== undefined) {
      const since = this.replicationWaitSince;
      this.replicationWaitSince = undefined;
      this.ctx.onWait?.({ waitsFor: this.replicationWaitFor, phase: 'end', durationMs: Date.now() - since });
    }
  }

  /**
   * A refusal naming objects written through another datacenter is a wait for UFDS to replicate
   * them here: told once, as a job wait is, so that the progress shows what the apply waits for.
   */
  private tellReplicationWait(refs: readonly ObjectReference[]): void {
    if (this.replicationWaitSince !== undefined) return;
    const replicated = replicatedRefs(refs, this.ctx.writeLog);
    if (replicated.length === 0) return;
    const log = this.ctx.writeLog;
    this.replicationWaitSince = Date.now();
    this.replicationWaitFor = `${replicated.map((r) => `${r.kind} ${r.name}`).join(', ')} to replicate to ${describeDatacenter(log.datacenter)}`;
    this.ctx.onWait?.({
      waitsFor: this.replicationWaitFor,
      detail: `written through ${describeDatacenter(log.replicatedFrom(replicated[0]!)!)}`,
      phase: 'start',
    });
  }

  private latestWrite(refs: readonly ObjectReference[]): number | undefined {
    return latestWriteOf(refs, this.ctx.writeLog);
  }

  private endOf(refs: readonly ObjectReference[], writtenAt: number): number {
    return windowEndOf(refs, this.ctx.writeLog, this.ctx.policy) ?? windowEndAfter(writtenAt, this.ctx.policy);
  }
}

/** Statuses and codes that mean "not found" on a write. */
export function isNotFound(error: unknown): boolean {
  const f = apiErrorFacts(error);
  return (
    f.status === 404 ||
    f.code === 'ResourceNotFound' ||
    f.code === 'DirectoryDoesNotExistError' ||
    f.code === 'ParentNotDirectoryError'
  );
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
    return {
      class: 'not-yet-visible',
      references: refs,
      reason: `the server answered 404 (${facts.message ?? 'not found'})`,
    };
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

  /**
   * Counts the failure of the attempt sent at `sentAt` and asks `decideRetry` about it, with the
   * error's own facts (Retry-After, transport attempts) and the run's write log and policy.
   * @returns the attempt's number among failures of its class, and the decision
   */
  decide(
    c: ErrorClassification,
    error: unknown,
    sentAt: number,
    ctx: Pick<RetryContext, 'writeLog' | 'policy'>,
  ): { readonly attempt: number; readonly decision: RetryDecision } {
    const attempt = this.failed(c);
    const decision = decideRetry(c, {
      ...retryFactsOf(error),
      attempt,
      now: Date.now(),
      sentAt,
      writeLog: ctx.writeLog,
      policy: ctx.policy,
    });
    return { attempt, decision };
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
 */
export async function withRetries<T>(
  ctx: RetryContext,
  refs: readonly ObjectReference[],
  fn: () => Promise<T>,
): Promise<T> {
  const attempts = new AttemptCounter();
  // refs[0] is the call's own object (the executor's refsOf): its kind is the kind of write.
  const parked = new ParkedWrite(ctx, refs[0]?.kind ?? '(read)', refs);
  try {
    await parked.beforeFirst();
    for (;;) {
      if (ctx.signal?.aborted) throw new ReconcilerError('ABORTED', 'the run was cancelled');
      const sentAt = Date.now();
      try {
        const value = await fn();
        parked.succeeded(sentAt);
        return value;
      } catch (error) {
        if (error instanceof ReconcilerError) throw error;
        const c = classify(error, refs);
        const { attempt, decision } = attempts.decide(c, error, sentAt, ctx);
        if (!decision.retry) throw error;
        ctx.onRetry?.(c.reason, attempt);
        if (c.class === 'not-yet-visible') await parked.refused(c, sentAt, decision.delayMs);
        else await pause(decision.delayMs, ctx.signal);
      }
    }
  } finally {
    parked.done();
  }
}
