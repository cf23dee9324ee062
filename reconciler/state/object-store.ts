/**
 * The object-store calls a state kept in Manta makes (stated in `common/contract/clients.ts`, which
 * the provider's Manta client fits as it is) and how their failures read.
 */

export type { StateObjectStore, StoredObject } from '../../common/contract/clients.js';

/** A failed call's HTTP status, read by shape (the provider's `TritonApiError.status`). */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The store answered 404: the object is not there. */
export function isMissingObject(error: unknown): boolean {
  return statusOf(error) === 404;
}

/** 412 PreconditionFailed (stale or create-only) or 409 ConcurrentRequest (lost an in-flight race). */
export function isConditionLost(error: unknown): boolean {
  const status = statusOf(error);
  const apiCode = (error as { apiCode?: unknown } | null)?.apiCode;
  return status === 412 || (status === 409 && typeof apiCode === 'string' && /ConcurrentRequest/.test(apiCode));
}
