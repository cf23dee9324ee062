/**
 * Saved plans (`plan -out FILE`, `apply FILE`): the plan with its own envelope format version and a
 * digest, so that a truncated, edited or foreign file is refused with a clear message, and a check
 * that the world has not moved on since the plan was made.
 */
import { readFile } from 'node:fs/promises';
import { ReconcilerError } from '../errors.js';
import { writeFileAtomic } from '../private/atomic-write.js';
import { digestOf } from '../private/canonical-json.js';
import type { StackManifest } from '../../common/manifest.js';
import type { Plan } from './types.js';
import { planShapeProblem } from './validate-plan.js';

/** The saved-plan envelope version, independent of the plan's own `formatVersion`. */
export const SAVED_PLAN_FORMAT_VERSION = 1;

/**
 * Where a saved plan came from, so that `apply FILE` needs nothing else (as Terraform's plan files
 * carry their configuration): the synthesized stack itself, and the directory its relative paths
 * (object content files, a local state file, the embedded emulator's data) were resolved in.
 * Secrets are not in it: the stack names where a secret is read from, never its value.
 */
export interface SavedPlanOrigin {
  /** The absolute path of the app the plan was made from, for messages. */
  readonly app: string;
  /** The absolute working directory of the `plan` run. */
  readonly workDir: string;
  /** The plan was made against the embedded emulator (`--emulator`). */
  readonly emulator: boolean;
  /** The synthesized stack; its digest is the plan's `manifestDigest`. */
  readonly stack: StackManifest;
  /**
   * The context the app was built with (`--context`, `triton-iac.json`); absent when none. Apply
   * refuses to carry the plan out with another one.
   */
  readonly context?: Readonly<Record<string, unknown>>;
}

/** What a saved-plan file holds. */
export interface SavedPlanFile {
  readonly savedPlanFormat: typeof SAVED_PLAN_FORMAT_VERSION;
  /**
   * `sha256:<hex>` of the canonical JSON of `{ plan, origin }` (of `plan` alone when there is no
   * origin): every field that steers apply is covered, so an edited working directory, app or
   * context is refused like an edited change.
   */
  readonly digest: string;
  readonly plan: Plan;
  /** Absent in plans saved by earlier versions, which need the app to be found again. */
  readonly origin?: SavedPlanOrigin;
}

/** A saved plan as read back: the plan and, when recorded, where it came from. */
export interface SavedPlan {
  readonly plan: Plan;
  readonly origin?: SavedPlanOrigin;
}

