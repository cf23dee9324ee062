/**
 * A faulty server (`--fault-rate 0.3`, the hostile emulator a user may test against) fails about
 * one request in 123 four times in a row: with 4 attempts per request, an apply of a hundred reads
 * failed more often than not ("ListMachines failed: no response: other side closed"). The client's
 * budget for faults is large enough that a run of reads this long finishes. The emulator decides
 * faults in the order requests arrive, from its seed, and the reads are sequential, so the seed
 * fixes which read meets which faults; the waits are recorded, not slept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudApiClient, type CloudApiClient, type RetryEvent } from '../../provider/index.js';
import { startAccountWorld, type AccountWorld } from '../support/world.js';

/** A seed under which some read of the 200 meets 4 faults in a row (checked below). */
const SEED = 7;
const READS = 200;

let world: AccountWorld;
let client: CloudApiClient;
const events: RetryEvent[] = [];

beforeAll(async () => {
  world = await startAccountWorld({ keyType: 'ecdsa-p256', faultRate: 0.3, seed: SEED });
  // The default retry budget; only the waits are recorded instead of slept.
  client = createCloudApiClient({
    url: world.emulator.cloudapiUrl,
    account: world.account,
    signer: world.signer,
    retry: { sleep: async () => undefined, onRetry: (e) => void events.push(e) },
  });
});

afterAll(async () => {
  await client?.close();
  await world?.close();
});

describe('a server failing 30% of requests', () => {
  it('lets every one of 200 reads finish, one of them after 4 faults in a row', async () => {
    for (let i = 0; i < READS; i += 1) {
      const keys = await client.listKeys();
      expect(keys).toHaveLength(1);
    }
    const stats = world.emulator.context.stats.snapshot(['cloudapi']) as { cloudapi: Record<string, number> };
    expect(stats.cloudapi['ListKeys']).toBe(READS + events.length);
    // The longest run of faults one read met: under 4 attempts a request, that read failed.
    const longest = Math.max(...events.map((e) => e.attempt));
    expect(longest).toBeGreaterThanOrEqual(4);
  });
});
