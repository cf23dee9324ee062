/**
 * The sensor and history settings of `triton-iac.json`: `"drift": {"ignore": [...]}`, the allow-list
 * of unmanaged objects that are expected (see `reconciler/plan/drift-ignore.ts` for the patterns),
 * and `"state": {"history": {"keep": N}}`, how many state serials the history keeps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDriftIgnore, type DriftIgnorePattern } from '../../reconciler/index.js';
import { UsageError } from '../command.js';
import { PROJECT_FILE } from './app-loader.js';

/**
 * The allow-list in `triton-iac.json` in `cwd`; none when there is no file or no `drift`.
 * @throws UsageError naming each bad field, its value and the rule
 */
export function driftIgnoreOf(cwd: string): DriftIgnorePattern[] {
  const { file, project } = projectFile(cwd);
  if (project === undefined) return [];
  const { patterns, problems } = parseDriftIgnore((project as { drift?: unknown } | null)?.drift, file);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return patterns;
}

/**
 * How many state serials the history keeps: `state.history.keep` in `triton-iac.json`, or `undefined`
 * for the default.
 * @throws UsageError naming the field, the value and the rule
 */
export function stateHistoryKeepOf(cwd: string): number | undefined {
  const { file, project } = projectFile(cwd);
  const state = (project as { state?: unknown } | null | undefined)?.state;
  if (state === undefined) return undefined;
  const keep = (state as { history?: { keep?: unknown } } | null)?.history?.keep;
  if (keep === undefined) return undefined;
  if (typeof keep !== 'number' || !Number.isInteger(keep) || keep < 1 || keep > 100_000)
    throw new UsageError(
      `${file}: "state.history.keep" is ${JSON.stringify(keep)}; it must be a whole number from 1 to 100000 (how many state serials to keep)`,
    );
  return keep;
}

function projectFile(cwd: string): { file: string; project: unknown } {
  const file = resolve(cwd, PROJECT_FILE);
  if (!existsSync(file)) return { file, project: undefined };
  try {
    return { file, project: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON (${(err as Error).message})`);
  }
}
