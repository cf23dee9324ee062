/**
 * What `LocalCloud.apply`, `plan`, `drift` and `destroy` give back: plain data about every stack
 * of the app, with the few look-ups a test needs (a change by address, whether anything drifted).
 */
import { AssertionError } from 'node:assert';
import type { Manifest, StackManifest } from '../common/manifest.js';
import type {
  ApplyResult,
  DriftItem,
  DriftReport,
  Plan,
  ResourceChange,
  UnmanagedObject,
} from '../reconciler/index.js';
import { orderStacks } from '../reconciler/index.js';
import { didYouMean } from '../common/did-you-mean.js';
import { TestingError } from './errors.js';
import type { Synthesizable } from './template.js';

/** An app (a `TritonApp`) or a manifest it synthesized. */
export type AppInput = Synthesizable | Manifest;

/** Which stacks of the app a run works on. */
export interface StackSelection {
  /** Only this stack (by name). @default every stack, each after the stacks whose objects it names */
  readonly stack?: string;
}

/** The stacks of `app` a run works on, in apply order. */
export function stacksOf(
  app: AppInput,
  selection: StackSelection = {},
): {
  manifest: Manifest;
  stacks: StackManifest[];
} {
  const manifest = 'synth' in app ? app.synth() : app;
  const ordered = orderStacks(manifest.stacks);
  if (selection.stack === undefined) return { manifest, stacks: ordered };
  const names = manifest.stacks.map((s) => s.name);
  const one = ordered.filter((s) => s.name === selection.stack);
  if (one.length === 0)
    throw new TestingError(
      `stack ${JSON.stringify(selection.stack)} is not in the app${didYouMean(selection.stack, names)}; its stacks are ${names.join(', ')}`,
    );
  return { manifest, stacks: one };
}

/** One plan's change, with the stack it belongs to. */
export type PlannedChange = ResourceChange & { readonly stack: string };

/** The plans of an app's stacks, as data (`triton-iac plan --json`, one per stack). */
export interface AppPlan {
  /** One plan per stack, in apply order. */
  readonly plans: readonly Plan[];
  /** Every change of every stack. */
  readonly changes: readonly PlannedChange[];
  /** True when applying would change anything (an action other than no-op or read, or a move). */
  readonly hasChanges: boolean;
  /**
   * The change of the resource at `address`.
   * @throws TestingError naming the closest addresses when no plan has it
   */
  change(address: string): PlannedChange;
}

/** What an apply (or a destroy) did, stack by stack. */
export interface AppApplied {
  /** True when every action of every stack succeeded. */
  readonly ok: boolean;
  /** Each stack's plan (what was carried out) and result (absent when there was nothing to do). */
  readonly stacks: readonly { readonly plan: Plan; readonly result?: ApplyResult }[];
  /** How many actions ended each way, over every stack (`created`, `updated`, `deleted`, `failed`, …). */
  readonly counts: Readonly<Record<string, number>>;
  /** Each failed action, with its stack and the server's message. */
  readonly failed: readonly { readonly stack: string; readonly address: string; readonly message: string }[];
  /** What the engine warned about (a password taken as set, an object left alone). */
  readonly warnings: readonly string[];
}

/** What drift found, stack by stack. */
export interface AppDrift {
  readonly reports: readonly (DriftReport & { readonly stack: string })[];
  /** Every confirmed difference of every stack. */
  readonly drifted: readonly (DriftItem & { readonly stack: string })[];
  /**
   * Live objects no stack of the app manages, by stack (a new emulator account starts with three
   * fixture machines, `web-1`, `web-2` and `builder`: they are listed here).
   */
  readonly unmanaged: readonly (UnmanagedObject & { readonly stack: string })[];
  /**
   * True when a resource drifted, access changed since the last apply, or an access expectation
   * broke (objects no stack manages are listed in `unmanaged`, not counted here).
   */
  readonly hasDrift: boolean;
}

/** Builds an {@link AppPlan}. */
export function appPlan(plans: readonly Plan[]): AppPlan {
  const changes = plans.flatMap((p) => p.changes.map((c) => ({ ...c, stack: p.stack })));
  return {
    plans,
    changes,
    hasChanges: changes.some((c) => (c.action !== 'no-op' && c.action !== 'read') || c.movedFrom !== undefined),
    change(address) {
      const found = changes.find((c) => c.address === address);
      if (found === undefined)
        throw new TestingError(
          `address ${JSON.stringify(address)} is in no plan of the app${didYouMean(
            address,
            changes.map((c) => c.address),
          )}`,
        );
      return found;
    },
  };
}

/**
 * Builds an {@link AppApplied}.
 * @param throwOnFailure when true, a failed action throws instead
 * @throws AssertionError listing each failed action and what was skipped because of it
 */
export function appApplied(
  what: 'apply' | 'destroy',
  stacks: readonly { readonly plan: Plan; readonly result?: ApplyResult }[],
  warnings: readonly string[],
  throwOnFailure: boolean,
): AppApplied {
  const counts: Record<string, number> = {};
  for (const s of stacks) for (const [k, n] of Object.entries(s.result?.counts ?? {})) counts[k] = (counts[k] ?? 0) + n;
  const failed = stacks.flatMap((s) =>
    (s.result?.failed ?? []).map((f) => ({ stack: s.plan.stack, address: f.address, message: f.message })),
  );
  const ok = stacks.every((s) => s.result === undefined || s.result.ok);
  if (!ok && throwOnFailure) {
    const skipped = stacks.flatMap((s) => (s.result?.skipped ?? []).map((k) => `  skipped ${k.address}: ${k.because}`));
    const cancelled = stacks
      .filter((s) => s.result?.cancelled === true)
      .map((s) => `  stack ${s.plan.stack} was cancelled`);
    throw new AssertionError({
      message: [
        `${what} failed (${failed.length} action${failed.length === 1 ? '' : 's'}):`,
        ...failed.map((f) => `  ${f.address}: ${f.message}`),
        ...skipped,
        ...cancelled,
      ].join('\n'),
    });
  }
  return { ok, stacks, counts, failed, warnings };
}

/** Builds an {@link AppDrift}. */
export function appDrift(reports: readonly (DriftReport & { readonly stack: string })[]): AppDrift {
  const drifted = reports.flatMap((r) => r.drifted.map((d) => ({ ...d, stack: r.stack })));
  return {
    reports,
    drifted,
    unmanaged: reports.flatMap((r) => (r.unmanaged ?? []).map((u) => ({ ...u, stack: r.stack }))),
    hasDrift: reports.some(
      (r) => r.drifted.length > 0 || (r.access?.length ?? 0) > 0 || (r.expectations?.length ?? 0) > 0,
    ),
  };
}
