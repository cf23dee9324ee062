/**
 * Keeps a program's `process.exit` from ending the CLI while the program is loaded and its app built.
 *
 * The CLI loads a TypeScript or JavaScript app in its own process (tsx's `tsImport`), because a plan
 * starts reading the cloud while the app is built (cli/private/read-ahead.ts) and a child process
 * would cost a second start-up. The price is that the program runs with the CLI's `process`: an app
 * written as a script (`app.synth(); process.exit(0)`) ended the whole run with exit code 0 and no
 * output, which a CI job reads as "no changes". An `'exit'` listener could only print something
 * while the process dies (no lock released, no emulator closed, and the code it exits with is the
 * program's choice); replacing `process.exit` for the duration of the load turns the call into an
 * ordinary error that unwinds through the command's `finally` blocks and is reported as a usage
 * error, exit code 1. The call is also recorded, so a program that catches the thrown error still
 * fails the load.
 */

/** Thrown in place of exiting when the program calls `process.exit` while the CLI loads or builds it. */
export class AppExitError extends Error {
  override readonly name = 'AppExitError';
  constructor(
    /** The exit code the program asked for. */
    readonly exitCode: number,
  ) {
    super(`the program called process.exit(${exitCode})`);
  }
}

/**
 * Runs `body` with `process.exit` replaced by a function that throws {@link AppExitError}.
 * @param deadline rejects when the program took too long (the app time-out): the guard is lifted
 *   then too, so that the CLI can still end although the program never finished
 * @throws AppExitError when the program called `process.exit`, even if it caught the error thrown.
 */
export async function withExitGuard<T>(body: () => Promise<T>, deadline?: Promise<never>): Promise<T> {
  const original = process.exit;
  let called: AppExitError | undefined;
  process.exit = ((code?: number | string | null) => {
    called = new AppExitError(exitCodeOf(code));
    throw called;
  }) as typeof process.exit;
  try {
    const result = await (deadline === undefined ? body() : Promise.race([body(), deadline]));
    if (called !== undefined) throw called;
    return result;
  } finally {
    process.exit = original;
  }
}

function exitCodeOf(code: number | string | null | undefined): number {
  const n = Number(code ?? 0);
  return Number.isInteger(n) ? n : 1;
}
