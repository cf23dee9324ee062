/** The one API failure handlers translate: "does not exist". */
import { TritonApiError } from '../../errors.js';

/** Resolves to `undefined` when the call fails with a 404; any other failure is rethrown unchanged. */
export async function orUndefined<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof TritonApiError && err.isNotFound) return undefined;
    throw err;
  }
}

/** Resolves when the call succeeds or fails with a 404 (a delete of something already gone). */
export async function ignoreNotFound(call: Promise<unknown>): Promise<void> {
  await orUndefined(call);
}
