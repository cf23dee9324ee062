/** The one API failure handlers translate: "does not exist". */
import { TritonApiError } from '../../errors.js';

/** A call in flight, or one to make: both are accepted so that a caller need not wrap either. */
type Call<T> = Promise<T> | (() => Promise<T>);

/** Whether `error` is the server saying the object does not exist (a 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof TritonApiError && error.isNotFound;
}

/** Resolves to `undefined` when the call fails with a 404; any other failure is rethrown unchanged. */
export async function orUndefined<T>(call: Call<T>): Promise<T | undefined> {
  try {
    return await (typeof call === 'function' ? call() : call);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Resolves when the call succeeds or fails with a 404 (a delete of something already gone). */
export async function ignoreNotFound(call: Call<unknown>): Promise<void> {
  await orUndefined(call);
}
