/**
 * Formats the generated program with the project's own Prettier and settings, when the project has
 * Prettier installed, so that its format check passes on the program as written. Without one the
 * program keeps the layout the renderer gives it (one prop a line, as Prettier keeps an object).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importOutside } from '../private/tsx-import.js';

interface PrettierModule {
  format(source: string, options: Record<string, unknown>): Promise<string>;
  resolveConfig(file: string): Promise<Record<string, unknown> | null>;
}

/**
 * `source` formatted as the project around `file` formats TypeScript, or `source` unchanged when no
 * Prettier can be found from there (or it fails: the program is valid either way).
 * @returns the text, the Prettier version used, and why Prettier failed when it did
 */
export async function formatLikeProject(
  source: string,
  file: string,
): Promise<{ text: string; prettier?: string; problem?: string }> {
  let prettier: PrettierModule;
  let version: string | undefined;
  try {
    const require = createRequire(join(file, '..', 'package.json'));
    const entry = require.resolve('prettier');
    const loaded = (await importOutside(pathToFileURL(entry).href)) as PrettierModule & {
      default?: PrettierModule;
      version?: string;
    };
    prettier = typeof loaded.format === 'function' ? loaded : loaded.default!;
    version = loaded.version ?? (loaded.default as { version?: string } | undefined)?.version;
  } catch {
    // No Prettier in the project: nothing to match.
    return { text: source };
  }
  try {
    const config = (await prettier.resolveConfig(file)) ?? {};
    const text = await prettier.format(source, { ...config, filepath: file });
    return { text, ...(version !== undefined ? { prettier: version } : {}) };
  } catch (err) {
    return { text: source, problem: `Prettier could not format it: ${(err as Error).message}` };
  }
}
