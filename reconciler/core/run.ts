/**
 * What the reconcile core needs from whoever drives it: the engine's run (`engine/private/run-context.ts`)
 * and the Pulumi adapter's per-operation context both provide it.
 */
import type { ResourceKind } from '../../common/manifest.js';
import type { HandlerContext, HandlerLogger } from '../../common/contract/handler.js';
import type { RetryPolicy, WriteLog } from '../consistency.js';

/** The shared parts of one run as the reconcile core sees them. */
export interface ReconcileRun<Clients = unknown> {
  /** What every handler call is given. */
  readonly ctx: HandlerContext<Clients>;
  readonly log: HandlerLogger;
  /** This run's writes: a "not found" on one of them within the window is a stale read, retried. */
  readonly writeLog: WriteLog;
  readonly policy: RetryPolicy;
  /** How long after a write the servers may not see it yet (ms). */
  readonly windowMs: number;
}

/** Which resource an action is for: its address (for messages), kind and natural key. */
export interface ResourceIdentity {
  readonly address: string;
  readonly kind: ResourceKind;
  readonly naturalKey: string;
}
