import { describe, expect, it } from 'vitest';
import { retryPolicyFor, WriteLog } from '../consistency.js';
import type { ResourceHandler } from '../../common/contract/handler.js';
import { createSafely } from './create-safely.js';

/** The provider's shape of a refused create whose name is taken (`TritonApiError.nameTaken`). */
class Taken extends Error {
  readonly status = 409;
  readonly apiCode = 'InvalidArgument';
  readonly serverMessage = 'key already exists or is invalid';
  readonly nameTaken = true;
}

/** A handler whose creates are refused as taken and whose reads by natural key find `found`. */
function handler(found: () => unknown): { h: ResourceHandler<unknown, unknown>; reads: () => number } {
  let reads = 0;
  const h = {
    kind: 'user-key',
    read: () => {
      reads += 1;
      return Promise.resolve(found());
    },
    create: () => Promise.reject(new Taken('CreateUserKey failed: 409: key already exists or is invalid')),
  } as unknown as ResourceHandler<unknown, unknown>;
  return { h, reads: () => reads };
}

function args(h: ResourceHandler<unknown, unknown>) {
  const windowMs = 600_000; // far longer than the test: waiting it out would time the test out
  const log = { debug: () => undefined, info: () => undefined, warn: () => undefined };
  return {
    run: {
      ctx: { clients: {}, account: 'acme', log } as never,
      log,
      writeLog: new WriteLog(),
      policy: retryPolicyFor(windowMs),
      windowMs,
    },
    handler: h,
    change: { address: 'keys/bob/laptop', kind: 'user-key' as const, naturalKey: 'bob/aa:bb' },
    desired: {},
    refs: [],
    retry: { writeLog: new WriteLog(), policy: retryPolicyFor(windowMs) },
  };
}

describe('a create refused because its name is taken', () => {
  it('fails at once when a read by natural key does not find the holder (a 409 "exists" is not lag)', async () => {
    const { h, reads } = handler(() => undefined);
    await expect(createSafely(args(h))).rejects.toThrow(/key already exists/);
    expect(reads()).toBe(1);
  });

  it('adopts what the read finds, after asking whether it may', async () => {
    const seen: unknown[] = [];
    const { h } = handler(() => ({ fingerprint: 'aa:bb' }));
    const outcome = await createSafely({ ...args(h), onFoundExisting: (live) => void seen.push(live) });
    expect(outcome).toEqual({ live: { fingerprint: 'aa:bb' }, adopted: true, ours: false });
    expect(seen).toHaveLength(1);
  });
});
