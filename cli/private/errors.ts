/**
 * Turns any error into the one paragraph the user sees: the message (which names what was wrong),
 * then what to do. The advice is the error's own `hint` (common/errors.ts): every error class lists
 * its codes with their hints, and docs/troubleshooting.md has a section for each code.
 */
import { ERROR_CODE_PATTERN } from '../../common/errors.js';
import { UsageError } from '../command.js';

/**
 * The stable code of `err` (one of the shape every error class's codes have, `ERROR_CODE_PATTERN`
 * of common/errors.ts), or `INTERNAL` for an unexpected failure.
 */
export function errorCode(err: unknown): string {
  if (err instanceof UsageError) return 'USAGE';
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ERROR_CODE_PATTERN.test(code) ? code : 'INTERNAL';
}

/**
 * The paragraph for `err`: `Error: <message>` plus the error's hint. Unexpected errors get a pointer
 * to `--debug` instead of a stack trace.
 */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = errorCode(err);
  if (code === 'USAGE') return `Error: ${message}`;
  const hint = hintOf(err) ?? (isSystemError(err) ? SYSTEM_HINT : undefined);
  if (hint === undefined) {
    const shown = code === 'INTERNAL' ? '' : ` [${code}]`;
    return `Error${shown}: ${message}\nThis is unexpected; run again with --debug for the stack trace and report it.`;
  }
  return `Error [${code}]: ${message}${hint ? `\n${hint}` : ''}`;
}

/**
 * What to do about an error the operating system raised (a missing directory, a refused permission,
 * a port taken): something in the user's environment to fix, not a bug to report.
 */
const SYSTEM_HINT =
  'The operating system refused the operation on the file or address named above: check that it exists and that you may use it, then run again.';

/**
 * The hint `err` carries. Read by shape rather than `instanceof TritonIacError`: an app loaded by the
 * CLI imports the package's own copy of the error classes, not the bundle's.
 */
function hintOf(err: unknown): string | undefined {
  const hint = (err as { hint?: unknown } | null)?.hint;
  return typeof hint === 'string' ? hint : undefined;
}

/** A Node system error (`ENOENT`, `EACCES`, `EADDRINUSE`, …): it has the failed system call and errno. */
function isSystemError(err: unknown): boolean {
  const e = err as { syscall?: unknown; errno?: unknown } | null;
  return typeof e?.syscall === 'string' && typeof e.errno === 'number';
}
