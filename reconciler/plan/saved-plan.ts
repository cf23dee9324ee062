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
 * The envelope version of a saved plan of several stacks (an app's, in the order apply carries them
 * out). A plan of one stack keeps version 1, so files saved for one stack read as before; a
 * triton-iac that reads only version 1 refuses this shape by its version, naming it, rather than
 * applying one stack of it.
 */
export const SAVED_APP_PLAN_FORMAT_VERSION = 2;

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
  /**
   * The `plan` flags that chose what was planned (`--target`, `--exclude`, `--context`), as given;
   * absent when none. Apply only quotes them, in the command that makes the plan again after a
   * failure, so that the new plan covers what this one did.
   */
  readonly planFlags?: readonly string[];
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

/** One stack's part of a saved plan of several stacks: its plan and where it came from. */
export interface SavedStackPlan {
  readonly plan: Plan;
  readonly origin: SavedPlanOrigin;
}

/** What a saved-plan file of several stacks (format 2) holds. */
export interface SavedAppPlanFile {
  readonly savedPlanFormat: typeof SAVED_APP_PLAN_FORMAT_VERSION;
  /**
   * `sha256:<hex>` of the canonical JSON of `{ stacks }`: every stack's plan and origin, and their
   * order (the order apply carries them out in), so an edit of any part is refused.
   */
  readonly digest: string;
  readonly stacks: readonly SavedStackPlan[];
}

/**
 * A saved-plan file as read back, whatever its format: one entry for a plan of one stack, one per
 * stack, in the order apply carries them out, for an app's plan of several.
 */
