/**
 * The rehearsal itself: an emulator started on the copy, the saved plan applied to it as `apply
 * PLANFILE` applies it (same stack, same sub-user and roles, same state serial and lineage), and a
 * second plan that must find nothing to do.
 */
import type { StackManifest } from '../../common/manifest.js';
import type { EmulatorSeed } from '../../emulator/index.js';
import { defaultHandlers } from '../../provider/handlers/registry.js';
import { planHasChanges, type Plan, type ResourceChange } from '../../reconciler/index.js';
import {
  applyPlan,
  closeClients,
  connectStack,
  planStack,
  type ApplyResult,
  type EngineOptions,
  type ProgressEvent,
} from '../private/engine.js';

/** The copy's behaviour, as the user gave it. */
export interface RehearsalConditions {
  readonly windowMs: number;
  readonly staleReadRate: number;
  readonly faultRate: number;
  readonly latencyMs: number;
  readonly throttleRps?: number;
  readonly seed: number;
  /** How long the copy's jobs take: a profile and a scale (`--timing`, `--time-scale`). */
  readonly timing: 'fast' | 'realistic';
  readonly timeScale: number;
}

/** What happened in the copy. */
export interface RehearsalOutcome {
  /** One event per finished, failed or skipped action, in order. */
  readonly events: readonly ProgressEvent[];
  /** The apply's result; absent when the apply was refused before any action (`error`). */
  readonly result?: ApplyResult;
  /** Why the apply or the next plan could not run at all. */
  readonly error?: string;
  /** The next plan's changes other than no-ops and reads; absent when it could not be made. */
  readonly remaining?: readonly ResourceChange[];
  /** Warnings the engine gave. */
  readonly warnings: readonly string[];
}

/** What {@link runInCopy} needs. */
export interface RunOptions {
  readonly stack: StackManifest;
  readonly plan: Plan;
  readonly seed: EmulatorSeed;
  /** A fresh folder for the emulator's data. */
  readonly dataDir: string;
  /** The working directory whose `.triton-iac/` holds the copied state. */
  readonly workDir: string;
  /** Where the plan's relative content files are (the directory it was made in). */
  readonly contentDir: string;
  /** Where the copy's apply writes the local files it makes (an access key's secret), never their real paths. */
  readonly outputsDir: string;
  /** The private key the copy knows as the applying identity's. */
  readonly keyFile: string;
  readonly user?: string;
  readonly conditions: RehearsalConditions;
  /** Where secrets are read from, as the real apply would. */
  readonly env: NodeJS.ProcessEnv;
}

/** Starts the copy, applies the plan to it, plans again, and stops it. */
export async function runInCopy(opts: RunOptions): Promise<RehearsalOutcome> {
  const { writeEmulatorSeed, startEmulator } = await import('../../emulator/index.js');
  writeEmulatorSeed(opts.dataDir, opts.seed);
  const c = opts.conditions;
  const emulator = await startEmulator({
    dataDir: opts.dataDir,
    consistencyWindowMs: c.windowMs,
    staleReadRate: c.staleReadRate,
    faultRate: c.faultRate,
    latencyMs: c.latencyMs,
    ...(c.throttleRps !== undefined ? { throttleRps: c.throttleRps } : {}),
    seed: c.seed,
    timing: c.timing,
    timeScale: c.timeScale,
    jobExec: false,
    // A cloud without fabrics is copied into a datacenter without them.
    ...(opts.seed.fabrics === false ? { fabrics: false } : {}),
    // A machine with a delegated dataset shows the datacenter enables them: the copy does too.
    ...(opts.seed.machines?.some((m) => m.delegate_dataset === true) === true ? { delegateDatasets: true } : {}),
  });
  const roles = opts.env['TRITON_ROLE'];
  const clients = await connectStack(opts.stack, {
    // Only the identity: none of the user's cloud settings may point the copy's clients elsewhere.
    env: {
      ...(opts.user !== undefined ? { TRITON_USER: opts.user } : {}),
      ...(roles !== undefined ? { TRITON_ROLE: roles } : {}),
    },
    home: opts.workDir,
    overrides: {
      cloudapiUrl: emulator.cloudapiUrl,
      mantaUrl: emulator.mantaUrl,
      account: opts.seed.account.login,
      keyFile: opts.keyFile,
    },
  });
  const events: ProgressEvent[] = [];
  const warnings: string[] = [];
  const engine: EngineOptions = {
    clients,
    handlers: defaultHandlers(),
    workDir: opts.workDir,
    contentDir: opts.contentDir,
    localOutputsUnder: opts.outputsDir,
    consistencyWindowMs: c.windowMs,
    env: opts.env,
    log: { debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m) },
    onProgress: (e) => {
      if (e.type === 'action-done' || e.type === 'action-failed' || e.type === 'action-skipped') events.push(e);
    },
  };
  try {
    let result: ApplyResult;
    try {
      result = await applyPlan(opts.stack, opts.plan, engine);
    } catch (err) {
      return { events, error: `the apply was refused: ${(err as Error).message}`, warnings };
    }
    try {
      const next = await planStack(opts.stack, engine);
      const remaining = planHasChanges(next)
        ? next.changes.filter((ch) => ch.action !== 'no-op' && ch.action !== 'read')
        : [];
      return { events, result, remaining, warnings };
    } catch (err) {
      return { events, result, error: `the next plan could not be made: ${(err as Error).message}`, warnings };
    }
  } finally {
    await closeClients(clients);
    await emulator.close();
  }
}
