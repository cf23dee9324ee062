import { PROFILE_FIELDS } from '../../../common/kinds/index.js';
import { invalidArgument, missingParameter } from '../../core/errors.js';
import type { RequestContext } from '../../core/types.js';

/**
 * A request parameter the way restify's mapParams sees it: the body wins, then the query string.
 */
export function param(rc: RequestContext, name: string): unknown {
  const fromBody = rc.body[name];
  if (fromBody !== undefined) return fromBody;
  const fromQuery = rc.query.get(name);
  return fromQuery === null ? undefined : fromQuery;
}

/**
 * An optional string parameter.
 * @throws EmulatorError InvalidArgument when present but not a string
 */
export function optionalString(rc: RequestContext, name: string): string | undefined {
  const value = param(rc, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidArgument(`${name} must be a string (got ${JSON.stringify(value)})`);
  return value;
}

/**
 * Checks that every named parameter is present and non-empty.
 * @throws EmulatorError MissingParameter listing the absent ones, as CloudAPI words it
 */
export function requireParams(rc: RequestContext, names: readonly string[]): void {
  const missing = names.filter((n) => {
    const v = param(rc, n);
    return v === undefined || v === null || v === '';
  });
  if (missing.length > 0) throw missingParameter(`Request is missing required parameters: ${missing.join(', ')}`);
}

/**
 * An optional boolean parameter (`true`/`false` strings from forms and query strings included).
 * @throws EmulatorError InvalidArgument for anything else
 */
export function optionalBoolean(rc: RequestContext, name: string): boolean | undefined {
  const value = param(rc, name);
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalidArgument(`${name} must be a boolean (got ${JSON.stringify(value)})`);
}

/**
 * A list parameter that may arrive as an array, a JSON-encoded array (older clients), a
 * comma-free single string (forms) or be absent.
 * @throws EmulatorError InvalidArgument for other shapes
 */
export function listParam(rc: RequestContext, name: string): unknown[] | undefined {
  const value = param(rc, name);
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        throw invalidArgument(`${name} is not valid JSON: ${JSON.stringify(value)}`);
      }
    }
    return trimmed === '' ? [] : [trimmed];
  }
  throw invalidArgument(`${name} must be an array (got ${JSON.stringify(value)})`);
}

/** The profile field names (CloudAPI wire names), kept once in common/kinds/profile.ts. */
export { PROFILE_FIELDS };
