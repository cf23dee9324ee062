/**
 * Manta paths: `~~` stands for `/<account>`; every segment is percent-encoded once.
 */
import { TritonInputError } from '../../errors.js';

/**
 * Turns a user path into an encoded request path.
 * @param field names the argument in errors
 */
export function mantaPath(account: string, path: string, field = 'path'): string {
  if (typeof path !== 'string' || path === '')
    throw new TritonInputError(
      field,
      `${JSON.stringify(path)} must be a Manta path such as "/${account}/stor/dir" or "~~/stor/dir"`,
    );
  const expanded = path.startsWith('~~') ? `/${account}${path.slice(2)}` : path;
  if (!expanded.startsWith('/')) {
    throw new TritonInputError(field, `"${path}" must be absolute ("/${account}/stor/…") or start with "~~/"`);
  }
  const segments = expanded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..'))
    throw new TritonInputError(field, `"${path}" must not contain "." or ".." segments`);
  return `/${segments.map((s) => encodeURIComponent(s)).join('/')}`;
}

/** The plain (decoded) form of a path, for headers such as `Location`. */
export function plainPath(account: string, path: string): string {
  return decodeURIComponent(mantaPath(account, path));
}
