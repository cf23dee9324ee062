import { mantaPathSyntaxProblem } from '../../../common/rules/manta-path.js';
import { MantaError } from '../errors.js';

/** Top-level directories every account has, in the order Manta lists them (sorted by name). */
export const ACCOUNT_DIRS = ['jobs', 'public', 'reports', 'stor', 'uploads'] as const;

/**
 * Turns a request path (already percent-decoded) into the canonical form the store keys on:
 * one leading slash, no empty segments, no trailing slash. What the object store refuses in a path
 * (relative, NUL, `.` and `..` segments, too long) is the shared rule the constructs apply at synth.
 */
export function normalizePath(raw: string): string {
  const problem = mantaPathSyntaxProblem(raw);
  if (problem !== undefined) throw new MantaError(400, 'InvalidArgument', problem);
  return `/${raw
    .split('/')
    .filter((s) => s.length > 0)
    .join('/')}`;
}

/** The parent of a canonical path (`/` for `/acme`). */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The last segment of a canonical path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The login (first segment) of a canonical path, or `''` for `/`. */
export function loginOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** Depth of a canonical path: 0 for `/`, 1 for `/acme`, 2 for `/acme/stor`. */
export function depthOf(path: string): number {
  return path === '/' ? 0 : path.split('/').length - 1;
}

/** Whether the path is the account root or one of its fixed top-level directories. */
export function isRootDirectory(path: string): boolean {
  const depth = depthOf(path);
  return depth === 1 || (depth === 2 && (ACCOUNT_DIRS as readonly string[]).includes(baseName(path)));
}
