/**
 * The drift settings of `triton-iac.json`: `"drift": {"ignore": [...]}`, the allow-list of unmanaged
 * objects that are expected (see `reconciler/plan/drift-ignore.ts` for the patterns).
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
  const file = resolve(cwd, PROJECT_FILE);
  if (!existsSync(file)) return [];
  let project: unknown;
  try {
    project = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON (${(err as Error).message})`);
  }
  const { patterns, problems } = parseDriftIgnore((project as { drift?: unknown } | null)?.drift, file);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return patterns;
}
