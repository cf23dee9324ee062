/** Where a stack may put directories and objects in the object store. */

/** The top-level areas of a login's namespace that hold user data. */
export const MANTA_DATA_AREAS: readonly string[] = ['stor', 'public'];

/**
 * Checks an object-store path: absolute, under `/<login>/stor` or `/<login>/public` (or one of them
 * itself), with no empty segments (`//`, a trailing `/`) and no `.` or `..` segments.
 *
 * @returns undefined when valid, else a message naming the path and the rule.
 */
export function checkMantaPath(path: string, login: string): string | undefined {
  if (typeof path !== 'string' || path.length === 0) return 'path is required';
  if (!path.startsWith('/')) return `path "${path}" must be absolute (start with "/")`;
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '')) return `path "${path}" must not contain empty segments ("//" or a trailing "/")`;
  if (segments.some((s) => s === '..' || s === '.')) return `path "${path}" must not contain "." or ".." segments`;
  if (segments[0] !== login || !MANTA_DATA_AREAS.includes(segments[1] ?? '')) {
    return `path "${path}" must be under /${login}/stor or /${login}/public`;
  }
  return undefined;
}