export interface SavedPlans {
  readonly stacks: readonly SavedPlan[];
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

/**
 * Serialises the plans of an app's stacks, in the order apply is to carry them out, into one file's
 * text: format 1 (today's shape) for one stack, format 2 for several.
 * @throws ReconcilerError `PLAN_INPUT_INVALID` for no plans, or two plans of one stack.
 */
export function serializeSavedPlans(stacks: readonly SavedStackPlan[]): string {
  if (stacks.length === 1) return serializeSavedPlan(stacks[0]!.plan, stacks[0]!.origin);
  const names = stacks.map((s) => s.plan.stack);
  if (stacks.length === 0 || new Set(names).size !== names.length)
    throw new ReconcilerError(
      'PLAN_INPUT_INVALID',
      `a saved plan holds one plan per stack; got ${stacks.length === 0 ? 'none' : `the stacks ${names.join(', ')}`}`,
    );
  const file: SavedAppPlanFile = {
    savedPlanFormat: SAVED_APP_PLAN_FORMAT_VERSION,
    digest: digestOf({ stacks }),
    stacks,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Writes the plans of an app's stacks to `path` atomically (mode 0600), see {@link serializeSavedPlans}. */
export async function writeSavedPlans(path: string, stacks: readonly SavedStackPlan[]): Promise<void> {
  await writeFileAtomic(path, serializeSavedPlans(stacks));
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
 * Parses a saved-plan file's text holding one stack's plan.
 * @param source the file name, used in errors
 * @throws ReconcilerError `PLAN_MALFORMED` saying what is wrong (a plan of several stacks too).
 */
export function parseSavedPlan(text: string, source: string): Plan {
  return parseSavedPlanFile(text, source).plan;
}

/**
 * Parses a saved-plan file's text holding one stack's plan, with its origin. The origin's stack must
 * be the one the plan was made from (its digest is the plan's `manifestDigest`), so an edited stack
 * is refused too.
 * @throws ReconcilerError `PLAN_MALFORMED` saying what is wrong (a plan of several stacks too:
 *   read those with {@link parseSavedPlans}).
 */
export function parseSavedPlanFile(text: string, source: string): SavedPlan {
  const { stacks } = parseSavedPlans(text, source);
  if (stacks.length !== 1)
    throw malformed(
      source,
      `it holds the plans of ${stacks.length} stacks (${stacks.map((s) => s.plan.stack).join(', ')}) where one stack's plan is expected`,
    );
  return stacks[0]!;
}

/**
 * Parses a saved-plan file's text of either format: one stack's plan (format 1), or the plans of an
 * app's stacks in the order apply carries them out (format 2).
 * @throws ReconcilerError `PLAN_MALFORMED` saying what is wrong.
 */
export function parseSavedPlans(text: string, source: string): SavedPlans {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw malformed(source, `it is not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw malformed(source, 'it is not a JSON object');
  const file = value as Record<string, unknown>;
  if (file.savedPlanFormat === SAVED_APP_PLAN_FORMAT_VERSION) return { stacks: parseAppPlan(file, source) };
  if (file.savedPlanFormat !== SAVED_PLAN_FORMAT_VERSION) {
    throw malformed(
      source,
      `savedPlanFormat is ${JSON.stringify(file.savedPlanFormat)}; this version of triton-iac reads only ${SAVED_PLAN_FORMAT_VERSION} and ${SAVED_APP_PLAN_FORMAT_VERSION}`,
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
  if (file.origin === undefined) return { stacks: [{ plan }] };
  return { stacks: [{ plan, origin: file.origin as SavedPlanOrigin }] };
}

/** The top-level fields of a saved-plan file of several stacks. */
const APP_FILE_KEYS: ReadonlySet<string> = new Set(['savedPlanFormat', 'digest', 'stacks']);

/**
 * The stacks of a format-2 file: each a plan with its origin (both required), every stack once, all
 * made in one run (the same app, directory, context and emulator flag), the digest matching.
 */
function parseAppPlan(file: Record<string, unknown>, source: string): SavedStackPlan[] {
  const extra = Object.keys(file).filter((k) => !APP_FILE_KEYS.has(k));
  if (extra.length > 0)
    throw malformed(source, `it has fields a saved plan never holds (${extra.join(', ')}); the file was edited`);
  if (!Array.isArray(file.stacks) || file.stacks.length === 0)
    throw malformed(source, 'stacks must be a non-empty list of the plans of the stacks');
  const stacks = file.stacks as unknown[];
  stacks.forEach((entry, i) => {
    const problem = stackEntryProblem(entry);
    if (problem !== undefined) throw malformed(source, `stacks[${i}]: ${problem}`);
  });
  const entries = stacks as SavedStackPlan[];
  const names = entries.map((e) => e.plan.stack);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw malformed(source, `it holds two plans of stack ${twice}; the file was edited`);
  const run = (o: SavedPlanOrigin): string => digestOf({ ...o, stack: undefined });
  if (entries.some((e) => run(e.origin) !== run(entries[0]!.origin)))
    throw malformed(
      source,
      "its stacks' origins differ (app, working directory, context or emulator flag), but one plan run made them all; the file was edited",
    );
  const actual = digestOf({ stacks: entries });
  if (file.digest !== actual)
    throw malformed(
      source,
      `its digest ${JSON.stringify(file.digest)} does not match its content (${actual}); the file was edited or damaged`,
    );
  return entries;
}

/** What is wrong with one entry of a format-2 file's `stacks`, if anything. */
function stackEntryProblem(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'it is not an object';
  const e = entry as Record<string, unknown>;
  const extra = Object.keys(e).filter((k) => k !== 'plan' && k !== 'origin');
  if (extra.length > 0) return `it has fields a saved plan never holds (${extra.join(', ')}); the file was edited`;
  const problem = planShapeProblem(e.plan);
  if (problem !== undefined) return problem;
  if (e.origin === undefined) return 'origin is missing: every stack of a saved app plan records its origin';
  return originShapeProblem(e.origin, e.plan as Plan);
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
  if (o.planFlags !== undefined && (!Array.isArray(o.planFlags) || o.planFlags.some((f) => typeof f !== 'string')))
    return 'origin.planFlags must be a list of strings';
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
  return parseSavedPlanFile(await readPlanText(path), path);
}

/**
 * Reads and validates a saved plan of either format (see {@link parseSavedPlans}).
 * @throws ReconcilerError `PLAN_MALFORMED` for a missing, unreadable or malformed file.
 */
export async function readSavedPlans(path: string): Promise<SavedPlans> {
  return parseSavedPlans(await readPlanText(path), path);
}

async function readPlanText(path: string): Promise<string> {
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
  return text;
}

function malformed(source: string, problem: string): ReconcilerError {
  return new ReconcilerError(
    'PLAN_MALFORMED',
    `saved plan ${source} cannot be used: ${problem}. Run \`triton-iac plan -out ${source}\` again.`,
  );
}
