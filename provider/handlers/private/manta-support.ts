/**
 * Helpers shared by the Manta handlers (directory, object, snaplink, job): the client bundle they
 * need, reading desired properties with clear errors, paths, and bounded fan-out.
 */
import { TritonApiError } from '../../errors.js';
import type { Clients } from '../clients.js';
import { TritonHandlerError } from '../errors.js';
import type { HandlerContext, PlainValue, ResolvedProperties } from '../../../common/contract/handler.js';

/**
 * The part of the provider's client bundle the Manta handlers use; the full {@link Clients} bundle
 * is assignable to it, and a Manta-only caller (the state backend's tests) needs no CloudAPI client.
 */
export type MantaClients = Pick<Clients, 'manta'>;

/** The handler context the Manta handlers take. */
export type MantaContext = HandlerContext<MantaClients>;

/** Fails with an error naming the field, the value, the kind and the rule (`rule` starts with "must"). */
export function badProperty(kind: string, field: string, value: unknown, rule: string): never {
  let shown: string;
  try {
    shown = JSON.stringify(value) ?? String(value);
  } catch {
    shown = String(value);
  }
  if (shown.length > 120) shown = `${shown.slice(0, 117)}...`;
  throw new TritonHandlerError('INVALID_DESIRED', `${kind} property ${field} is ${shown}: it ${rule}`);
}

/** A required non-empty string property. */
export function stringProp(kind: string, props: ResolvedProperties, field: string): string {
  const v = props[field];
  if (typeof v !== 'string' || v === '') badProperty(kind, field, v, 'must be a non-empty string');
  return v;
}

/** A canonical absolute Manta path property (`/<login>/…`, no trailing slash, no empty segments). */
export function pathProp(kind: string, props: ResolvedProperties, field = 'path'): string {
  const v = stringProp(kind, props, field);
  if (
    !v.startsWith('/') ||
    v.endsWith('/') ||
    v
      .split('/')
      .slice(1)
      .some((s) => s === '' || s === '.' || s === '..')
  ) {
    badProperty(
      kind,
      field,
      v,
      'must be a canonical Manta path such as /acme/stor/dir (absolute, no trailing slash, no empty, "." or ".." segments)',
    );
  }
  return v;
}

/** An optional list of strings, returned sorted and without duplicates; `undefined` when absent. */
export function optionalNameList(kind: string, props: ResolvedProperties, field: string): string[] | undefined {
  const v = props[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x: PlainValue) => typeof x !== 'string' || x === ''))
    badProperty(kind, field, v, 'must be a list of non-empty names');
  return sortedUnique(v as string[]);
}

/** Sorted, de-duplicated copy (role tags are a set). */
export function sortedUnique(list: readonly string[]): string[] {
  return [...new Set(list)].sort();
}

/** `parent` + `/` + `name`. */
export function childPath(parent: string, name: string): string {
  return `${parent.replace(/\/+$/, '')}/${name}`;
}

/** The parent directory of a canonical path. */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export { ignoreNotFound, isNotFound, orUndefined as unlessNotFound } from './not-found.js';

/**
 * Maps over `items` with at most `limit` calls in flight, keeping order. Keeps a large directory
 * from opening hundreds of HEADs at once on a 2-core machine or a throttled server. After a
 * failure no further call starts, and the first failure is thrown once the calls in flight have
 * settled, so nothing is still running when the caller reacts (a multipart upload aborts).
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed) {
      const i = next;
      next += 1;
      try {
        out[i] = await fn(items[i] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
  return out;
}

/**
 * Rethrows a lost conditional write (412 PreconditionFailed, 409 ConcurrentRequest) with a message
 * that says what happened and what to do; the status and code stay, so the engine classifies it
 * as before. Anything else is rethrown unchanged.
 */
export function explainConflict(error: unknown, what: string): never {
  if (
    error instanceof TritonApiError &&
    (error.status === 412 || (error.status === 409 && /ConcurrentRequest/.test(error.apiCode)))
  ) {
    throw new TritonApiError({
      status: error.status,
      apiCode: error.apiCode,
      message: `${what} was changed by another writer since triton-iac read it (If-Match failed: ${error.serverMessage}); nothing was overwritten. Re-run plan to see the new live state.`,
      method: error.method,
      path: error.path,
      operation: error.operation,
      attempts: error.attempts,
      ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
      cause: error,
    });
  }
  throw error;
}

/**
 * Stored headers an object keeps besides `m-*` (Manta serves them back): CORS and caching headers.
 * Kept in one place so that reading live headers and the construct's allowed set agree.
 */
export const STORED_HEADER =
  /^(m-[a-z0-9][a-z0-9_-]*|access-control-[a-z-]+|cache-control|content-disposition|content-encoding|content-language|surrogate-key)$/;

/** Picks the user-managed headers (`m-*`, CORS, caching) from a response's headers, sorted by name. */
export function userHeadersOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers).sort()) {
    const lower = name.toLowerCase();
    const value = headers[name];
    if (value === undefined || !STORED_HEADER.test(lower)) continue;
    out[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** `m-*` go in the client's `metadata`, CORS and caching headers in `headers`. */
export function splitHeaders(headers: Readonly<Record<string, string>>): {
  metadata: Record<string, string>;
  other: Record<string, string>;
} {
  const metadata: Record<string, string> = {};
  const other: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) (k.startsWith('m-') ? metadata : other)[k] = v;
  return { metadata, other };
}
