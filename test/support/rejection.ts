/**
 * Awaiting a promise that must fail, as the user would see it: the error it rejects with, checked to
 * be of the layer's error class so that the test can assert on its `code` and message.
 */
import { expect } from 'vitest';

/** Resolves to the rejection of `promise`, after asserting that it rejected with an `errorClass`. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  errorClass: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(errorClass);
  return error as E;
}
