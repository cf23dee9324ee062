/**
 * Context, as the CDK has it: values a program reads with `app.node.tryGetContext('key')`, given
 * with `--context key=value` (repeatable; values are strings) and in the `"context"` object of
 * `triton-iac.json` (any JSON); the flags win. The CLI hands them to the program in
 * `TRITON_IAC_CONTEXT` while it builds the app, and records them in saved plans.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../command.js';
import type { ParsedArgs } from './args.js';

/** Context keys and values. */
export type AppContext = Readonly<Record<string, unknown>>;

/** The help lines of the flag, for the common options. */
export const CONTEXT_HELP = `  --context KEY=VALUE         a value the app reads with app.node.tryGetContext('KEY')
                              (repeatable; wins over "context" in triton-iac.json)`;

/** The `--context key=value` flags, in order (a later one wins). */
export function contextFlags(args: ParsedArgs): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of args.repeats.get('context') ?? []) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? '' : item.slice(0, eq).trim();
    if (eq < 0 || key === '')
      throw new UsageError(`--context ${JSON.stringify(item)}: must be KEY=VALUE, such as --context env=staging`);
    out[key] = item.slice(eq + 1);
  }
  return out;
}

/**
 * The `"context"` object of `triton-iac.json` in `cwd`, or none.
 * @throws UsageError when it is there but not an object
 */
export function projectContext(cwd: string): Record<string, unknown> {
  const file = resolve(cwd, 'triton-iac.json');
  if (!existsSync(file)) return {};
  let project: unknown;
  try {
    project = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON (${(err as Error).message})`);
  }
  const context = (project as { context?: unknown } | null)?.context;
  if (context === undefined) return {};
  if (typeof context !== 'object' || context === null || Array.isArray(context)) {
    throw new UsageError(
      `${file}: "context" is ${JSON.stringify(context)}; it must be an object of key: value pairs, like {"context": {"env": "prod"}}`,
    );
  }
  return context as Record<string, unknown>;
}

/** The context of a run: the project's, then the flags'. */
export function contextOf(flags: Readonly<Record<string, string>>, cwd: string): AppContext {
  return { ...projectContext(cwd), ...flags };
}

/** Sets `name` to `value` in the environment while `body` runs, then puts the old value back. */
export async function withEnv<T>(name: string, value: string, body: () => Promise<T>): Promise<T> {
  const old = process.env[name];
  process.env[name] = value;
  try {
    return await body();
  } finally {
    if (old === undefined) delete process.env[name];
    else process.env[name] = old;
  }
}

/**
 * Refuses to apply a saved plan with another context than it was made with: the plan was made from
 * the app as that context built it, and a different one would build another app.
 * @param given the context of this run; for a self-contained saved plan only the `--context` flags
 * @throws UsageError naming each key that differs
 */
export function checkSavedPlanContext(
  recorded: AppContext | undefined,
  given: AppContext,
  file: string,
  onlyGivenKeys: boolean,
): void {
  const then = recorded ?? {};
  const keys = new Set([...Object.keys(given), ...(onlyGivenKeys ? [] : Object.keys(then))]);
  const differ = [...keys].sort().filter((k) => JSON.stringify(then[k]) !== JSON.stringify(given[k]));
  if (differ.length === 0) return;
  const show = (v: unknown): string => (v === undefined ? '(unset)' : JSON.stringify(v));
  throw new UsageError(
    `saved plan ${file} was made with another context: ${differ.map((k) => `${k} was ${show(then[k])}, now ${show(given[k])}`).join('; ')}. ` +
      'A saved plan is applied exactly as it was made: apply it without changing the context, or make a new plan with this context',
  );
}
