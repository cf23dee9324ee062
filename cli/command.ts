/**
 * The shape every `triton-iac` sub-command has. Each command lives in its own file under
 * `cli/commands/` and is listed once, with its one-line summary, in `cli/commands/index.ts`, which
 * loads the file only when the command is used.
 */
export interface Command {
  /** The word that selects the command, e.g. `plan`. */
  readonly name: string;
  /** The full `--help` text: usage, options and examples. */
  readonly help: string;
  /**
   * Runs the command with the arguments that follow its name.
   * @returns the process exit code.
   */
  run(argv: readonly string[], io: CommandIo): Promise<number>;
}

/** Where a command writes; injected so that tests and the in-process CLI can capture output. */
export interface CommandIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

/**
 * A failure the user can fix: printed as one paragraph, without a stack trace, exit code 1. Its
 * message says what to do, so it has no code and no hint. It extends `Error` rather than
 * `TritonIacError` so that `--version` and `--help` load nothing outside cli/
 * (test/e2e/start-up.test.ts); test/architecture/error-classes.test.ts lists it as the exception.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
