/**
 * Object-store paths: what the object store refuses in any path, and where a stack may put
 * directories and objects. The emulator applies {@link mantaPathSyntaxProblem} to every request
 * path, the constructs and the manifest validator apply {@link checkDeclaredMantaPath}, so the
 * two can never disagree on what the server refuses.
 */
import { missingOrNotString } from './required.js';
import { hasUnsafeCharacters, showValue } from '../text/safe-text.js';

/** The top-level areas of a login's namespace that hold user data. */
export const MANTA_DATA_AREAS: readonly string[] = ['stor', 'public'];

/**
 * The longest path, in UTF-8 bytes, the object store takes: the emulator refuses a longer one with
 * 400 InvalidArgument (emulator/manta/private/paths.ts); muskie's code has no check of its own,
 * and its metadata tier keys entries on the whole path, so a stack never declares a longer one.
 */
export const MANTA_MAX_PATH_BYTES = 1024;

/**
 * What the object store refuses in any request path, whoever asks: a relative path, a NUL
 * (the metadata tier's text columns cannot hold one), `.` or `..` segments (paths are literal
 * names, never relative) and more than {@link MANTA_MAX_PATH_BYTES} bytes.
 *
 * @returns undefined when the path passes, else a message naming the path and the rule.
 */
export function mantaPathSyntaxProblem(path: string): string | undefined {
  const shown = `path ${showValue(path)}`;
  if (!path.startsWith('/')) return `${shown} must be absolute (start with "/")`;
  if (path.includes('\0')) return `${shown} must not contain NUL characters`;
  if (path.split('/').some((s) => s === '.' || s === '..')) return `${shown} must not contain "." or ".." segments`;
  const bytes = Buffer.byteLength(path, 'utf8');
  if (bytes > MANTA_MAX_PATH_BYTES)
    return `${shown} must be at most ${MANTA_MAX_PATH_BYTES} bytes long (UTF-8); it has ${bytes}`;
  return undefined;
}

/**
 * Checks an object-store path a request names for an account: {@link mantaPathSyntaxProblem}, no
 * empty segments (`//`, a trailing `/`), and under `/<login>/stor` or `/<login>/public` (or one of
 * them itself).
 *
 * @returns undefined when valid, else a message naming the path and the rule.
 */
export function checkMantaPath(path: string, login: string): string | undefined {
  const missing = missingOrNotString(path, 'path');
  if (missing !== undefined) return missing;
  const syntax = mantaPathSyntaxProblem(path);
  if (syntax !== undefined) return syntax;
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === ''))
    return `path ${showValue(path)} must not contain empty segments ("//" or a trailing "/")`;
  if (segments[0] !== login || !MANTA_DATA_AREAS.includes(segments[1] ?? '')) {
    return `path ${showValue(path)} must be under /${login}/stor or /${login}/public`;
  }
  return undefined;
}

/**
 * Checks a path a stack declares (a directory, object, snaplink, job input or asset):
 * {@link checkMantaPath}, and no control characters. The object store stores a tab or a line break
 * in a name, but a job takes its inputs one per line, listings print names one per line, and a
 * control character in a plan or a log garbles it; no stack means one.
 *
 * @returns undefined when valid, else a message naming the path and the rule.
 */
export function checkDeclaredMantaPath(path: string, login: string): string | undefined {
  const problem = checkMantaPath(path, login);
  if (problem !== undefined) return problem;
  if (hasUnsafeCharacters(path))
    return `path ${showValue(path)} must not contain control characters (job inputs and listings are one path per line)`;
  return undefined;
}
