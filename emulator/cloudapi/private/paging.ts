import { invalidArgument } from '../../core/errors.js';
import type { Reply, RequestContext } from '../../core/types.js';

/** CloudAPI's page size for machine-style lists when none is asked for, and the largest allowed. */
export const MAX_PAGE = 1000;

/**
 * One page of a machine-style list (ListMachines): `limit` (default and max 1000) and `offset`
 * from the query, and the headers the server sends with it. `x-resource-count` is the number of
 * items in this answer (sdc-cloudapi lib/machines.js sets it from the page it sends), which is what
 * the `triton` CLI compares with its limit to stop paging.
 * @throws EmulatorError InvalidArgument for a limit or offset that is not a whole number in range
 */
export function pageReply(rc: RequestContext, items: readonly unknown[]): Reply {
  const limit = wholeNumber(rc, 'limit', 1, MAX_PAGE) ?? MAX_PAGE;
  const offset = wholeNumber(rc, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const page = items.slice(offset, offset + limit);
  return {
    status: 200,
    body: page,
    headers: { 'x-query-limit': String(limit), 'x-resource-count': String(page.length) },
  };
}

function wholeNumber(rc: RequestContext, name: string, min: number, max: number): number | undefined {
  const raw = rc.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw invalidArgument(`${name} "${raw}" must be a whole number ${range}`);
  }
  return Number(raw);
}