/** Serialises `plan` (and where it came from) into a saved-plan file's text. */
export function serializeSavedPlan(plan: Plan, origin?: SavedPlanOrigin): string {
  const file: SavedPlanFile = {
    savedPlanFormat: SAVED_PLAN_FORMAT_VERSION,
    digest: savedPlanDigest(plan, origin),
    plan,
    ...(origin !== undefined ? { origin } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Writes `plan` to `path` atomically (mode 0600). */
export async function writeSavedPlan(path: string, plan: Plan, origin?: SavedPlanOrigin): Promise<void> {
  await writeFileAtomic(path, serializeSavedPlan(plan, origin));
}

/** Where the format marker must appear: `serializeSavedPlan` writes it as the first key. */
const MARKER_AT_START = /^\s*\{\s*"savedPlanFormat"\s*:/;

/**
 * True when `text` is a saved plan by its content, whatever the file is called: it opens with the
 * `savedPlanFormat` marker (so a damaged plan is still recognised and refused as a plan), or it is
 * a JSON object carrying that key elsewhere. The marker decides what the file is meant to be;
 * {@link parseSavedPlan} then decides whether it is valid.
 */
export function isSavedPlanText(text: string): boolean {
  if (MARKER_AT_START.test(text)) return true;
  if (!text.includes('"savedPlanFormat"')) return false;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) && 'savedPlanFormat' in value;
  } catch {
    return false;
  }
}

/**
 * Parses a saved-plan file's text.
 * @param source the file name, used in errors
 * @throws ReconcilerError `PLAN_MALFORMED` saying what is wrong.
 */
export function parseSavedPlan(text: string, source: string): Plan {
  return parseSavedPlanFile(text, source).plan;
}

/**
 * Parses a saved-plan file's text with its origin. The origin's stack must be the one the plan was
 * made from (its digest is the plan's `manifestDigest`), so an edited stack is refused too.
 * @throws ReconcilerError `PLAN_MALFORMED` saying what is wrong.
 */
export function parseSavedPlanFile(text: string, source: string): SavedPlan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw malformed(source, `it is not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw malformed(source, 'it is not a JSON object');
  const file = value as Record<string, unknown>;
  if (file.savedPlanFormat !== SAVED_PLAN_FORMAT_VERSION) {
    throw malformed(
      source,
      `savedPlanFormat is ${JSON.stringify(file.savedPlanFormat)}; this version of triton-iac reads only ${SAVED_PLAN_FORMAT_VERSION}`,
    );
  }
  const extra = Object.keys(file).filter((k) => !FILE_KEYS.has(k));
  if (extra.length > 0)
    throw malformed(source, `it has fields a saved plan never holds (${extra.join(', ')}); the file was edited`);
  const problem = planShapeProblem(file.plan);
  if (problem) throw malformed(source, problem);
  const plan = file.plan as Plan;
  const originProblem = file.origin === undefined ? undefined : originShapeProblem(file.origin, plan);
  if (originProblem) throw malformed(source, originProblem);
  const actual = savedPlanDigest(plan, file.origin as SavedPlanOrigin | undefined);
  if (file.digest !== actual) {
    // A plan saved before the digest covered the origin: its origin can have been edited unseen.
    const planOnly = file.origin !== undefined && file.digest === digestOf(file.plan);
    throw malformed(
      source,
      planOnly
        ? 'its digest covers the plan but not its origin (the working directory, app and context apply uses), so an edit of those could not be detected; it was saved by an earlier triton-iac'
        : `its digest ${JSON.stringify(file.digest)} does not match its content (${actual}); the file was edited or damaged`,
    );
  }
  if (file.origin === undefined) return { plan };
  return { plan, origin: file.origin as SavedPlanOrigin };
}

/** The top-level fields of a saved-plan file. */
const FILE_KEYS: ReadonlySet<string> = new Set(['savedPlanFormat', 'digest', 'plan', 'origin']);

/**
 * The digest a saved plan carries: of the plan and its origin together, so that nothing apply reads
 * from the file (the changes, the stack, the directory, the app, the context, the emulator flag)
 * can be edited without the file being refused.
 */
function savedPlanDigest(plan: Plan, origin: SavedPlanOrigin | undefined): string {
  return origin === undefined ? digestOf(plan) : digestOf({ plan, origin });
}

function originShapeProblem(origin: unknown, plan: Plan): string | undefined {
  if (typeof origin !== 'object' || origin === null || Array.isArray(origin)) return 'origin is not an object';
  const o = origin as Record<string, unknown>;
  for (const field of ['app', 'workDir'] as const) {
    if (typeof o[field] !== 'string' || o[field] === '') return `origin.${field} must be a non-empty string`;
  }
  if (typeof o.emulator !== 'boolean') return 'origin.emulator must be true or false';
  if (typeof o.stack !== 'object' || o.stack === null) return 'origin.stack must be the synthesized stack';
  if (o.context !== undefined && (typeof o.context !== 'object' || o.context === null || Array.isArray(o.context)))
    return 'origin.context must be an object of context values';
  if (digestOf(o.stack) !== plan.manifestDigest)
    return 'origin.stack is not the stack the plan was made from (its digest differs from plan.manifestDigest); the file was edited or damaged';
  return undefined;
}

/**
 * Reads and validates a saved plan.
 * @throws ReconcilerError `PLAN_MALFORMED` for a missing, unreadable or malformed file.
 */
export async function readSavedPlan(path: string): Promise<Plan> {
  return (await readSavedPlanFile(path)).plan;
}

/**
 * Reads and validates a saved plan with its origin.
 * @throws ReconcilerError `PLAN_MALFORMED` for a missing, unreadable or malformed file.
 */
export async function readSavedPlanFile(path: string): Promise<SavedPlan> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ReconcilerError(
      'PLAN_MALFORMED',
      `cannot read saved plan ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? String(error))}`,
      { cause: error },
    );
  }
  return parseSavedPlanFile(text, path);
}

/** What the world looks like at apply time, for {@link checkPlanStillValid}. */
export interface CurrentSituation {
  /** The state's serial now (0 when there is no state). */
  readonly stateSerial: number;
  /** The state's lineage now (`null` when there is no state). */
  readonly stateLineage: string | null;
  /**
   * Digest of each planned resource's normalised live object now (the same `digestOf` the planner
   * used); `undefined` or absent when it is not found live.
   */
  readonly liveDigests: ReadonlyMap<string, string | undefined>;
}

/** The verdict of {@link checkPlanStillValid}. */
export interface PlanValidity {
  readonly valid: boolean;
  /** One sentence per thing that changed since the plan was made. */
  readonly changes: readonly string[];
}

/**
 * Whether a saved plan can still be applied as is: the state has not been written since, and no live
 * object the plan looked at has changed, appeared or disappeared. Pure.
 */
export function checkPlanStillValid(plan: Plan, current: CurrentSituation): PlanValidity {
  const changes: string[] = [];
  if (current.stateLineage !== plan.stateLineage) {
    changes.push(
      `the state lineage is ${current.stateLineage ?? '(no state)'} but the plan was made against ${plan.stateLineage ?? '(no state)'}`,
    );
  } else if (current.stateSerial !== plan.stateSerial) {
    changes.push(
      `the state was written since the plan was made (serial ${plan.stateSerial} then, ${current.stateSerial} now)`,
    );
  }
  for (const change of plan.changes) {
    if (change.action === 'read') continue;
    const now = current.liveDigests.get(change.address);
    if (change.liveDigest === undefined && now !== undefined) {
      changes.push(`${change.address} now exists live but did not when the plan was made`);
    } else if (change.liveDigest !== undefined && now === undefined) {
      changes.push(`${change.address} no longer exists live`);
    } else if (change.liveDigest !== now) {
      changes.push(`${change.address} changed live since the plan was made`);
    }
  }
  return { valid: changes.length === 0, changes };
}

function malformed(source: string, problem: string): ReconcilerError {
  return new ReconcilerError(
    'PLAN_MALFORMED',
    `saved plan ${source} cannot be used: ${problem}. Run \`triton-iac plan -out ${source}\` again.`,
  );
}
