import { commands } from './commands/index.js';
import { UsageError, type CommandIo } from './command.js';
import { describeError } from './private/errors.js';
import { currentDirectory } from './private/working-dir.js';

export { setModuleImporter, type ModuleImporter } from './private/tsx-import.js';

const VERSION = '0.1.0';

function topLevelHelp(): string {
  const width = Math.max(8, ...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'triton-iac: infrastructure as code for Triton CloudAPI and Manta',
    '',
    'Usage: triton-iac <command> [options]',
    '',
    'Commands:',
    ...(lines.length > 0 ? lines : ['  (none yet)']),
    '',
    'Examples:',
    '  triton-iac plan --emulator examples/quickstart/main.ts',
    '  triton-iac plan --out plan.json && triton-iac apply plan.json',
    '  triton-iac drift --format markdown >> "$GITHUB_STEP_SUMMARY"',
    '',
    'Exit codes: 0 success, 1 error, 2 changes or drift (plan --detailed-exitcode, drift).',
    'Every command takes --help. The reference is docs/cli.md.',
    '',
    'Options:',
    '  -h, --help     show help (also after any command: triton-iac plan --help)',
    '  -V, --version  print the version',
    '      --debug    print stack traces on errors',
    '',
  ].join('\n');
}

/**
 * Runs the CLI with `argv` (without the node and script words).
 * @returns the process exit code: 0 success, 1 error, 2 where a command documents it.
 */
export async function main(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const debug = argv.includes('--debug');
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    io.stdout.write(topLevelHelp());
    return 0;
  }
  if (first === '-V' || first === '--version') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const entry = commands.find((c) => c.name === first);
  if (entry === undefined) {
    const { escapeUnsafe } = await safeText();
    io.stderr.write(
      `Error: unknown command ${escapeUnsafe(JSON.stringify(first))}. Run \`triton-iac --help\` for the list of commands.\n`,
    );
    return 1;
  }
  const command = await entry.load();
  if (rest.includes('-h') || rest.includes('--help')) {
    io.stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    // A message may quote a name from the app or the server: no control character reaches the terminal raw.
    const { escapeUnsafeLines } = await safeText();
    io.stderr.write(`${escapeUnsafeLines(describeError(err))}\n`);
    if (debug && err instanceof Error && err.stack) {
      const cause = err instanceof UsageError && err.cause instanceof Error ? err.cause : err;
      io.stderr.write(`${cause.stack ?? ''}\n`);
    }
    return 1;
  }
}

/**
 * The escaping of control characters, loaded only when an error is printed: `--version` and
 * `--help` load nothing outside the CLI (test/e2e/start-up.test.ts).
 */
function safeText(): Promise<typeof import('../common/text/safe-text.js')> {
  return import('../common/text/safe-text.js');
}

function processIo(): CommandIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: currentDirectory() };
}
