/** Object-store paths: `~~` expansion and the shared path rule. */
import { checkDeclaredMantaPath } from '../../common/rules/index.js';
import { fail } from './problems.js';
import { ValidationError } from '../errors.js';

/**
 * The canonical form of a path given to a construct: `~~` (the `manta` CLI's shorthand) expanded to
 * `/<login>`, then checked with the shared rule (under `/<login>/stor` or `/<login>/public`, no `..`,
 * no empty segments).
 * @param at construct path, for messages
 * @param below when true the path must be strictly below a top-level area (an object cannot be
 *   `/<login>/stor` itself)
 */
export function mantaPath(at: string, field: string, value: unknown, login: string, below = false): string {
  if (typeof value !== 'string') fail(at, field, value, 'must be a string');
  const expanded = value === '~~' ? `/${login}` : value.startsWith('~~/') ? `/${login}${value.slice(2)}` : value;
  const problem = checkDeclaredMantaPath(expanded, login);
  // The rule's message already says `path "…"`; repeat the field only when it is not `path`.
  if (problem !== undefined)
    throw new ValidationError(field === 'path' ? `${at}: ${problem}` : `${at}: ${field}: ${problem}`);
  if (below && expanded.split('/').length < 4) {
    fail(at, field, expanded, `must be below /${login}/stor or /${login}/public, not the top-level directory itself`);
  }
  return expanded;
}

/** The directories above `path` that a stack may declare (everything below the top-level area). */
export function ancestorDirectories(path: string): string[] {
  const segments = path.split('/');
  const out: string[] = [];
  for (let i = 4; i < segments.length; i++) out.push(segments.slice(0, i).join('/'));
  return out;
}
