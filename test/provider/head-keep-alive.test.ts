/**
 * A HEAD leaves its connection open for the next request (provider/http/core.ts): undici closes
 * the connection after every HEAD unless told otherwise, which made a plan or apply that checks
 * each changed object's metadata open one connection per object. Counted with undici's own
 * diagnostics channel against the emulator, so the figure does not depend on the machine's speed.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../reconciler/support/world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld({ consistencyWindowMs: 0 });
});
afterAll(async () => world?.close());

describe('HEAD requests', () => {
  it('share the connections of the client instead of opening one each', async () => {
    const manta = world.clients.manta;
    await manta.putDirectory('~~/stor/heads');
    for (let i = 0; i < 5; i++) await manta.putObject(`~~/stor/heads/o${i}.txt`, `object ${i}\n`);
    let connected = 0;
    const count = (): void => void connected++;
    subscribe('undici:client:connected', count);
    try {
      // One at a time: each HEAD could reuse the connection the one before it used.
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 5; i++) expect(await manta.headObject(`~~/stor/heads/o${i}.txt`)).toBeDefined();
      }
      // An answer without a body of its own (a 404 to a HEAD) leaves it open too.
      await expect(manta.headObject('~~/stor/heads/missing.txt')).rejects.toThrow('404');
    } finally {
      unsubscribe('undici:client:connected', count);
    }
    // 21 HEADs: at most the one connection a fresh client may need (none when one is already open).
    expect(connected).toBeLessThanOrEqual(1);
  });
});
