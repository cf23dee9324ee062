/**
 * The working directory can vanish under a running command (a CI step or a test cleans up while the
 * CLI is still starting). Loading a TypeScript app then blocks for ever: tsx's loader calls
 * esbuild's synchronous transform, whose helper thread cannot start without a working directory and
 * is waited on with no time limit. These checks turn that into a clear error instead.
 */
import { statSync } from 'node:fs';
import { UsageError } from '../command.js';

/** How often {@link whileWorkingDirectoryExists} looks: a stat call, negligible next to an app load. */
const POLL_MS = 200;

function gone(cwd: string): UsageError {
  return new UsageError(
    `the working directory ${cwd} no longer exists (it was removed while triton-iac was running); run triton-iac from an existing directory`,
  );
}

/** True when `cwd` is still an existing directory. */
function exists(cwd: string): boolean {
  try {
    return statSync(cwd).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Checks that `cwd` still exists.
 * @throws UsageError naming the directory when it is gone.
 */
export function checkWorkingDirectory(cwd: string): void {
  if (!exists(cwd)) throw gone(cwd);
}

/**
 * Waits for `work`, but fails as soon as `cwd` disappears, since the work may then never finish,
 * and when it has gone by the time the work is done.
 * The work itself is not cancelled: it is stuck, and the process exits once the command has
 * reported the error (see bin/triton-iac.js).
 * @throws UsageError naming the directory when it is removed before `work` settles.
 */
export async function whileWorkingDirectoryExists<T>(cwd: string, work: Promise<T>): Promise<T> {
  checkWorkingDirectory(cwd);
  // Once the directory is gone, a late failure of the abandoned work is not news.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const watch = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (!exists(cwd)) reject(gone(cwd));
    }, POLL_MS);
  });
  try {
    const result = await Promise.race([work, watch]);
    // A load quicker than one look (an app bundled in a moment) can finish after the directory
    // went: the command would then go on writing into a directory that is no more.
    checkWorkingDirectory(cwd);
    return result;
  } finally {
    clearInterval(timer);
  }
}

/**
 * The process's working directory.
 * @throws UsageError when it no longer exists (`process.cwd()` then fails with a bare ENOENT).
 */
export function currentDirectory(): string {
  try {
    return process.cwd();
  } catch (err) {
    throw new UsageError(
      'the working directory no longer exists (it was removed after the shell entered it); run triton-iac from an existing directory',
      { cause: err },
    );
  }
}
