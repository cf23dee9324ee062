/**
 * The engine calls the commands make, behind one module so that the commands depend on the engine's
 * published contract (`reconciler/engine.ts`) in a single place.
 */
import type { StackManifest } from '../../common/manifest.js';
import * as reconciler from '../../reconciler/index.js';
import type { Plan, StateBackend } from '../../reconciler/index.js';

/** The actions a progress event names (the plan's actions). */
export type ChangeAction = Plan['changes'][number]['action'];

/** What the executor reports while it works. */
export type ProgressEvent =
  | { readonly type: 'start'; readonly total: number }
  | { readonly type: 'action-start'; readonly address: string; readonly action: ChangeAction }
  | {
      readonly type: 'action-done';
      readonly address: string;
      readonly action: ChangeAction;
      readonly outcome: 'created' | 'updated' | 'replaced' | 'deleted' | 'adopted' | 'read' | 'unchanged';
      readonly durationMs: number;
    }
  | { readonly type: 'action-failed'; readonly address: string; readonly action: ChangeAction; readonly message: string; readonly durationMs: number }
  | { readonly type: 'action-skipped'; readonly address: string; readonly because: string }
  | { readonly type: 'retry'; readonly address: string; readonly reason: string; readonly attempt: number };

/** The outcome of an apply. */
export interface ApplyResult {
  readonly ok: boolean;
  readonly counts: Readonly<Record<string, number>>;
  readonly failed: readonly { readonly address: string; readonly message: string }[];
  readonly skipped: readonly { readonly address: string; readonly because: string }[];
  readonly durationMs: number;
}

/** One drifted resource. */
export interface DriftItem {
  readonly address: string;
  readonly kind: string;
  readonly naturalKey: string;
  readonly action: ChangeAction;
  readonly origin: 'outside' | 'configuration' | 'both';
  readonly changes: readonly { readonly op: string; readonly path: string; readonly value?: unknown; readonly from?: string }[];
  readonly before: unknown;
  readonly after: unknown;
}

/** What drift found. */
export interface DriftReport {
  readonly drifted: readonly DriftItem[];
  readonly checked: number;
}

/** Lines the engine logs; never secrets. */
export interface EngineLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

/** The connected clients bundle, opaque to the CLI. */
export type Clients = object;

/** The options every engine call takes. */
export interface EngineOptions {
  readonly clients: Clients;
  readonly workDir: string;
  readonly consistencyWindowMs?: number;
  readonly parallelism?: number;
  readonly lockTimeoutMs?: number;
  readonly targets?: readonly string[];
  readonly signal?: AbortSignal;
  readonly log?: EngineLogger;
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly env?: NodeJS.ProcessEnv;
}

/** Connection overrides, winning over the environment and the profile. */
export interface ConnectOverrides {
  readonly cloudapiUrl?: string;
  readonly mantaUrl?: string;
  readonly account?: string;
  readonly keyId?: string;
  readonly keyFile?: string;
}

/** The engine functions the CLI calls. */
export interface Engine {
  connectStack(stack: StackManifest, opts: { env: NodeJS.ProcessEnv; home?: string; overrides?: ConnectOverrides }): Promise<Clients>;
  planStack(stack: StackManifest, opts: EngineOptions): Promise<Plan>;
  applyPlan(stack: StackManifest, plan: Plan, opts: EngineOptions): Promise<ApplyResult>;
  applyStack(stack: StackManifest, opts: EngineOptions): Promise<{ plan: Plan; result: ApplyResult }>;
  planDestroy(stack: StackManifest, opts: EngineOptions): Promise<Plan>;
  driftStack(stack: StackManifest, opts: EngineOptions): Promise<DriftReport>;
  importResource(stack: StackManifest, address: string, id: string, opts: EngineOptions): Promise<void>;
  openStateBackend(stack: StackManifest, opts: { workDir: string; clients?: Clients }): StateBackend;
}

const NAMES = ['connectStack', 'planStack', 'applyPlan', 'applyStack', 'planDestroy', 'driftStack', 'importResource', 'openStateBackend'] as const;

/**
 * The engine, checked to be complete.
 * @throws Error naming the missing functions when this build has no engine.
 */
export function engine(): Engine {
  const mod = reconciler as unknown as Record<string, unknown>;
  const missing = NAMES.filter((n) => typeof mod[n] !== 'function');
  if (missing.length > 0) throw new Error(`this build of triton-iac has no engine (${missing.join(', ')} missing from reconciler/); rebuild with \`npm run build\``);
  return mod as unknown as Engine;
}

/** Closes whatever connections the clients bundle holds. */
export async function closeClients(clients: Clients | undefined): Promise<void> {
  if (clients === undefined) return;
  const closers = Object.values(clients as Record<string, unknown>)
    .filter((c): c is { close(): Promise<void> } => typeof c === 'object' && c !== null && typeof (c as { close?: unknown }).close === 'function')
    .map((c) => c.close());
  // The work is done by now; a connection that fails to close cleanly must not turn success into an error.
  await Promise.allSettled(closers);
}
